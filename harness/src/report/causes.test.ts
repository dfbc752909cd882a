import { buildResults } from './build';
import { RECORD_VERSION } from '../record';
import { causes } from './causes';
import { collected, runMeta } from './fixtures';
import { renderHtml } from './html';
import { terminalSummary } from './terminal';

const vary = (id: string, actual = '(absent)') => ({
  version: RECORD_VERSION,
  id,
  role: id.split('/')[0],
  kind: 'exchange',
  target: 'user',
  legs: [
    {
      protocol: 'h1',
      steps: [
        {
          id,
          protocol: 'h1',
          findings: [
            { id: `${id} status`, verdict: 'pass', level: 'must', expected: '200', actual: '200', source: 'capture', protocol: 'h1' },
            { id: `${id} header vary`, verdict: 'fail', level: 'must', expected: 'Accept-Encoding', actual, source: 'capture', protocol: 'h1' },
          ],
        },
      ],
    },
  ],
  parity: [],
});

const results = () =>
  buildResults({
    run: runMeta(),
    tests: ['site/a', 'site/b', 'shop/c', 'shop/d'].map((id, i) =>
      collected([id.split('/')[0], id], vary(id, i === 3 ? 'Accept' : '(absent)'), { status: 'failed' }),
    ),
  });

test('the same aspect, verdict and values across tests is one cause with its members; other values another', () => {
  const found = causes(results(), (v) => v === 'fail');
  expect(found.map((c) => [c.aspect, c.finding.actual, c.members.map((m) => m.expectation.id)])).toEqual([
    ['header vary', '(absent)', ['site/a header vary', 'site/b header vary', 'shop/c header vary']],
    ['header vary', 'Accept', ['shop/d header vary']],
  ]);
});

test('the terminal and the HTML list one row per cause, with its tests', () => {
  const r = results();
  const text = terminalSummary(r, 'report.html');
  expect(text).toContain('Failing (4, from 2 causes):');
  expect(text).toContain('  x header vary in 3 tests (site/a, site/b, shop/c): expected "Accept-Encoding", got "(absent)"');
  expect(text).toContain('  x shop/d header vary: expected "Accept-Encoding", got "Accept"');
  const html = renderHtml(r);
  expect(html).toContain('Failures (4, from 2 causes)');
  expect(html).toMatch(
    /<li data-role="site shop" data-verdict="fail"[^>]*>.*header vary <span class="muted">in 3 tests<\/span>.*<details><summary>3 tests<\/summary>/,
  );
});
