import { buildResults } from './build';
import { failingInput, hostileInput, passingInput } from './fixtures';
import { renderJunit, xml } from './junit';

const count = (s: string, re: RegExp) => (s.match(re) ?? []).length;

describe('renderJunit', () => {
  test('a testcase per expectation; failures, errors and skips as JUnit elements, counts agreeing with results.json', () => {
    const results = buildResults(failingInput());
    const out = renderJunit(results);
    const expectations = results.tests.reduce((n, t) => n + t.expectations.length, 0);
    expect(count(out, /<testcase /g)).toBe(expectations);
    expect(count(out, /<failure /g)).toBe(results.totals.fail);
    expect(count(out, /<error /g)).toBe(results.totals.error);
    expect(count(out, /<skipped /g)).toBe(results.totals.skip);
    expect(out).toContain('<testcase name="site/home header x-frame-options" classname="site.site/home" time="0">');
    expect(out).toContain('<failure message="expected SAMEORIGIN, SAMEORIGIN, got SAMEORIGIN" type="capture">');
    expect(out).toContain('<skipped message="role not mapped"/>');
    expect(out).toMatch(/<testsuites name="Fixture run" tests="\d+" failures="1" errors="0" skipped="1"/);
  });

  test('a passing run has no failure element; info is kept as system-out', () => {
    const out = renderJunit(buildResults(passingInput()));
    expect(out).not.toMatch(/<failure|<error /);
    expect(out).toContain('<system-out>informational difference');
  });

  test('run errors are <error>; hostile values are escaped', () => {
    const out = renderJunit(buildResults(hostileInput()));
    expect(out).toContain('<testsuite name="run"');
    expect(out).not.toMatch(/<script|<img/);
    expect(xml('a\u0001<"&>')).toBe('a\\u0001&lt;&quot;&amp;&gt;');
  });
});
