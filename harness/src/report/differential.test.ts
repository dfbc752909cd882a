import { buildResults } from './build';
import { collected, replayRecord, runMeta, TARGET } from './fixtures';
import { HOSTILE } from './hostile-fixtures';
import { renderHtml } from './html';
import { renderJunit } from './junit';
import { summaryMarkdown } from './github';
import { terminalSummary } from './terminal';
import type { BuildInput } from './build';

/*
 * A differential run as the reporter receives it: the replay's record with the baseline's legs
 * and its comparison findings (diff, fixed, a spec failure showing the baseline's value), and the
 * three renderings of it.
 */
const SHA_B = 'a'.repeat(64);
const SHA_C = 'b'.repeat(64);
const SIGNED = 'https://shop.store.test/cdn/fonts/x.woff2?h1=c2hvcA&hmac=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

function differentialRecord() {
  const record = replayRecord('site/home') as ReturnType<typeof replayRecord> & { baseline?: unknown; diff?: unknown[] };
  record.baseline = { target: 'baseline', legs: replayRecord('site/home').legs };
  // The candidate meets a stated fact the baseline missed: fixed, with the baseline's value.
  const xfo = (record.legs[0].steps[0].findings as Array<Record<string, unknown>>).find((f) => f.id === 'site/home header x-frame-options')!;
  Object.assign(xfo, {
    verdict: 'fixed',
    baseline: 'DENY',
    message: 'the baseline misses this (expected SAMEORIGIN, SAMEORIGIN, got DENY); the candidate meets it',
  });
  const base = { level: 'info', source: 'baseline', clause: 'Differential run', target: 'user', step: 'site/home' };
  record.diff = [
    ...(['h1', 'h2'] as const).map((protocol) => ({
      ...base,
      protocol,
      id: 'site/home diff header x-powered-by',
      aspect: { kind: 'header', name: 'x-powered-by' },
      compared: { by: 'diff', first: 'baseline', second: 'candidate', firstValue: '(absent)', secondValue: 'ASP.NET' },
      verdict: 'diff',
      expected: '(absent)',
      actual: 'ASP.NET',
      baseline: '(absent)',
    })),
    {
      ...base,
      protocol: 'h1',
      id: 'site/home diff cookie sid value',
      aspect: { kind: 'cookie', name: 'sid', attribute: 'value' },
      compared: { by: 'diff', first: 'baseline', second: 'candidate', firstValue: 'q9w8e7r6t5y4u3i2o1p0asdf', secondValue: 'a1s2d3f4g5h6j7k8l9z0xcvb' },
      verdict: 'diff',
      expected: 'q9w8e7r6t5y4u3i2o1p0asdf',
      actual: 'a1s2d3f4g5h6j7k8l9z0xcvb',
      baseline: 'q9w8e7r6t5y4u3i2o1p0asdf',
      secrets: [
        { kind: 'cookie', value: 'q9w8e7r6t5y4u3i2o1p0asdf' },
        { kind: 'cookie', value: 'a1s2d3f4g5h6j7k8l9z0xcvb' },
      ],
    },
    {
      ...base,
      protocol: 'h1',
      id: 'site/home diff body',
      aspect: { kind: 'body' },
      compared: { by: 'diff', first: 'baseline', second: 'candidate' },
      verdict: 'diff',
      expected: '12 decoded bytes, SHA-256 aaaaaaaaaaaaaaaa…',
      baseline: '12 decoded bytes, SHA-256 aaaaaaaaaaaaaaaa…',
      actual: '13 decoded bytes, SHA-256 bbbbbbbbbbbbbbbb…',
      detail: `--- baseline\n+++ candidate\n@@ -1,1 +1,1 @@\n-<a href="${SIGNED}">\n+${HOSTILE.script}`,
      bodies: { baseline: SHA_B, candidate: SHA_C },
    },
    {
      ...base,
      protocol: 'h2',
      id: 'site/home diff',
      compared: { by: 'diff', first: 'baseline', second: 'candidate' },
      verdict: 'pass',
      expected: 'the same answer as the baseline',
      actual: 'the same answer',
    },
  ];
  return record;
}

function input(failOn: BuildInput['run']['failOn'] = 'fail'): BuildInput {
  return {
    run: runMeta({
      failOn,
      baseline: {
        ...TARGET,
        side: 'baseline',
        roles: { site: ['https://www.lessons.example'] },
        description: 'baseline (user):\n  site  https://www.lessons.example',
      },
    }),
    tests: [collected(['site', 'site/home'], differentialRecord())],
  };
}

