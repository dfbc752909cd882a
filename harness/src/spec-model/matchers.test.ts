import { UnmappedPlaceholderError } from '../target-map';
import { compileMatcher, listMembers, matcherKind, MatcherSpecError } from './matchers';
import type { MatcherSpec } from './types';

const ctx = {
  date: new Date('2026-04-08T16:54:52Z'),
  placeholders: { '{base_url}': 'https://www.lessons.test:8443', '{section}': 'static', '{{visitorId}}': 'abc' },
};

describe('compileMatcher', () => {
  it.each<[string, MatcherSpec, string | undefined, boolean]>([
    ['bare string equals', 'SAMEORIGIN', 'SAMEORIGIN', true],
    ['bare string differs', 'SAMEORIGIN', 'DENY', false],
    ['bare string vs absent', 'SAMEORIGIN', undefined, false],
    ['number equals', 604800, '604800', true],
    ['boolean equals', true, 'true', true],
    ['equals with placeholder', { equals: '{base_url}/' }, 'https://www.lessons.test:8443/', true],
    ['equals with placeholder, wrong host', { equals: '{base_url}/' }, 'https://lessons.test/', false],
    ['flow variable', { equals: '{{visitorId}}|True' }, 'abc|True', true],
    ['unknown braces kept', { equals: '{"a":1}' }, '{"a":1}', true],
    ['shape ok', { shape: 'hex32' }, '6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b', true],
    ['shape bad', { shape: 'hex32' }, '6C1F0E3A9B8D4E2F8A7B6C5D4E3F2A1B', false],
    ['shape absent', { shape: 'any' }, undefined, false],
    ['regex ok', { regex: '^max-age=\\d+$' }, 'max-age=5', true],
    ['regex flags', { regex: '^gzip$', flags: 'i' }, 'GZIP', true],
    ['regex g flag stays stateless', { regex: 'a', flags: 'g' }, 'a', true],
    ['regex bad', { regex: '^max-age=\\d+$' }, 'no-cache', false],
    ['oneOf ok', { oneOf: ['gzip', { shape: 'empty' }] }, '', true],
    ['oneOf bad', { oneOf: ['gzip', 'br'] }, 'deflate', false],
    ['absent ok', { absent: true }, undefined, true],
    ['absent bad', { absent: true }, '', false],
    ['present ok', { present: true }, '', true],
    ['present bad', { present: true }, undefined, false],
    ['contains ok', { contains: '{section}/css' }, '/static/css/main.css', true],
    ['contains bad', { contains: 'preload' }, 'max-age=1', false],
    ['range ok', { range: { min: 6000, max: 15300 } }, '7200', true],
    ['range below', { range: { min: 6000, max: 15300 } }, '5999', false],
    ['range not a number', { range: { min: 0 } }, 'abc', false],
    ['range empty', { range: { max: 1 } }, '', false],
    ['relative ok', { relativeTime: { to: 'date', offsetSeconds: 315360000, toleranceSeconds: 86400 * 3 } }, 'Mon, 05 Apr 2036 16:54:52 GMT', true],
    ['relative cookie date form', { relativeTime: { to: 'date', offsetSeconds: 1800, toleranceSeconds: 60 } }, 'Wed, 08-Apr-2026 17:24:52 GMT', true],
    ['relative too early', { relativeTime: { to: 'date', offsetSeconds: 1800, toleranceSeconds: 60 } }, 'Wed, 08 Apr 2026 17:00:00 GMT', false],
    ['relative not a date', { relativeTime: { to: 'date', offsetSeconds: 0, toleranceSeconds: 60 } }, '-1', false],
    ['relative absent', { relativeTime: { to: 'date', offsetSeconds: 0, toleranceSeconds: 60 } }, undefined, false],
  ])('%s', (_name, spec, actual, ok) => {
    const r = compileMatcher(spec)(actual, ctx);
    expect(r.ok).toBe(ok);
    expect(r.expected.length).toBeGreaterThan(0);
    if (actual === undefined) expect(r.actual).toBe('(absent)');
    else expect(r.actual).toContain(actual);
  });

  it('names the shape and the difference', () => {
    const r = compileMatcher({ shape: 'iis-etag' })('W/"x"', ctx);
    expect(r).toMatchObject({ ok: false, shape: 'iis-etag', actual: 'W/"x"' });
    expect(r.expected).toContain('iis-etag');
  });

  it('says how far a relative time is off', () => {
    const r = compileMatcher({ relativeTime: { to: 'date', offsetSeconds: 1800, toleranceSeconds: 60 } })('Wed, 08 Apr 2026 17:00:00 GMT', ctx);
    expect(r.expected).toContain('Wed, 08 Apr 2026 17:24:52 GMT');
    expect(r.actual).toContain('off by');
  });

  it('fails a relative time without a Date', () => {
    const r = compileMatcher({ relativeTime: { to: 'date', offsetSeconds: 0, toleranceSeconds: 1 } })('Wed, 08 Apr 2026 17:00:00 GMT', { placeholders: {} });
    expect(r.ok).toBe(false);
    expect(r.expected).toContain('no valid Date');
  });

  it('compiles an object matcher once', () => {
    const spec = { regex: 'a' };
    expect(compileMatcher(spec)).toBe(compileMatcher(spec));
  });

  it('throws for unmapped role placeholders', () => {
    expect(() => compileMatcher('{shop_url}/x')('x', ctx)).toThrow(UnmappedPlaceholderError);
  });

  it.each<[MatcherSpec, RegExp]>([
    [{ shape: 'nope' }, /unknown shape/],
    [{ regex: '(' }, /invalid regex/],
    [{ shape: 'hex32', regex: 'a' } as unknown as MatcherSpec, /exactly one/],
    [{ clause: 'x' } as unknown as MatcherSpec, /exactly one/],
  ])('rejects %j', (spec, message) => {
    expect(() => compileMatcher(spec)).toThrow(MatcherSpecError);
    expect(() => compileMatcher(spec)).toThrow(message);
  });

  it('tells the kind', () => {
    expect(matcherKind('x')).toBe('equals');
    expect(matcherKind({ present: true })).toBe('present');
  });
});

