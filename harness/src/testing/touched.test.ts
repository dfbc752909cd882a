import type { ProxiedExchange } from './mutating-proxy';
import { touchedBy } from './touched';

const answer = (path: string, over: Partial<ProxiedExchange> = {}): ProxiedExchange => ({
  host: 'www.lessons.test',
  method: 'GET',
  path,
  httpVersion: '2.0',
  requestHeaders: {},
  viaEdge: false,
  status: 200,
  lines: [
    ['content-type', 'text/html'],
    ['x-frame-options', 'SAMEORIGIN'],
  ],
  body: Buffer.from('<html>'),
  ...over,
});

const TRAFFIC = new Map<string, ProxiedExchange[]>([
  ['site/home', [answer('/')]],
  ['site/static/css', [answer('/'), answer('/static/css/main.css')]],
  ['shop/theme/css', [answer('/assets/base.css', { host: 'shop.store.test' })]],
  ['ocsp/skipped', []],
]);

test.each<[string, (e: ProxiedExchange) => void, string[]]>([
  ['a header of one path changed', (e) => e.path === '/static/css/main.css' && (e.lines = [...e.lines, ['etag', 'W/"a"']]), ['site/static/css']],
  ['the home page status changed: every item that fetched it', (e) => e.path === '/' && (e.status = 404), ['site/home', 'site/static/css']],
  ['a body cut short', (e) => e.host === 'shop.store.test' && (e.body = e.body.subarray(0, 2)), ['shop/theme/css']],
  ['an answer left hanging', (e) => e.host === 'shop.store.test' && (e.stall = true), ['shop/theme/css']],
  ['header lines reordered only', (e) => e.path === '/' && (e.lines = [...e.lines].reverse()), ['site/home', 'site/static/css']],
  [
    'a mutation that throws counts as a change',
    (e) => {
      if (e.path === '/') throw new Error('boom');
    },
    ['site/home', 'site/static/css'],
  ],
  ['a mutation that changes nothing it matches', (e) => e.path === '/' && (e.lines = e.lines.map(([n, v]) => [n, v])), []],
  ['a mutation that matches nothing', (e) => e.path === '/nowhere' && (e.status = 500), []],
])('%s', (_name, mutation, touched) => {
  expect([...touchedBy(TRAFFIC, mutation)].sort()).toEqual(touched);
});

test('the recorded answers are never edited by the trial', () => {
  const before = JSON.stringify([...TRAFFIC]);
  touchedBy(TRAFFIC, (e) => {
    e.status = 500;
    e.lines.push(['x', 'y']);
    e.body[0] = 0;
  });
  expect(JSON.stringify([...TRAFFIC])).toBe(before);
});
