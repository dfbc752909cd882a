import { CliError, parseCli } from './cli-options';

describe('reference CLI options', () => {
  test('defaults leave ports to the server', () => {
    expect(parseCli([])).toEqual({ json: false, help: false });
  });
  test('ports, section, pki dir, json', () => {
    expect(parseCli(['--port', '0', '--http-port', '9090', '--section', 'assets', '--pki-dir', 'x', '--json'])).toEqual({
      port: 0,
      httpPort: 9090,
      section: 'assets',
      pkiDir: 'x',
      json: true,
      help: false,
    });
  });
  test('the OCSP ResponderID form', () => {
    expect(parseCli(['--ocsp-responder-id', 'byKey'])).toEqual({ json: false, help: false, ocspResponderId: 'byKey' });
    expect(parseCli(['--deployment', 'alt'])).toEqual({ json: false, help: false, deployment: 'alt' });
  });
  test.each([
    [['--port', 'abc'], /--port: "abc" is not a port/],
    [['--port', '70000'], /--port: "70000"/],
    [['--http-port', '-1'], /http-port/],
    [['--section', 'a/b'], /--section: "a\/b"/],
    [['--bogus'], /bogus/],
    [['--ocsp-responder-id', 'byHash'], /--ocsp-responder-id: "byHash"/],
    [['--deployment', 'staging'], /--deployment: "staging" is not reference or alt/],
  ])('%j is refused with a message naming it', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(CliError);
    expect(() => parseCli(argv)).toThrow(message);
  });
});
