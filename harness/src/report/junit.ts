/**
 * `renderJunit`: results.json as JUnit XML. One testsuite per role, one testcase per expectation:
 * target failures as <failure>, run errors as <error>, skips as <skipped> with the reason; info
 * (a `reference` difference outside strict mode) passes with the difference in <system-out>.
 */
import type { ConformanceResults, Expectation, FindingReport, TestReport } from './types';

/** XML text and attribute escaping; characters XML 1.0 cannot hold become \uXXXX. */
export function xml(value: unknown): string {
  const s = value === undefined || value === null ? '' : String(value);
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function findingLine(f: FindingReport): string {
  return `${f.protocol ? `[${f.protocol}] ` : ''}${f.verdict}: expected ${JSON.stringify(f.expected)}, got ${JSON.stringify(f.actual)}${f.message ? ` (${f.message})` : ''}`;
}

function details(t: TestReport, e: Expectation): string {
  const lines = e.findings.map(findingLine);
  lines.push(`provenance: ${e.source}`);
  if (e.clause) lines.push(`clause: ${e.clause}`);
  if (e.shape) lines.push(`shape ${e.shape.name}: ${e.shape.description} (e.g. ${e.shape.examples.slice(0, 3).join(', ')})`);
  lines.push(`test: ${t.titlePath.join(' › ')} (${t.project}, ${t.file})`);
  lines.push(`report anchor: index.html#${e.key}`);
  return lines.join('\n');
}

function testcase(t: TestReport, e: Expectation): string {
  const first = e.findings.find((f) => f.verdict === e.verdict) ?? e.findings[0];
  const attrs = `name="${xml(e.id)}" classname="${xml(`${t.role}.${t.id}`)}" time="0"`;
  const body = details(t, e);
  switch (e.verdict) {
    case 'fail':
      return `    <testcase ${attrs}>\n      <failure message="${xml(`expected ${first.expected}, got ${first.actual}`)}" type="${xml(e.source)}">${xml(body)}</failure>\n    </testcase>`;
    case 'error':
      return `    <testcase ${attrs}>\n      <error message="${xml(first.message ?? first.actual)}" type="run-error">${xml(body)}</error>\n    </testcase>`;
    case 'skip':
      return `    <testcase ${attrs}>\n      <skipped message="${xml(first.message ?? first.actual)}"/>\n    </testcase>`;
    case 'info':
      return `    <testcase ${attrs}>\n      <system-out>${xml(`informational difference (reference provenance, not strict)\n${body}`)}</system-out>\n    </testcase>`;
    default:
      return `    <testcase ${attrs}/>`;
  }
}

export function renderJunit(results: ConformanceResults): string {
  const t = results.totals;
  const total = t.pass + t.fail + t.error + t.skip + t.info + results.run.runErrors.length;
  const run = results.run;
  const props = [
    ['target', run.target ? JSON.stringify(run.target.roles) : '(not available)'],
    ['spec.commit', run.spec.commit ?? ''],
    ['spec.digest', run.spec.digest],
    ['startedAt', run.startedAt],
    ['protocolMix', JSON.stringify(run.protocolMix)],
  ]
    .map(([n, v]) => `      <property name="${xml(n)}" value="${xml(v)}"/>`)
    .join('\n');
  const properties = `    <properties>\n${props}\n    </properties>\n`;
  const suites: string[] = [];
  for (const role of results.roles) {
    const tests = results.tests.filter((t) => t.role === role.role);
    const cases = tests.flatMap((t) => t.expectations.map((e) => testcase(t, e)));
    const c = role.counts;
    suites.push(
      `  <testsuite name="${xml(role.role)}" tests="${cases.length}" failures="${c.fail}" errors="${c.error}" skipped="${c.skip}" time="0">\n${properties}${cases.join('\n')}\n  </testsuite>`,
    );
  }
  if (results.run.runErrors.length) {
    suites.push(
      `  <testsuite name="run" tests="${results.run.runErrors.length}" failures="0" errors="${results.run.runErrors.length}" skipped="0" time="0">\n${properties}${results.run.runErrors
        .map((e, i) => `    <testcase name="run error ${i + 1}" classname="run" time="0">\n      <error message="${xml(e.split('\n')[0])}" type="run-error">${xml(e)}</error>\n    </testcase>`)
        .join('\n')}\n  </testsuite>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${xml(run.title)}" tests="${total}" failures="${t.fail}" errors="${t.error + run.runErrors.length}" skipped="${t.skip}" time="${(run.durationMs / 1000).toFixed(3)}">
${suites.join('\n')}
</testsuites>
`;
}