describe('results.json of a differential run', () => {
  const results = buildResults(input());
  const t = results.tests[0];
  const exp = (id: string) => t.expectations.find((e) => e.id === id)!;

  test('diff and fixed are verdicts of their own, counted, and do not fail the run at the default threshold', () => {
    expect(exp('site/home diff header x-powered-by')).toMatchObject({ verdict: 'diff', source: 'baseline', level: 'info' });
    expect(exp('site/home header x-frame-options').verdict).toBe('fixed');
    expect(results.totals.diff).toBe(3);
    expect(results.totals.fixed).toBe(1);
    expect(results.run.status).toBe('passed');
    expect(buildResults(input('diff')).run.status).toBe('failed');
  });

  test("both values of a secret are redacted, the line diff's signed addresses too; the saved bodies are named", () => {
    const cookie = exp('site/home diff cookie sid value').findings[0];
    expect([cookie.expected, cookie.baseline, cookie.actual, cookie.redacted]).toEqual([
      '‹secret: alnum-lower24, 24 chars›',
      '‹secret: alnum-lower24, 24 chars›',
      '‹secret: alnum-lower24, 24 chars›',
      true,
    ]);
    const body = exp('site/home diff body').findings[0];
    expect(body.detail).not.toContain('0123456789abcdef0123456789abcdef');
    expect(body.detail).toContain('hmac=%E2%80%B9secret%3A%20');
    expect(body.bodies).toEqual({ baseline: SHA_B, candidate: SHA_C });
    expect(JSON.stringify(results)).not.toContain('a1s2d3f4g5h6j7k8l9z0xcvb');
  });

  test("the baseline's steps are kept beside the candidate's, and its spec findings are not counted", () => {
    expect(t.baseline?.legs.map((l) => l.protocol)).toEqual(['h1', 'h2']);
    expect(t.baseline?.legs[0].steps[0].response?.status).toBe(200);
    expect(t.baseline?.legs[0].steps[0].expectationKeys).toEqual([]);
    // The candidate's spec findings (2 legs) plus the comparisons; nothing of the baseline's.
    expect(t.expectations.filter((e) => e.id === 'site/home status')[0].findings).toHaveLength(2);
    expect(results.run.baseline?.roles.site).toEqual(['https://www.lessons.example']);
  });
});

describe('the HTML of a differential run', () => {
  const results = buildResults(input());
  results.bodies = { [SHA_B]: { file: `bodies/${SHA_B}.txt`, contentType: 'text/html', bytes: 12 } };
  const html = renderHtml(results);
  const block = html.slice(html.indexOf('<h3>Against the baseline</h3>'), html.indexOf('<h3>Exchanges</h3>'));

  test('one table: baseline | candidate | spec, each difference with both values', () => {
    expect(block).toContain('<th>baseline</th><th>candidate</th><th>spec</th>');
    expect(block).toMatch(/header x-powered-by.*<td class="v">h1, h2<\/td><td class="exp">\(absent\)<\/td><td><mark>ASP\.NET<\/mark>/);
    expect(block).toContain('(not in the spec)');
    // The fixed expectation, with the baseline's value and the candidate's.
    expect(block).toMatch(/header x-frame-options.*<td class="exp">DENY<\/td>.*badge b-fixed/);
    expect(block).toContain('1 step answered as the baseline did');
  });

  test('a body difference: its line diff escaped, links to the saved bodies (one was not saved)', () => {
    expect(block).toContain('<details class="linediff">');
    expect(block).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(block).not.toContain(HOSTILE.script);
    expect(block).toContain(`<a href="bodies/${SHA_B}.txt">baseline</a>`);
    expect(block).toContain('candidate (not saved)');
  });

  test('the header names both targets; the comparisons are not listed a second time among the expectations', () => {
    expect(html).toContain('baseline: site https://www.lessons.example');
    const table = html.slice(html.indexOf('<table class="expectations">'), html.indexOf('<h3>Against the baseline</h3>'));
    expect(table).toContain('comparisons with the baseline: shown against the baseline below');
    expect(table).not.toContain('x-powered-by</td>');
    expect(table).toContain('data-source="baseline"');
  });
});

test('JUnit: a diff passes with both values in system-out, unless HARNESS_FAIL_ON=diff', () => {
  const passing = renderJunit(buildResults(input()));
  expect(passing).toMatch(
    /<testcase name="site\/home diff header x-powered-by"[^>]*>\n {6}<system-out>difference from the baseline where the spec has no opinion\n\[h1\] diff: baseline &quot;\(absent\)&quot;, candidate &quot;ASP\.NET&quot;/,
  );
  expect(passing).toContain('<property name="baseline" value="{&quot;site&quot;:[&quot;https://www.lessons.example&quot;]}"/>');
  const failing = renderJunit(buildResults(input('diff')));
  expect(failing).toMatch(
    /<testcase name="site\/home diff header x-powered-by"[^>]*>\n {6}<failure message="diff: expected \(absent\), got ASP\.NET" type="diff\/info\/baseline">/,
  );
});

test('the job summary and the terminal name the baseline and list the differences from it by cause; the page too', () => {
  const results = buildResults(input());
  const summary = summaryMarkdown(results, 'index.html');
  expect(summary).toContain('Baseline: <code>https://www.lessons.example</code>');
  expect(summary).toMatch(/### Differences from the baseline <code>https:\/\/www\.lessons\.example<\/code> \(\d+ expectations, from \d+ causes?;/);
  expect(summary).toContain(
    '| diff | site: header x-powered-by is &quot;ASP.NET&quot; (the baseline: &quot;(absent)&quot;) on h1 and h2 | <code>(absent)</code> | site/home diff header x-powered-by |',
  );
  const terminal = terminalSummary(results, 'index.html');
  expect(terminal).toMatch(/Differences from the baseline https:\/\/www\.lessons\.example, not failing the run/);
  // Each test named once in a cause, however many of its expectations joined it.
  for (const line of terminal.split('\n').filter((l) => / in \d+ tests \(/.test(l))) {
    const names = /\(([^)]*)\)$/.exec(line)?.[1].split(', ') ?? [];
    expect(new Set(names).size).toBe(names.length);
  }
  expect(renderHtml(results)).toMatch(/<h2>Differences from the baseline https:\/\/www\.lessons\.example, not failing the run \(/);
});
