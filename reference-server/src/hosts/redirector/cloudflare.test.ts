import { cfRay, MOVED_PERMANENTLY_BODY, NOT_FOUND_BODY, redirectDates } from './cloudflare';

describe('Cloudflare pieces', () => {
  it('has the 167-byte 301 body with CRLF line ends', () => {
    expect(MOVED_PERMANENTLY_BODY.length).toBe(167);
    expect(MOVED_PERMANENTLY_BODY.toString('latin1')).toBe(
      '<html>\r\n<head><title>301 Moved Permanently</title></head>\r\n<body>\r\n<center><h1>301 Moved Permanently</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n',
    );
    expect(NOT_FOUND_BODY.toString()).toContain('<center><h1>404 Not Found</h1></center>');
  });

  it('makes ray ids of 16 hex and a 3-letter colo, each new', () => {
    expect(cfRay()).toMatch(/^[0-9a-f]{16}-[A-Z]{3}$/);
    expect(cfRay()).not.toBe(cfRay());
  });

  it('puts Expires one hour after Date, in whole seconds', () => {
    const { date, expires } = redirectDates(new Date('2026-04-08T16:54:52.789Z'));
    expect(date).toBe('Wed, 08 Apr 2026 16:54:52 GMT');
    expect(expires).toBe('Wed, 08 Apr 2026 17:54:52 GMT');
  });
});
