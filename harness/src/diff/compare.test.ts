import type { ReplayFinding } from '../record';
import { aspectText, type Aspect, type Verdict } from '../core';
import { emptyNoise, learnNoise } from '../noise';
import { observed, type FixtureInput } from '../spec-model/observed-fixture';
import { BASELINE_SIDE, loadTargetMap } from '../target-map';
import { covers, diffStep, type StepPair } from './compare';
import { hostMapping } from './hosts';

const same = hostMapping(loadTargetMap({ BASELINE_URL: 'https://www.lessons.test' }, BASELINE_SIDE), loadTargetMap({ TARGET_URL: 'https://www.lessons.test' }));
const ex = (over: FixtureInput) => observed({ protocol: 'h1', ...over });
const spec = (aspect: Aspect, verdict: Verdict, actual = 'x', expected = 'y'): ReplayFinding => ({
  id: `site/home ${aspectText(aspect)}`,
  aspect,
  verdict,
  level: verdict === 'info' ? 'info' : verdict === 'warn' ? 'should' : 'must',
  expected,
  actual,
  source: 'capture',
  protocol: 'h1',
});

function pair(b: FixtureInput, c: FixtureInput, over: Partial<StepPair> = {}): StepPair {
  return {
    stepId: 'site/home',
    protocol: 'h1',
    baseline: { first: ex(b), findings: [] },
    candidate: { first: ex(c), findings: [] },
    hosts: same,
    target: 'https://www.lessons.test',
    ...over,
  };
}
const judged = (fs: ReplayFinding[]) => fs.filter((f) => f.verdict !== 'pass').map((f) => [f.verdict, f.id, f.expected, f.actual]);

