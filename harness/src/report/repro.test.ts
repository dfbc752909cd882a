import { TARGET } from './fixtures';
import { reproduceCommand, shellQuote } from './repro';

describe('reproduceCommand', () => {
  test('curl with the protocol, method, headers, resolve entry and CA; credentials as placeholders', () => {
    const cmd = reproduceCommand(
      {
        method: 'POST',
        url: 'https://www.lessons.test:8443/a?b=1',
        headers: [
          ['accept', 'text/html'],
          ['cookie', 'sid=secret'],
          ['authorization', 'Bearer x'],
          ['host', 'www.lessons.test'],
        ],
      },
      'h2',
      TARGET,
    );
    expect(cmd).toBe(
      "curl -sS -D - -o /dev/null --http2 -X POST -H 'accept: text/html' -H 'cookie: <COOKIE>' -H 'authorization: <AUTHORIZATION>' --resolve www.lessons.test:8443:127.0.0.1 --cacert '/tmp/ca dir/root.pem' 'https://www.lessons.test:8443/a?b=1'",
    );
    expect(cmd).not.toContain('secret');
  });

  test('--connect-to when the resolve entry changes the port; HEAD as -I; no CA for http', () => {
    expect(reproduceCommand({ method: 'HEAD', url: 'https://lessons.test:8443/', headers: [] }, 'h1', TARGET)).toBe(
      "curl -sS -D - -o /dev/null --http1.1 -I --connect-to lessons.test:8443:127.0.0.1:9443 --cacert '/tmp/ca dir/root.pem' https://lessons.test:8443/",
    );
    expect(reproduceCommand({ method: 'GET', url: 'http://r10.o.pki.test/x', headers: [] }, 'h1', { ...TARGET, insecure: true })).toBe(
      'curl -sS -D - -o /dev/null --http1.1 http://r10.o.pki.test/x',
    );
  });

  test('shell quoting survives quotes, $, backticks and newlines', () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
    expect(shellQuote('$(rm -rf /)`x`\n')).toBe("'$(rm -rf /)`x`\n'");
    expect(shellQuote('plain-value_1.2')).toBe('plain-value_1.2');
  });
});
