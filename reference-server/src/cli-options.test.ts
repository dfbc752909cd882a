import { CliError, parseCli } from './cli-options';

describe('reference CLI options', () => {
  test('defaults leave ports to the server', () => {
    expect(parseCli([])).toEqual({ json: false, help: false, exitWithStdin: false, http3: 'auto' });
  });
  test('ports, section, pki dir, json', () => {
    expect(parseCli(['--port', '0', '--http-port', '9090', '--section', 'assets', '--pki-dir', 'x', '--json'])).toEqual({
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
  });
  test('the OCSP ResponderID form', () => {
    expect(parseCli(['--ocsp-responder-id', 'byKey'])).toEqual({ json: false, help: false, exitWithStdin: false, http3: 'auto', ocspResponderId: 'byKey' });
    expect(parseCli(['--deployment', 'alt'])).toEqual({ json: false, help: false, exitWithStdin: false, http3: 'auto', deployment: 'alt' });
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
    expect(() => parseCli(argv)).toThrow(CliError);
    expect(() => parseCli(argv)).toThrow(message);
  });
});
