import { buildResults } from './build';
import { failingInput, passingInput } from './fixtures';
import { H3_UNREACHABLE, h3FailingInput } from './h3-fixtures';
import { hostileInput } from './hostile-fixtures';
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
    expect(count(out, /<skipped /g)).toBe(results.totals.skip + results.totals['n/a']);
    expect(out).toContain('<testcase name="site/home header x-frame-options" classname="site.site/home" time="0">');
    expect(out).toContain('<failure message="expected SAMEORIGIN, SAMEORIGIN, got SAMEORIGIN" type="fail/must/capture">');
    expect(out).toContain('<skipped message="skip: role not mapped"/>');
    expect(out).toContain('<skipped message="n/a: premise not met: the rule applies to a 405 answer; this one is 200"/>');
    expect(out).toMatch(/<testsuites name="Fixture run" tests="\d+" failures="1" errors="0" skipped="3"/);
  });

  test('a passing run has no failure element; warn and info are passing testcases with the reason in system-out', () => {
    const out = renderJunit(buildResults(passingInput()));
    expect(out).not.toMatch(/<failure|<error /);
    expect(out).toContain('<system-out>informational difference: the reference&apos;s own choice');
    expect(out).toMatch(
      /<testcase name="site\/home check vary\/negotiated-response-has-vary accept-encoding" [^>]*>\n {6}<system-out>warning: a recommendation \(SHOULD\) is not met\n\[h1\] warn: expected/,
    );
    expect(out).toContain('level: should; provenance: rfc');
  });

  test('with HARNESS_FAIL_ON=warn a warn is a failure element and counted as one', () => {
    const input = passingInput();
    input.run.failOn = 'warn';
    const out = renderJunit(buildResults(input));
    expect(out).toContain(
      '<failure message="warn: expected vary includes Accept-Encoding (content-encoding: gzip), got vary: (absent)" type="warn/should/rfc">',
    );
    expect(out).toMatch(/<testsuites name="Fixture run" tests="\d+" failures="2" errors="0"/);
    expect(out).toContain('<property name="failOn" value="warn"/>');
  });

  test('run errors are <error>; hostile values are escaped', () => {
    const out = renderJunit(buildResults(hostileInput()));
    expect(out).toContain('<testsuite name="run"');
    expect(out).not.toMatch(/<script|<img/);
    expect(xml('a\u0001<"&>')).toBe('a\\u0001&lt;&quot;&amp;&gt;');
  });

  test('h3: the parity failure is a <failure>, the transport error an <error> naming h3; counts agree with results.json', () => {
    const results = buildResults(h3FailingInput());
    const out = renderJunit(results);
    expect(count(out, /<failure /g)).toBe(results.totals.fail);
    expect(count(out, /<error /g)).toBe(results.totals.error);
    expect(out).toContain(
      '<testcase name="site/home parity h3 header x-frame-options" classname="site.site/home" time="0">\n      <failure message="expected h3 as h1: SAMEORIGIN, SAMEORIGIN, got h3: SAMEORIGIN" type="fail/must/rfc">',
    );
    expect(out).toMatch(
      new RegExp(
        `<testcase name="site/static h3 transport" [^>]*>\\n {6}<error message="[^"]*no answer over HTTP/3 from 127\\.0\\.0\\.1:34885[^"]*" type="run-error">\\[h3\\] error: expected`,
      ),
    );
    expect(out).toContain(H3_UNREACHABLE);
    expect(out).toContain('<property name="protocolMix" value="{&quot;h1&quot;:2,&quot;h2&quot;:2,&quot;h3&quot;:1}"/>');
  });
});
