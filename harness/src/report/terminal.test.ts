import { buildResults } from './build';
import { failingInput, passingInput } from './fixtures';
import { terminalSummary } from './terminal';

test('one screen: counts per role, the failures, the report path', () => {
  const out = terminalSummary(buildResults(failingInput()), 'reports/conformance/index.html');
  const lines = out.split('\n');
  expect(lines.length).toBeLessThanOrEqual(24);
  expect(lines[0]).toBe('Conformance FAILED: Fixture run');
  expect(lines[1]).toMatch(/role\s+tests\s+pass\s+fail\s+error\s+skip\s+info/);
  expect(out).toMatch(/ {2}site\s+3\s+8\s+1\s+0\s+0\s+2/);
  expect(out).toContain('x site/home header x-frame-options: expected "SAMEORIGIN, SAMEORIGIN", got "SAMEORIGIN"');
  expect(lines.at(-1)).toBe('Report: reports/conformance/index.html (results.json, junit.xml beside it)');
  expect(terminalSummary(buildResults(passingInput()), 'x')).not.toContain('Failing');
});
