import type { Finding } from '../core';
import { markKnown, type KnownEntry } from '../known';
import { buildResults, type BuildInput } from './build';
import { summaryMarkdown } from './github';
import { failingInput } from './fixtures';
import { renderHtml } from './html';
import { renderJunit } from './junit';
import { terminalSummary } from './terminal';

const TODAY = '2026-01-01';
const XFO: KnownEntry = {
  index: 0,
  id: 'site/home header x-frame-options',
  actual: 'SAMEORIGIN',
  reason: 'the CDN folds the two lines <b>',
  ticket: 'https://tickets.example/OPS-1',
  expires: '2026-03-31',
};
const GONE: KnownEntry = { index: 1, id: 'site/static header vary', reason: 'fixed last week', ticket: 'https://tickets.example/OPS-2', expires: '2026-06-30' };
const ELSEWHERE: KnownEntry = {
  index: 2,
  id: 'shop/** header server',
  reason: 'the shop runs nginx',
  ticket: 'https://tickets.example/OPS-3',
  expires: '2026-06-30',
};
const EXPIRED: KnownEntry = { index: 3, id: 'bare/**', reason: 'old', ticket: 'https://tickets.example/OPS-4', expires: '2025-12-31' };

/** The failing fixture run with its workers' marking applied (what tests/support/assert.ts does before attaching). */
function runWith(entries: KnownEntry[]): BuildInput {
  const input = failingInput();
  for (const t of input.tests) {
    const a = t.attachments.find((x) => x.name === 'findings');
    if (!a?.body) continue;
    const record = JSON.parse(a.body.toString('utf8')) as { legs?: Array<{ steps: Array<{ findings: Finding[] }> }>; parity?: Finding[]; findings?: Finding[] };
    const findings = [...(record.legs ?? []).flatMap((l) => l.steps.flatMap((s) => s.findings)), ...(record.parity ?? []), ...(record.findings ?? [])];
    markKnown(findings, entries, TODAY);
    a.body = Buffer.from(JSON.stringify(record));
  }
  // The worker's assertion passes once its one failure is known.
  input.tests[0] = { ...input.tests[0], status: 'passed', errors: [] };
  return { ...input, known: { file: `${process.cwd()}/specs/known-deviations.json`, entries } };
}

test('a known failure is listed with its reason and ticket and does not fail the run; each other entry says what became of it', () => {
  const results = buildResults(runWith([XFO, GONE, ELSEWHERE]));
  expect(results.run).toMatchObject({ status: 'passed', exitCode: 0 });
  expect(results.totals.fail).toBe(0);
  expect(results.totals.known).toBe(1);
  const home = results.tests.find((t) => t.id === 'site/home')!;
  const xfo = home.expectations.find((e) => e.id === 'site/home header x-frame-options')!;
  expect(xfo.verdict).toBe('known');
  expect(xfo.findings[0].known).toMatchObject({ was: 'fail', ticket: 'https://tickets.example/OPS-1' });
  expect(results.known).toMatchObject({ file: 'specs/known-deviations.json', today: TODAY });
  expect(results.known!.entries.map((e) => [e.id, e.status, e.findings, e.tests])).toEqual([
    ['site/home header x-frame-options', 'matched', 2, ['site/home']],
    ['site/static header vary', 'not-run', 0, []],
    ['shop/** header server', 'not-run', 0, []],
  ]);

  // Long lines wrap (never cut): read as one.
  const terminal = terminalSummary(results, 'index.html').replace(/\n {6}/g, ' ');
  expect(terminal).toContain('Conformance PASSED');
  expect(terminal).toContain(
    'Known deviations, not failing the run (1 expectation, from 1 entry of specs/known-deviations.json):\n  ~ site/home header x-frame-options: 2 findings in site/home: the CDN folds the two lines <b> (https://tickets.example/OPS-1, expires 2026-03-31)',
  );
  const html = renderHtml(results);
  expect(html).toContain('<section class="known">');
  expect(html).toContain('the CDN folds the two lines &lt;b&gt;');
  expect(html).toContain('<a href="https://tickets.example/OPS-1" rel="noreferrer noopener">');
  expect(html).toContain('known deviation (fail without it)');
  const junit = renderJunit(results);
  expect(junit).toContain('<testsuite name="known-deviations" tests="3" failures="0"');
  expect(junit).toMatch(/<testcase name="site\/home header x-frame-options"[^>]*>\s*<system-out>known deviation: listed/);
  expect(junit).not.toMatch(/<failure /);
});

