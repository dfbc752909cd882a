import { learnNoise } from '../noise';
import { observed } from '../spec-model/observed-fixture';
import { compareProtocols } from './parity';

const LINES: Array<[string, string]> = [
  ['date', 'Wed, 08 Apr 2026 16:54:52 GMT'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['content-type', 'text/html; charset=utf-8'],
  ['content-length', '10'],
  ['set-cookie', 'ASP.NET_SessionId=abcdefghijklmnopqrstuvwx; path=/; HttpOnly; SameSite=Lax'],
];
const h1 = (o: Parameters<typeof observed>[0]) => observed({ protocol: 'h1', ...o });
const h2 = (o: Parameters<typeof observed>[0]) => observed({ protocol: 'h2', ...o });

const failing = (fs: ReturnType<typeof compareProtocols>) => fs.filter((f) => f.verdict === 'fail').map((f) => f.id);

test('what varies per request on this target (learned by asking twice) is not a protocol difference', () => {
  const other = (n: string, v: string): string =>
    n === 'date'
      ? 'Wed, 08 Apr 2026 16:54:53 GMT'
      : n === 'set-cookie'
        ? v.replace('abcdefghijklmnopqrstuvwx', 'zyxwvutsrqponmlkjihgfedc')
        : n === 'content-length'
          ? '12'
          : v;
  const first = h1({ lines: LINES, body: 'aaaaaaaaaa' });
  const again = h1({ lines: LINES.map(([n, v]): [string, string] => [n, other(n, v)]), body: 'bbbbbbbbbbbb' });
  const overH2 = h2({ lines: LINES.map(([n, v]): [string, string] => [n, other(n, v)]), body: 'bbbbbbbbbbbb' });
  const fs = compareProtocols('site/home', first, overH2, learnNoise(first, again));
  expect(fs).toHaveLength(1);
  expect(fs[0]).toMatchObject({ id: 'site/home parity', verdict: 'pass', source: 'rfc', level: 'must' });
  expect(fs[0].actual).toContain('cookie ASP.NET_SessionId value');
  // without the second answer nothing is excused: the cookie value, the length and the body differ
  expect(failing(compareProtocols('site/home', first, overH2))).toEqual([
    'site/home parity header content-length',
    'site/home parity cookie ASP.NET_SessionId value',
    'site/home parity body',
  ]);
});

test('a repeated header collapsed on one protocol, a status and a cookie attribute are findings of their own', () => {
  const a = h1({ lines: LINES });
  const b = h2({
    status: 500,
    lines: LINES.filter(([n], i) => !(n === 'x-frame-options' && i === 2)).map(([n, v]): [string, string] => [
      n,
      n === 'set-cookie' ? v.replace('; SameSite=Lax', '') : v,
    ]),
  });
  expect(failing(compareProtocols('site/home', a, b))).toEqual([
    'site/home parity status',
    'site/home parity header x-frame-options',
    'site/home parity cookie ASP.NET_SessionId samesite',
  ]);
});

test('Content-Length may be left out over HTTP/2, but not stated differently', () => {
  const a = h1({ lines: [['content-length', '3']], body: 'abc' });
  expect(failing(compareProtocols('x', a, h2({ lines: [], body: 'abc' })))).toEqual([]);
  expect(failing(compareProtocols('x', a, h2({ lines: [['content-length', '4']], body: 'abc' })))).toEqual(['x parity header content-length']);
});
