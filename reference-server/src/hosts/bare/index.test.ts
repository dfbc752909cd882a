import { useReference } from '../../testing/reference';
import { documentMovedBody } from './document-moved';

const reference = useReference();

/** IIS's Document Moved body, written out: 123 bytes around the Location, one LF between the lines. */
const iisBody = (href: string) =>
  `<head><title>Document Moved</title></head>\n<body><h1>Object Moved</h1>This document may be found <a HREF="${href}">here</a></body>`;

describe('bare host', () => {
  test('IIS Document Moved body is 123 bytes plus the Location', () => {
    const location = 'https://www.lessons.test/';
    expect(documentMovedBody(location)).toBe(iisBody(location));
    expect(Buffer.byteLength(documentMovedBody(location))).toBe(123 + location.length);
    // Only `"` is escaped, so that the attribute holds; the rest is written as it came.
    expect(documentMovedBody('https://www.lessons.test/a"b?c=<d>')).toBe(iisBody('https://www.lessons.test/a%22b?c=<d>'));
  });

  test.each(['h1', 'h2'] as const)('GET / -> 301 to {base_url}/ over %s', async (protocol) => {
    const res = await reference.request({ host: 'lessons.test', path: '/', protocol });
    const location = `https://www.lessons.test:${reference.ref().tlsPort}/`;
    expect(res.status).toBe(301);
    expect(res.headers['content-type']).toBe('text/html');
    expect(res.headers.location).toBe(location);
    expect(res.body.toString()).toBe(iisBody(location));
    expect(Number(res.headers['content-length'])).toBe(123 + location.length);
  });

  test('keeps path and query', async () => {
    const res = await reference.request({ host: 'lessons.test', path: '/a/b?c=d' });
    expect(res.headers.location).toBe(`https://www.lessons.test:${reference.ref().tlsPort}/a/b?c=d`);
  });

  test('Host without a port (behind a port-mapping resolver) -> Location without a port', async () => {
    const res = await reference.request({ host: 'lessons.test', path: '/', headers: { host: 'lessons.test' } });
    expect(res.headers.location).toBe('https://www.lessons.test/');
  });

  test('HEAD has the headers and no body; POST -> 405 with Allow', async () => {
    const head = await reference.request({ host: 'lessons.test', path: '/', method: 'HEAD' });
    expect(head.status).toBe(301);
    expect(head.body.length).toBe(0);
    const post = await reference.request({ host: 'lessons.test', path: '/', method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});