describe('diffStep: a difference the spec has no opinion on is a diff, with both values', () => {
  test('identical answers: one passing finding, nothing else', () => {
    const fs = diffStep(pair({ lines: [['x-a', '1']] }, { lines: [['x-a', '1']] }));
    expect(fs.map((f) => [f.id, f.verdict, f.actual])).toEqual([['site/home diff', 'pass', 'the same answer']]);
  });
  test('a header only the candidate sends; a header value; a status; a body', () => {
    const fs = diffStep(
      pair(
        {
          status: 200,
          lines: [
            ['cache-control', 'no-cache'],
            ['content-type', 'text/css'],
          ],
          body: 'a {}\n',
        },
        {
          status: 203,
          lines: [
            ['cache-control', 'no-cache'],
            ['content-type', 'text/css'],
            ['x-powered-by', 'ASP.NET'],
          ],
          body: 'b {}\n',
        },
      ),
    );
    expect(judged(fs)).toEqual([
      ['diff', 'site/home diff status', '200', '203'],
      ['diff', 'site/home diff header x-powered-by', '(absent)', 'ASP.NET'],
      [
        'diff',
        'site/home diff body',
        expect.stringMatching(/^5 decoded bytes, SHA-256 [0-9a-f]{16}…$/),
        expect.stringMatching(/^5 decoded bytes, SHA-256 [0-9a-f]{16}…$/),
      ],
    ]);
    const body = fs.find((f) => f.id === 'site/home diff body')!;
    expect(body.detail).toBe('--- baseline\n+++ candidate\n@@ -1,1 +1,1 @@\n-a {}\n+b {}');
    expect(body.bodies?.baseline).toMatch(/^[0-9a-f]{64}$/);
    expect(body.bodies?.baseline).not.toBe(body.bodies?.candidate);
    expect(fs.every((f) => f.source === 'baseline' && f.protocol === 'h1')).toBe(true);
    expect(fs.find((f) => f.id === 'site/home diff header x-powered-by')?.baseline).toBe('(absent)');
  });
  test("the baseline's noise excuses a field; a field noisy on the candidate only is a diff shown by its shape", () => {
    const b1 = ex({ lines: [['x-trace', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa']] });
    const b2 = ex({ lines: [['x-trace', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb']] });
    const c1 = ex({
      lines: [
        ['x-trace', 'cccccccccccccccccccccccccccccccc'],
        ['x-req', '0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f'],
      ],
    });
    const c2 = ex({
      lines: [
        ['x-trace', 'dddddddddddddddddddddddddddddddd'],
        ['x-req', '1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e'],
      ],
    });
    const fs = diffStep(
      pair(
        {},
        {},
        {
          baseline: { first: b1, noise: learnNoise(b1, b2), findings: [] },
          candidate: { first: c1, noise: learnNoise(c1, c2), answers: [c1, c2], findings: [] },
        },
      ),
    );
    expect(judged(fs)).toEqual([['diff', 'site/home diff header x-req', '(absent)', '(a new value on every request: hex32)']]);
  });
  test('a cookie value is compared as a secret', () => {
    const fs = diffStep(pair({ lines: [['set-cookie', 'localization=US; Path=/']] }, { lines: [['set-cookie', 'localization=GB; Path=/']] }));
    expect(fs.map((f) => [f.id, f.verdict, f.secrets])).toEqual([
      [
        'site/home diff cookie localization value',
        'diff',
        [
          { kind: 'cookie', value: 'US' },
          { kind: 'cookie', value: 'GB' },
        ],
      ],
    ]);
  });
  test('a cookie one side does not set is one difference', () => {
    const fs = diffStep(
      pair({ lines: [['set-cookie', 'ASP.NET_SessionId=abc; path=/; HttpOnly']] }, { lines: [['set-cookie', 'Other_SessionId=abc; path=/; HttpOnly']] }),
    );
    expect(judged(fs).map(([v, id]) => `${v} ${id}`)).toEqual(['diff site/home diff cookie ASP.NET_SessionId', 'diff site/home diff cookie Other_SessionId']);
    expect(fs[0].expected).toBe('set (1 Set-Cookie line; /; (none); HttpOnly; no Secure; (none); session)');
    expect(fs[0].actual).toBe('(not set)');
  });
});

describe('diffStep: where the spec has an opinion', () => {
  test('the candidate misses the spec: its finding stays (fail), shows the baseline value, and no diff is added', () => {
    const cand = [spec({ kind: 'header', name: 'cache-control' }, 'fail', 'public, max-age=86400', 'public, max-age=31557600')];
    const base = [spec({ kind: 'header', name: 'cache-control' }, 'pass', 'public, max-age=31557600', 'public, max-age=31557600')];
    const fs = diffStep(
      pair(
        { lines: [['cache-control', 'public, max-age=31557600']] },
        { lines: [['cache-control', 'public, max-age=86400']] },
        {
          baseline: { first: ex({ lines: [['cache-control', 'public, max-age=31557600']] }), findings: base },
          candidate: { first: ex({ lines: [['cache-control', 'public, max-age=86400']] }), findings: cand },
        },
      ),
    );
    expect(judged(fs)).toEqual([]);
    expect(cand[0]).toMatchObject({ verdict: 'fail', baseline: 'public, max-age=31557600' });
  });
  test('the baseline misses a must the candidate meets: fixed, and no diff', () => {
    const cand = [spec({ kind: 'header', name: 'x-frame-options' }, 'pass', 'SAMEORIGIN', 'SAMEORIGIN')];
    const base = [spec({ kind: 'header', name: 'x-frame-options' }, 'fail', 'DENY', 'SAMEORIGIN')];
    const fs = diffStep(
      pair(
        {},
        {},
        {
          baseline: { first: ex({ lines: [['x-frame-options', 'DENY']] }), findings: base },
          candidate: { first: ex({ lines: [['x-frame-options', 'SAMEORIGIN']] }), findings: cand },
        },
      ),
    );
    expect(judged(fs)).toEqual([]);
    expect(cand[0]).toMatchObject({ verdict: 'fixed', baseline: 'DENY' });
    expect(cand[0].message).toBe('the baseline misses this (expected SAMEORIGIN, got DENY); the candidate meets it');
  });
  test("the baseline differing from the reference's own choice (info) is no fix: the difference is a diff", () => {
    const cand = [spec({ kind: 'header', name: 'x-cache' }, 'pass', 'TCP_HIT', 'TCP_HIT')];
    const base = [spec({ kind: 'header', name: 'x-cache' }, 'info', '(absent)', 'TCP_HIT')];
    const fs = diffStep(
      pair({}, {}, { baseline: { first: ex({}), findings: base }, candidate: { first: ex({ lines: [['x-cache', 'TCP_HIT']] }), findings: cand } }),
    );
    expect(cand[0].verdict).toBe('pass');
    expect(judged(fs)).toEqual([['diff', 'site/home diff header x-cache', '(absent)', 'TCP_HIT']]);
  });
  test('the candidate missing an info expectation keeps its info, and the difference from the baseline is a diff too (HARNESS_FAIL_ON=diff fails it)', () => {
    const cand = [spec({ kind: 'header', name: 'x-cache' }, 'info', '(absent)', 'TCP_HIT')];
    const fs = diffStep(
      pair(
        {},
        {},
        {
          baseline: { first: ex({ lines: [['x-cache', 'TCP_HIT']] }), findings: [spec({ kind: 'header', name: 'x-cache' }, 'pass', 'TCP_HIT', 'TCP_HIT')] },
          candidate: { first: ex({}), findings: cand },
        },
      ),
    );
    expect(cand[0]).toMatchObject({ verdict: 'info', baseline: 'TCP_HIT' });
    expect(judged(fs)).toEqual([['diff', 'site/home diff header x-cache', 'TCP_HIT', '(absent)']]);
  });
  test('both miss the spec the same way: the candidate fails, showing the baseline fails it too; no diff', () => {
    const cand = [spec({ kind: 'header', name: 'vary' }, 'fail', '(absent)', 'Accept-Encoding')];
    const fs = diffStep(
      pair(
        {},
        {},
        {
          baseline: { first: ex({}), findings: [spec({ kind: 'header', name: 'vary' }, 'fail', '(absent)', 'Accept-Encoding')] },
          candidate: { first: ex({}), findings: cand },
        },
      ),
    );
    expect(cand[0]).toMatchObject({ verdict: 'fail', baseline: '(absent)' });
    expect(judged(fs)).toEqual([]);
  });
});

describe('diffStep: no comparison possible', () => {
  test('no baseline answer is a run error naming why', () => {
    const fs = diffStep(pair({}, {}, { baseline: { findings: [], problem: 'connect ECONNREFUSED 127.0.0.1:1' } }));
    expect(fs.map((f) => [f.id, f.verdict, f.message])).toEqual([['site/home diff', 'error', 'baseline: connect ECONNREFUSED 127.0.0.1:1']]);
  });
  test('no candidate answer: nothing to compare (its own error is reported by the replay)', () => {
    expect(diffStep(pair({}, {}, { candidate: { findings: [] } }))).toEqual([]);
  });
  test('noise is never learned between the sides: a stable field that differs is a diff even when the noise is empty', () => {
    const fs = diffStep(
      pair(
        {},
        {},
        {
          baseline: { first: ex({ lines: [['etag', '"1:0"']] }), noise: emptyNoise(), findings: [] },
          candidate: { first: ex({ lines: [['etag', '"2:0"']] }), findings: [] },
        },
      ),
    );
    expect(judged(fs)).toEqual([['diff', 'site/home diff header etag', '"1:0"', '"2:0"']]);
  });
});

const header = (name: string): Aspect => ({ kind: 'header', name });
const cookie = (name: string, attribute?: string): Aspect => ({ kind: 'cookie', name, ...(attribute ? { attribute } : {}) });
test.each<[Aspect, Aspect, boolean]>([
  [{ kind: 'status' }, { kind: 'status' }, true],
  [header('vary'), header('vary'), true],
  [header('vary'), header('vary-x'), false],
  [cookie('sid', 'value'), cookie('sid', 'value'), true],
  [cookie('sid', 'value'), cookie('sid', 'path'), false],
  [cookie('sid', 'value'), cookie('other', 'value'), false],
  [cookie('sid', 'expiry'), cookie('sid', 'expires'), true],
  [cookie('sid', 'expiry'), cookie('sid', 'max-age'), true],
  [cookie('sid', 'lines'), cookie('sid'), true],
  [cookie('sid', 'lines'), cookie('sid', 'value'), false],
  [cookie('sid'), cookie('sid'), true],
  [cookie('sid'), cookie('sid', 'path'), true],
  [{ kind: 'body' }, { kind: 'body', fact: 'decoded-size' }, true],
  [header('vary'), { kind: 'check', check: 'vary/negotiated-response-has-vary' }, false],
])('covers(%j, %j) = %s', (difference, aspect, expected) => {
  expect(covers(difference, { aspect })).toBe(expected);
});

test('a comparison of two answers is never an expectation that covers a difference', () => {
  expect(covers(header('vary'), { aspect: header('vary'), compared: { by: 'parity', first: 'h1', second: 'h2' } })).toBe(false);
  expect(covers(header('vary'), {})).toBe(false);
});
