import { CliError, parseCli } from './cli-options';

describe('reference CLI options', () => {
  test('defaults leave ports to the server', () => {
    expect(parseCli([], {})).toEqual({ json: false, help: false, exitWithStdin: false, http3: 'auto' });
  });
  test('ports, section, pki dir, json', () => {
    expect(parseCli(['--port', '0', '--http-port', '9090', '--section', 'assets', '--pki-dir', 'x', '--json'], {})).toEqual({
      port: 0,
      httpPort: 9090,
      section: 'assets',
      pkiDir: 'x',
      json: true,
      help: false,
      exitWithStdin: false,
      http3: 'auto',
    });
    expect(parseCli(['--exit-with-stdin'])).toMatchObject({ exitWithStdin: true });
    expect(parseCli(['--targets-file', 'staging.json'], {})).toMatchObject({ targetsFile: 'staging.json' });
    expect(() => parseCli(['--targets-file', ' '], {})).toThrow(/--targets-file: give a file to write/);
  });
  test('the OCSP ResponderID form', () => {
    expect(parseCli(['--ocsp-responder-id', 'byKey'], {})).toEqual({ json: false, help: false, exitWithStdin: false, http3: 'auto', ocspResponderId: 'byKey' });
    expect(parseCli(['--deployment', 'alt'], {})).toEqual({ json: false, help: false, exitWithStdin: false, http3: 'auto', deployment: 'alt' });
  });
  test('HTTP/3: where Caddy is installed by default, required, or off; the edge port', () => {
    expect(parseCli(['--http3', '--h3-port', '9443'])).toMatchObject({ http3: true, h3Port: 9443 });
    expect(parseCli(['--no-http3'])).toMatchObject({ http3: false });
  });
  test.each([
    [['--port', 'abc'], /--port: "abc" is not a port/],
    [['--port', '70000'], /--port: "70000"/],
    [['--http-port', '-1'], /http-port/],
    [['--section', 'a/b'], /--section: "a\/b"/],
    [['--bogus'], /bogus/],
    [['--ocsp-responder-id', 'byHash'], /--ocsp-responder-id: "byHash"/],
    [['--deployment', 'staging'], /--deployment: "staging" is not reference or alt/],
    [['--http3', '--no-http3'], /--http3 and --no-http3 contradict each other/],
    [['--h3-port', 'x'], /--h3-port: "x" is not a port/],
  ])('%j is refused with a message naming it', (argv, message) => {
    expect(() => parseCli(argv, {})).toThrow(CliError);
    expect(() => parseCli(argv, {})).toThrow(message);
  });
  test('the REFERENCE_* variables where no flag says; a flag wins; an empty one is unset', () => {
    const env = { REFERENCE_PKI_DIR: '/pki', REFERENCE_DEPLOYMENT: 'alt', REFERENCE_OCSP_RESPONDER_ID: 'byKey', REFERENCE_HTTP3: '0' };
    expect(parseCli([], env)).toMatchObject({ pkiDir: '/pki', deployment: 'alt', ocspResponderId: 'byKey', http3: false });
    expect(parseCli(['--pki-dir', 'x', '--deployment', 'reference', '--ocsp-responder-id', 'byName', '--http3'], env)).toMatchObject({
      pkiDir: 'x',
      deployment: 'reference',
      ocspResponderId: 'byName',
      http3: true,
    });
    expect(parseCli([], { REFERENCE_HTTP3: '1' })).toMatchObject({ http3: true });
    expect(parseCli([], { REFERENCE_PKI_DIR: '', REFERENCE_DEPLOYMENT: '', REFERENCE_HTTP3: '' })).toEqual({
      json: false,
      help: false,
      exitWithStdin: false,
      http3: 'auto',
    });
  });
  test.each([
    [{ REFERENCE_DEPLOYMENT: 'staging' }, /REFERENCE_DEPLOYMENT: "staging" is not reference or alt/],
    [{ REFERENCE_OCSP_RESPONDER_ID: 'byHash' }, /REFERENCE_OCSP_RESPONDER_ID: "byHash" is not byName or byKey/],
    [{ REFERENCE_HTTP3: 'yes' }, /REFERENCE_HTTP3: "yes" is not 1 or 0/],
  ])('a bad variable %j is refused naming it', (env, message) => {
    expect(() => parseCli([], env)).toThrow(CliError);
    expect(() => parseCli([], env)).toThrow(message);
  });
});
