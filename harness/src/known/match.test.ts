import type { Finding } from '../core';
import type { KnownEntry } from './load';
import { dayOf, isExpired, markKnown } from './match';

const f = (over: Partial<Finding>): Finding => ({
  id: 'site/home header x-frame-options',
  verdict: 'fail',
  level: 'must',
  expected: 'SAMEORIGIN, SAMEORIGIN',
  actual: 'SAMEORIGIN',
  source: 'capture',
  ...over,
});
const entry = (over: Partial<KnownEntry>): KnownEntry => ({
  index: 0,
  id: 'site/home header x-frame-options',
  reason: 'the CDN folds the two lines',
  ticket: 'https://tickets.example/OPS-1',
  expires: '2030-01-31',
  ...over,
});
const TODAY = '2030-01-15';

test('a matching failure becomes known, keeping the entry and the verdict it replaced', () => {
  const findings = [f({}), f({ id: 'site/home header vary' })];
  expect(markKnown(findings, [entry({})], TODAY)).toBe(1);
  expect(findings[0]).toMatchObject({
    verdict: 'known',
    known: {
      entry: 0,
      id: 'site/home header x-frame-options',
      reason: 'the CDN folds the two lines',
      ticket: 'https://tickets.example/OPS-1',
      expires: '2030-01-31',
      was: 'fail',
    },
  });
  expect(findings[1].verdict).toBe('fail');
});

test('globs: * within a segment, ** (a whole segment) across; an exact id with glob characters still matches itself', () => {
  const ids = ['site/home header vary', 'site/static/css header vary', 'shop/home header vary', 'site/home body contains "<html"'];
  const marked = (glob: string) => {
    const findings = ids.map((id) => f({ id }));
    markKnown(findings, [entry({ id: glob })], TODAY);
    return findings.filter((x) => x.verdict === 'known').map((x) => x.id);
  };
  expect(marked('site/* header vary')).toEqual(['site/home header vary']);
  expect(marked('site/**/* header vary')).toEqual(['site/home header vary', 'site/static/css header vary']);
  // ** is a globstar only as a whole segment: here it is a *.
  expect(marked('site/** header vary')).toEqual(['site/home header vary']);
  expect(marked('**/* header vary')).toEqual(['site/home header vary', 'site/static/css header vary', 'shop/home header vary']);
  expect(marked('site/home body contains "<html"')).toEqual(['site/home body contains "<html"']);
});

test('with an actual value, only that value is excused: a target that answers something else fails again', () => {
  const findings = [f({ actual: 'SAMEORIGIN' }), f({ actual: 'DENY' })];
  markKnown(findings, [entry({ actual: 'SAMEORIGIN' })], TODAY);
  expect(findings.map((x) => x.verdict)).toEqual(['known', 'fail']);
});

test('errors and warnings can be known; passes, skips, n/a, diffs and infos are left as they are', () => {
  const verdicts = ['error', 'warn', 'pass', 'skip', 'n/a', 'diff', 'info', 'fixed'] as const;
  const findings = verdicts.map((verdict) => f({ verdict }));
  markKnown(findings, [entry({})], TODAY);
  expect(findings.map((x) => x.verdict)).toEqual(['known', 'known', 'pass', 'skip', 'n/a', 'diff', 'info', 'fixed']);
  expect(findings.map((x) => x.known?.was)).toEqual(['error', 'warn', undefined, undefined, undefined, undefined, undefined, undefined]);
});

test('an entry excuses through its expiry day, not after: an expired entry matches nothing', () => {
  expect(isExpired(entry({ expires: '2030-01-15' }), '2030-01-15')).toBe(false);
  expect(isExpired(entry({ expires: '2030-01-14' }), '2030-01-15')).toBe(true);
  const findings = [f({})];
  expect(markKnown(findings, [entry({ expires: '2030-01-14' })], TODAY)).toBe(0);
  expect(findings[0].verdict).toBe('fail');
  expect(dayOf(new Date('2030-01-15T23:59:59Z'))).toBe('2030-01-15');
});
