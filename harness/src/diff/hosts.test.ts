import { loadTargetMap, BASELINE_SIDE } from '../target-map';
import { observed } from '../spec-model/observed-fixture';
import { comparable, hostMapping, isTextual } from './hosts';

const production = loadTargetMap(
  {
    BASELINE_URL: 'https://www.lessons.example',
    BASELINE_SHOP_URL: 'https://shop.store.example',
    BASELINE_REDIRECTOR_URL: 'https://go.example,https://hop2.example',
  },
  BASELINE_SIDE,
);
const staging = loadTargetMap({
  TARGET_URL: 'https://www.staging.lessons.example:8443',
  TARGET_SHOP_URL: 'https://shop.staging.store.example',
  TARGET_REDIRECTOR_URL: 'https://go.staging.example,https://hop2.staging.example',
});

describe("hostMapping: the baseline's names as the candidate's, from the two maps", () => {
  const m = hostMapping(production, staging);
  test.each([
    ['an origin in a Location', 'https://www.lessons.example/$web/x?y=1', 'https://www.staging.lessons.example:8443/$web/x?y=1'],
    [
      'a Link with the default port written out',
      '<https://shop.store.example:443/cdn/a.css>; rel=canonical',
      '<https://shop.staging.store.example/cdn/a.css>; rel=canonical',
    ],
    ['the second URL of a multi-name role', 'https://hop2.example/', 'https://hop2.staging.example/'],
    ['a bare host name (a CSP source, a cookie text)', "script-src 'self' shop.store.example", "script-src 'self' shop.staging.store.example"],
    ['names of no role stay', 'https://tags.example/x.js', 'https://tags.example/x.js'],
    ['a longer name that contains a mapped one stays', 'https://cdn.www.lessons.example.net/', 'https://cdn.www.lessons.example.net/'],
    ['file names are not hosts', 'main.css and app.min.js', 'main.css and app.min.js'],
    ['a name written in capitals is the same name', 'https://WWW.Lessons.Example/a', 'https://www.staging.lessons.example:8443/a'],
    [
      'a mapped name deep in a stylesheet',
      `${'.a{margin:1.5em 0.5rem}'.repeat(500)}url(https://shop.store.example/f.woff2)`,
      `${'.a{margin:1.5em 0.5rem}'.repeat(500)}url(https://shop.staging.store.example/f.woff2)`,
    ],
  ])('%s', (_what, from, to) => {
    expect(m.text(from)).toBe(to);
  });

  test('two deployments on other ports: the port maps for other names too', () => {
    const a = loadTargetMap({ BASELINE_URL: 'https://www.lessons.test:1111', BASELINE_ANALYTICS_URL: 'https://analytics.beacon.test:1111' }, BASELINE_SIDE);
    const b = loadTargetMap({ TARGET_URL: 'https://www.lessons.test:2222', TARGET_ANALYTICS_URL: 'https://analytics.beacon.test:2222' });
    const ports = hostMapping(a, b);
    expect(ports.identity).toBe(false);
    expect(ports.text('script-src https://tags.beacon.test:1111 https://analytics.beacon.test:1111; img-src *')).toBe(
      'script-src https://tags.beacon.test:2222 https://analytics.beacon.test:2222; img-src *',
    );
    expect(ports.text('https://www.lessons.test:3333/')).toBe('https://www.lessons.test:3333/');
    // A name of no role on the mapped port, with no role's name anywhere in the text: still mapped.
    expect(ports.text('connect-src wss://push.other.test:1111')).toBe('connect-src wss://push.other.test:2222');
  });

  test('the same maps: identity', () => {
    const same = hostMapping(loadTargetMap({ BASELINE_URL: 'https://www.x.test' }, BASELINE_SIDE), loadTargetMap({ TARGET_URL: 'https://www.x.test' }));
    expect(same.identity).toBe(true);
    expect(same.text('https://www.x.test/a')).toBe('https://www.x.test/a');
  });
});

describe('comparable', () => {
  const m = hostMapping(production, staging);
  test('a cookie Domain is compared as its distance from the answer\'s host ("domain-wide" on either parent)', () => {
    const prod = observed({
      url: 'https://shop.store.example/products/a',
      lines: [
        ['set-cookie', '_cmp_a=x; Domain=store.example; Path=/'],
        ['set-cookie', 'k=1; Domain=shop.store.example'],
      ],
    });
    const stag = observed({
      url: 'https://shop.staging.store.example/products/a',
      lines: [
        ['set-cookie', '_cmp_a=x; Domain=.staging.store.example; Path=/'],
        ['set-cookie', 'k=1; Domain=shop.staging.store.example'],
      ],
    });
    const domains = (ex: ReturnType<typeof observed>) => comparable(ex).cookies.map((c) => c.domain);
    expect(domains(prod)).toEqual(['‹the host without 1 leading label›', '‹the host›']);
    expect(domains(stag)).toEqual(domains(prod));
  });
  test('header values and text bodies of the baseline are mapped; binary bodies and Set-Cookie lines are not', () => {
    const prod = observed({
      url: 'https://www.lessons.example/',
      lines: [
        ['content-type', 'text/html'],
        ['location', 'https://www.lessons.example/a'],
      ],
      body: '<a href="https://www.lessons.example/b">',
    });
    const c = comparable(prod, m);
    expect(c.lines).toEqual([
      ['content-type', 'text/html'],
      ['location', 'https://www.staging.lessons.example:8443/a'],
    ]);
    expect(c.decoded?.toString()).toBe('<a href="https://www.staging.lessons.example:8443/b">');
    const png = observed({ url: 'https://www.lessons.example/a.png', lines: [['content-type', 'image/png']], body: 'https://www.lessons.example/' });
    expect(comparable(png, m).decoded?.toString()).toBe('https://www.lessons.example/');
  });
  test("Alt-Svc ports are written relative to the answer's own: two deployments' own UDP ports compare equal, the TLS port and another do not", () => {
    const a = observed({ url: 'https://www.lessons.example/', lines: [['alt-svc', 'h3=":35791"; ma=86400, h3=":443"']] });
    const b = observed({ url: 'https://www.staging.lessons.example:8443/', lines: [['alt-svc', 'h3=":40001"; ma=86400, h3=":8443"']] });
    const c = observed({ url: 'https://www.staging.lessons.example:8443/', lines: [['alt-svc', 'h3=":8443"; ma=86400']] });
    const altSvc = (ex: ReturnType<typeof observed>) => comparable(ex).lines.find(([n]) => n === 'alt-svc')?.[1];
    expect(altSvc(a)).toBe('h3=":‹another port›"; ma=86400, h3=":‹its own port›"');
    expect(altSvc(b)).toBe(altSvc(a));
    expect(altSvc(c)).toBe('h3=":‹its own port›"; ma=86400');
  });
  test.each([
    ['text/html; charset=utf-8', true],
    ['application/json', true],
    ['application/x-javascript', true],
    ['image/svg+xml', true],
    ['application/ld+json', true],
    ['image/png', false],
    ['font/woff2', false],
    [undefined, false],
  ])('isTextual(%s) = %s', (type, text) => {
    expect(isTextual(type)).toBe(text);
  });
});
