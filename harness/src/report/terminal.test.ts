import { buildResults } from './build';
import { failingInput, passingInput } from './fixtures';
import { h3FailingInput, h3PassingInput } from './h3-fixtures';
import { terminalSummary } from './terminal';

test('one screen: counts per role, the failures, the report path', () => {
  const out = terminalSummary(buildResults(failingInput()), 'reports/conformance/index.html');
  const lines = out.split('\n');
  expect(lines.length).toBeLessThanOrEqual(24);
  expect(lines[0]).toBe('Conformance FAILED: Fixture run (fails on fail and worse)');
  expect(lines[1]).toMatch(/role\s+tests\s+pass\s+error\s+fail\s+warn\s+info\s+skip\s+n\/a$/);
  expect(out).toMatch(/ {2}site\s+3\s+8\s+0\s+1\s+2\s+2\s+0\s+2/);
  expect(out).toContain(
    'Failing (1):\n  x [1] site: header x-frame-options is "SAMEORIGIN" on h1 and h2\n      expected "SAMEORIGIN, SAMEORIGIN", site/home header x-frame-options',
  );
  expect(lines.at(-1)).toBe('Report: reports/conformance/index.html (results.json, junit.xml beside it)');
  expect(terminalSummary(buildResults(passingInput()), 'x')).not.toContain('Failing');
  const strict = passingInput();
  strict.run.failOn = 'warn';
  const warned = terminalSummary(buildResults(strict), 'x');
  expect(warned).toContain('Conformance FAILED: Fixture run (fails on warn and worse)');
  expect(warned).toContain(
    'Failing (2, from 1 cause):\n  ! [1] site: check vary/negotiated-response-has-vary accept-encoding is "vary: (absent)" on h1 and h2\n      expected "vary includes Accept-Encoding (content-encoding: gzip)", in 2 tests (site/home, site/static)',
  );
});

test('h3 failures print as the others do: the parity failure with its values, the transport error with its message', () => {
  const out = terminalSummary(buildResults(h3FailingInput()), 'x');
  expect(out).toContain('Failing (2):');
  // No spec finding says which side is wrong: both sides named, neither blamed.
  expect(out).toContain('  x [2] site: header x-frame-options differs between the answers: h1: SAMEORIGIN, SAMEORIGIN; h3: SAMEORIGIN');
  expect(out).toMatch(/^ {2}E \[1\] site: transport: https:\/\/www\.lessons\.test:8443\/\?q=1: no answer over HTTP\/3 from 127\.0\.0\.1:34885 /m);
  expect(terminalSummary(buildResults(h3PassingInput()), 'x')).not.toContain('Failing');
});