test('an entry whose expectation was judged and did not fail is "no longer seen: remove it"', () => {
  const passing: KnownEntry = { ...GONE, id: 'site/static header x-frame-options' };
  const results = buildResults(runWith([XFO, passing]));
  expect(results.known!.entries[1]).toMatchObject({ status: 'unseen', findings: 0 });
  expect(results.run.status).toBe('passed');
  expect(terminalSummary(results, 'x')).toContain(
    '  ? known deviation "site/static header x-frame-options": no longer seen: remove it (npm run accept -- --known --prune)',
  );
  expect(renderJunit(results)).toContain('no longer seen: remove it');
  // The summary's table names the entry in its own column, and says once what it needs.
  expect(summaryMarkdown(results, 'x')).toContain(
    '| <code>site/static header x-frame-options</code> | no longer seen: remove it (npm run accept -- --known --prune) |',
  );
});

test('an expired entry excuses nothing and fails the run with "expired on <date>"', () => {
  const expiredXfo: KnownEntry = { ...XFO, expires: '2025-12-31' };
  const input = runWith([expiredXfo, EXPIRED]);
  const results = buildResults(input);
  expect(results.run).toMatchObject({ status: 'failed', exitCode: 1 });
  // Not applied by the worker: the failure is a failure again.
  expect(results.totals.fail).toBe(1);
  expect(results.known!.entries.map((e) => e.status)).toEqual(['expired', 'expired']);
  const terminal = terminalSummary(results, 'x').replace(/\n {6}/g, ' ');
  expect(terminal).toContain('Conformance FAILED');
  expect(terminal).toContain(
    '  E known deviation "site/home header x-frame-options": expired on 2025-12-31 (https://tickets.example/OPS-1): fix it, or give it a later date',
  );
  expect(renderHtml(results)).toContain('expired on 2025-12-31');
  const junit = renderJunit(results);
  expect(junit).toContain('<failure message="expired on 2025-12-31" type="known/expired">');
  expect(junit).toMatch(/<testsuites [^>]*failures="3"/);
});

test('a ticket id is a link through HARNESS_TICKET_URL on the page and in the job summary; without it, the id as written', () => {
  const byId: KnownEntry = { ...XFO, ticket: 'OPS-412' };
  const input = runWith([byId]);
  const linked = buildResults({ ...input, known: { ...input.known!, ticketUrl: 'https://tracker.example.org/browse/{id}' } });
  expect(linked.known!.entries[0].ticketHref).toBe('https://tracker.example.org/browse/OPS-412');
  const xfo = linked.tests.find((t) => t.id === 'site/home')!.expectations.find((e) => e.id === 'site/home header x-frame-options')!;
  expect(xfo.findings[0].known?.ticketHref).toBe('https://tracker.example.org/browse/OPS-412');
  expect(renderHtml(linked)).toContain('<a href="https://tracker.example.org/browse/OPS-412" rel="noreferrer noopener">OPS-412</a>');
  expect(summaryMarkdown(linked, 'index.html')).toContain('| [OPS-412](https://tracker.example.org/browse/OPS-412) |');
  const plain = buildResults(runWith([byId]));
  expect(plain.known!.entries[0].ticketHref).toBeUndefined();
  expect(renderHtml(plain)).not.toContain('href="OPS-412"');
  expect(summaryMarkdown(plain, 'index.html')).toContain('| OPS-412 |');
});