describe('list', () => {
  const m = compileMatcher({ list: ['SAMEORIGIN', 'SAMEORIGIN'] });
  test.each([
    ['SAMEORIGIN, SAMEORIGIN', true],
    ['SAMEORIGIN,SAMEORIGIN', true],
    ['sameorigin, SAMEORIGIN', true],
    ['SAMEORIGIN', false],
    ['SAMEORIGIN, SAMEORIGIN, SAMEORIGIN', false],
    ['SAMEORIGIN, DENY', false],
  ])('%s -> %s', (value, ok) => {
    expect(m(value, { placeholders: {} }).ok).toBe(ok);
  });
  test('absent', () => {
    expect(m(undefined, { placeholders: {} })).toMatchObject({ ok: false, actual: '(absent)' });
  });
  test('members are split outside quoted strings', () => {
    expect(listMembers('a, "b, c", d')).toEqual(['a', '"b, c"', 'd']);
    expect(listMembers(' , a ,, b ')).toEqual(['a', 'b']);
  });
});

describe('regex with placeholders', () => {
  const ctx = { placeholders: { '{analytics_url}': 'https://a.example:8443', '{{found_path}}': '/x/a+b.css' } };
  it('a placeholder stands for its value, matched literally (its dots and pluses are not patterns)', () => {
    const m = compileMatcher({ regex: '^script-src https://tags\\.example(?::[0-9]+)? {analytics_url}$' });
    expect(m('script-src https://tags.example:9 https://a.example:8443', ctx)).toMatchObject({ ok: true });
    expect(m('script-src https://tags.example https://aXexample:8443', ctx)).toMatchObject({ ok: false });
    expect(m('script-src https://tags.example https://a.example:8443', ctx).expected).toBe(
      'matches /^script-src https://tags\\.example(?::[0-9]+)? https://a\\.example:8443$/',
    );
    const found = compileMatcher({ regex: '^<https://[^>]+{{found_path}}>; rel="canonical"$' });
    expect(found('<https://s.example/x/a+b.css>; rel="canonical"', ctx).ok).toBe(true);
    expect(found('<https://s.example/x/aab.css>; rel="canonical"', ctx).ok).toBe(false);
  });
  it('quantifiers are not placeholders', () => {
    expect(compileMatcher({ regex: '^[0-9]{2}$' })('12', ctx).ok).toBe(true);
  });
});
