import { generateKeyPairSync } from 'node:crypto';
import { CliError } from '../cli-options';
import { parseEdgeCli } from './edge-cli-options';

/** A self-signed certificate (CN=edge-cli-test); its key is not here: these tests never need it. */
const CERT = `-----BEGIN CERTIFICATE-----
MIIBhTCCASugAwIBAgIUeBIO0arpWgJMY8Wrl2mywxqW03QwCgYIKoZIzj0EAwIw
GDEWMBQGA1UEAwwNZWRnZS1jbGktdGVzdDAeFw0yNjExMjQxNDU2MzJaFw0zNjEx
MjExNDU2MzJaMBgxFjAUBgNVBAMMDWVkZ2UtY2xpLXRlc3QwWTATBgcqhkjOPQIB
BggqhkjOPQMBBwNCAAQPrx1HHQZKuHlPwtWF0SIpVzgWCWdvlGBBmcccR+W/JZSd
xENkglmd8n1DPpWCNNt7vZPOLC1E1SCAO+hzp/MGo1MwUTAdBgNVHQ4EFgQU0vcv
QUFzrbJHdM0PVQAMrwMK3HowHwYDVR0jBBgwFoAU0vcvQUFzrbJHdM0PVQAMrwMK
3HowDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBFAiBJI/3KszcuX+1k
y8r5LvwFvlcveUXKx8gya+85C0oDTAIhAJHZbzDo5++/a34xSi/Rv6Ot0s/WhgYX
63kBo1H09seV
-----END CERTIFICATE-----
`;
/** A key of another pair: the certificate above is not its. */
const OTHER_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const FILES: Record<string, string> = { '/t/ca.pem': CERT, '/t/cert.pem': CERT, '/t/other.key': OTHER_KEY, '/t/junk': 'not a PEM\n' };
function readFile(file: string): string {
  const text = FILES[file];
  if (text === undefined) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), { code: 'ENOENT' });
  return text;
}

const GOOD = ['--upstream-port', '8443', '--upstream-ca', '/t/ca.pem', '--cert', '/t/cert.pem', '--key', '/t/other.key', '--names', 'app.test,api.test'];
function withArg(name: string, value?: string): string[] {
  const args = [...GOOD];
  const i = args.indexOf(name);
  if (i >= 0) args.splice(i, 2);
  return value === undefined ? args : [...args, name, value];
}

function errorOf(argv: string[]): string {
  try {
    parseEdgeCli(argv, readFile);
  } catch (err) {
    expect(err).toBeInstanceOf(CliError);
    return (err as Error).message;
  }
  throw new Error(`no error for ${argv.join(' ')}`);
}

describe('parseEdgeCli', () => {
  test('--help alone is enough', () => {
    expect(parseEdgeCli(['--help'], readFile)).toEqual({ help: true });
  });

  // [what is wrong, the command line, the message (parseArgs's own: its start, as Node words the rest)]
  test.each<[string, string[], string | RegExp]>([
    ['a port that is no number', withArg('--upstream-port', 'eighty'), '--upstream-port: "eighty" is not a port (1-65535)'],
    ['upstream port 0', withArg('--upstream-port', '0'), '--upstream-port: "0" is not a port (1-65535)'],
    ['no upstream port', withArg('--upstream-port'), '--upstream-port is required'],
    ['a port out of range', withArg('--port', '70000'), '--port: "70000" is not a port (0-65535)'],
    ['a bad upstream host', withArg('--upstream-host', 'bad host'), '--upstream-host: "bad host" is not an IP address or a host name'],
    ['a bind that is no address', withArg('--bind', 'localhost'), '--bind: "localhost" is not an IP address'],
    ['no names', withArg('--names'), '--names is required'],
    ['a wildcard name', withArg('--names', '*.app.test'), '--names: "*.app.test" is not a host name (letters, digits, - and ., no wildcard)'],
    ['an empty name', withArg('--names', 'app.test,,api.test'), '--names: "" is not a host name (letters, digits, - and ., no wildcard)'],
    ['a name twice', withArg('--names', 'app.test,APP.test'), '--names: "APP.test" is given twice'],
    [
      'an unreadable CA file',
      withArg('--upstream-ca', '/t/missing.pem'),
      `--upstream-ca: cannot read "/t/missing.pem": ENOENT: no such file or directory, open '/t/missing.pem'`,
    ],
    ['a certificate file without a certificate', withArg('--cert', '/t/junk'), '--cert: "/t/junk" holds no PEM certificate'],
    ['a key file without a key', withArg('--key', '/t/junk'), '--key: "/t/junk" holds no PEM private key'],
    ["a key that is not the certificate's", GOOD, '--key: "/t/other.key" is not the key of the certificate in --cert'],
    ['an unknown option', [...GOOD, '--verbose'], /^Unknown option '--verbose'/],
    ['a positional argument', [...GOOD, 'extra'], /^Unexpected argument 'extra'/],
  ])('%s', (_what, argv, message) => {
    if (typeof message === 'string') expect(errorOf(argv)).toBe(message);
    else expect(errorOf(argv)).toMatch(message);
  });
});
