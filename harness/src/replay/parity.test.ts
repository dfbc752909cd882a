import { observed } from '../spec/observed-fixture';
import { compareProtocols } from './parity';

const LINES: Array<[string, string]> = [
  ['date', 'Wed, 08 Apr 2026 16:54:52 GMT'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['content-type', 'text/html; charset=utf-8'],
  ['content-length', '10'],
  ['set-cookie', 'ASP.NET_SessionId=abcdefghijklmnopqrstuvwx; path=/; HttpOnly; SameSite=Lax'],
];

const failing = (fs: ReturnType<typeof compareProtocols>) => fs.filter((f) => f.verdict === 'fail').map((f) => f.id);

test('the same response over both protocols is one passing finding, whatever varies per request', () => {
  const h1 = observed({ lines: LINES, body: 'aaaaaaaaaa' });
  const h2 = observed({
    lines: LINES.map(([n, v]): [string, string] => [n, n === 'date' ? 'Wed, 08 Apr 2026 16:54:53 GMT' : n === 'set-cookie' ? v.replace('abcdefghijklmnopqrstuvwx', 'zyxwvutsrqponmlkjihgfedc') : n === 'content-length' ? '12' : v]),
    body: 'bbbbbbbbbbbb',
  });
  const fs = compareProtocols('site/home', h1, h2);
  expect(fs).toHaveLength(1);
  expect(fs[0]).toMatchObject({ id: 'site/home parity', verdict: 'pass', source: 'rfc' });
});

test('a repeated header collapsed on one protocol, a status and a cookie attribute are findings of their own', () => {
  const h1 = observed({ lines: LINES });
  const h2 = observed({
    status: 500,
    lines: LINES.filter(([n], i) => !(n === 'x-frame-options' && i === 2)).map(([n, v]): [string, string] => [n, n === 'set-cookie' ? v.replace('; SameSite=Lax', '') : v]),
  });
  const fs = compareProtocols('site/home', h1, h2);
  expect(failing(fs)).toEqual(['site/home parity status', 'site/home parity header x-frame-options', 'site/home parity cookie ASP.NET_SessionId']);
  const xfo = fs.find((f) => f.id.endsWith('x-frame-options'))!;
  expect(xfo.expected).toBe('over h2 as over h1: 2 lines: SAMEORIGIN | SAMEORIGIN');
  expect(xfo.actual).toBe('over h2: SAMEORIGIN');
});

test('under the same ETag the content must be the same; without one only emptiness is compared', () => {
  const withTag: Array<[string, string]> = [['etag', '"1:0"'], ['content-length', '3']];
  expect(failing(compareProtocols('x', observed({ lines: withTag, body: 'abc' }), observed({ lines: withTag, body: 'abd' })))).toEqual(['x parity body']);
  expect(failing(compareProtocols('x', observed({ lines: withTag, body: 'abc' }), observed({ lines: [['etag', '"1:0"'], ['content-length', '4']], body: 'abcd' })))).toEqual(['x parity header content-length', 'x parity body']);
  expect(failing(compareProtocols('x', observed({ body: 'abc' }), observed({ body: '' })))).toEqual(['x parity body']);
});

test('Content-Length present on one protocol only is no difference (HTTP/2 frames its messages)', () => {
  expect(failing(compareProtocols('x', observed({ lines: [['content-length', '3']], body: 'abc' }), observed({ body: 'abc' })))).toEqual([]);
});
