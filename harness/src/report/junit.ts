/**
 * `renderJunit`: results.json as JUnit XML. One testsuite per role, one testcase per expectation:
 * target failures as <failure>, run errors as <error>, skips and rules whose premise did not hold
 * as <skipped> with the reason; warn, diff, info and fixed pass with the difference and the reason
 * in <system-out> (unless HARNESS_FAIL_ON makes them fail the run: then they are <failure>s).
 */
import { failsRun, type Verdict } from '../core';
import { inconclusiveOf } from './inconclusive';
import { knownProblem } from './known';
import type { ConformanceResults, Expectation, FindingReport, InconclusiveRole, TestReport } from './types';

/** Why a difference that does not fail the run is still shown. */
const PASSING_DIFFERENCE: Partial<Record<Verdict, string>> = {
  warn: 'warning: a recommendation (SHOULD) is not met',
  diff: 'difference from the baseline where the spec has no opinion',
  info: "informational difference: the reference's own choice where the description is silent",
  fixed: 'fixed: the baseline failed this expectation, the candidate meets it',
  known: 'known deviation: listed in the known deviations file with a reason, a ticket and an expiry date',
};

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
  const where = f.protocol ? `[${f.protocol}] ` : '';
  // A comparison with the baseline names its two sides; a spec finding shows the baseline's value beside its own.
  if (f.source === 'baseline' && f.baseline !== undefined)
    return `${where}${f.verdict}: baseline ${JSON.stringify(f.baseline)}, candidate ${JSON.stringify(f.actual)}${f.detail ? `\n${f.detail}` : ''}`;
  const baseline = f.baseline !== undefined ? `; the baseline: ${JSON.stringify(f.baseline)}` : '';
  return `${where}${f.verdict}: expected ${JSON.stringify(f.expected)}, got ${JSON.stringify(f.actual)}${baseline}${f.message ? ` (${f.message})` : ''}`;
}

function details(t: TestReport, e: Expectation): string {
  const lines = e.findings.map(findingLine);
  const known = e.findings.find((f) => f.known)?.known;
  if (known)
    lines.push(`known deviation ${JSON.stringify(known.id)} (${known.was} without it): ${known.reason}; ticket ${known.ticket}; expires ${known.expires}`);
  lines.push(`level: ${e.level}; provenance: ${e.source}`);
  if (e.clause) lines.push(`clause: ${e.clause}`);
  if (e.shape) lines.push(`shape ${e.shape.name}: ${e.shape.description} (e.g. ${e.shape.examples.slice(0, 3).join(', ')})`);
  lines.push(`test: ${t.titlePath.join(' › ')} (${t.project}, ${t.file})`);
  lines.push(`report anchor: index.html#${e.key}`);
  return lines.join('\n');
}

function testcase(t: TestReport, e: Expectation, failOn: ConformanceResults['run']['failOn'], grouped?: InconclusiveRole): string {
  const first = e.findings.find((f) => f.verdict === e.verdict) ?? e.findings[0];
  const attrs = `name="${xml(e.id)}" classname="${xml(`${t.role}.${t.id}`)}" time="0"`;
  const body = details(t, e);
  // The role's answers tested nothing: its failures are not the target's verdict, its one error says why.
  if (grouped && failsRun(e.verdict, failOn))
    return `    <testcase ${attrs}>\n      <skipped message="${xml(`not judged: ${grouped.role} is inconclusive (${grouped.role}/inconclusive); ${e.verdict} here`)}"/>\n    </testcase>`;
  if (e.verdict === 'error')
    return `    <testcase ${attrs}>\n      <error message="${xml(first.message ?? first.actual)}" type="run-error">${xml(body)}</error>\n    </testcase>`;
  if (e.verdict === 'fail' || (e.verdict !== 'pass' && failsRun(e.verdict, failOn))) {
    return `    <testcase ${attrs}>\n      <failure message="${xml(`${e.verdict === 'fail' ? '' : `${e.verdict}: `}expected ${first.expected}, got ${first.actual}`)}" type="${xml(`${e.verdict}/${e.level}/${e.source}`)}">${xml(body)}</failure>\n    </testcase>`;
  }
  if (e.verdict === 'skip' || e.verdict === 'n/a')
    return `    <testcase ${attrs}>\n      <skipped message="${xml(`${e.verdict}: ${first.message ?? first.actual}`)}"/>\n    </testcase>`;
  const why = PASSING_DIFFERENCE[e.verdict];
  if (why) return `    <testcase ${attrs}>\n      <system-out>${xml(`${why}\n${body}`)}</system-out>\n    </testcase>`;
  return `    <testcase ${attrs}/>`;
}

export function renderJunit(results: ConformanceResults): string {
  const t = results.totals;
  const knownEntries = results.known?.entries ?? [];
  const expiredKnown = knownEntries.filter((e) => e.status === 'expired').length;
  const total = Object.values(t).reduce((n, c) => n + c, 0) + results.run.runErrors.length + knownEntries.length;
  const failOn = results.run.failOn;
  let totalFailures = 0;
  let totalSkipped = 0;
  const run = results.run;
  const props = [
    ['target', run.target ? JSON.stringify(run.target.roles) : '(not available)'],
    ...(run.baseline ? [['baseline', JSON.stringify(run.baseline.roles)]] : []),
    ['spec.commit', run.spec.commit ?? ''],
    ['spec.digest', run.spec.digest],
    ['startedAt', run.startedAt],
    ['protocolMix', JSON.stringify(run.protocolMix)],
    ['failOn', run.failOn],
  ]
    .map(([n, v]) => `      <property name="${xml(n)}" value="${xml(v)}"/>`)
    .join('\n');
  const properties = `    <properties>\n${props}\n    </properties>\n`;
  const suites: string[] = [];
  for (const role of results.roles) {
    const tests = results.tests.filter((t) => t.role === role.role);
    const cases = tests.flatMap((t) => {
      const grouped = inconclusiveOf(results, t);
      return t.expectations.map((e) => testcase(t, e, failOn, t.key === grouped?.key ? undefined : grouped));
    });
    const count = (tag: string) => cases.filter((c) => c.includes(`\n      <${tag} `) || c.includes(`\n      <${tag}/>`)).length;
    suites.push(
      `  <testsuite name="${xml(role.role)}" tests="${cases.length}" failures="${count('failure')}" errors="${count('error')}" skipped="${count('skipped')}" time="0">\n${properties}${cases.join('\n')}\n  </testsuite>`,
    );
    totalFailures += count('failure');
    totalSkipped += count('skipped');
  }
  if (knownEntries.length) {
    const cases = knownEntries.map((e) => {
      const attrs = `name="${xml(`known deviation ${e.id}`)}" classname="known-deviations" time="0"`;
      const body = `${e.reason}\nticket: ${e.ticket}\nexpires: ${e.expires}\nfile: ${results.known!.file}, entry ${e.index + 1}`;
      if (e.status === 'expired')
        return `    <testcase ${attrs}>\n      <failure message="${xml(`expired on ${e.expires}`)}" type="known/expired">${xml(body)}</failure>\n    </testcase>`;
      if (e.status === 'not-run') return `    <testcase ${attrs}>\n      <skipped message="${xml(knownProblem(e))}"/>\n    </testcase>`;
      const said = e.status === 'unseen' ? 'no longer seen: remove it' : `excused ${e.findings} finding${e.findings === 1 ? '' : 's'} in ${e.tests.join(', ')}`;
      return `    <testcase ${attrs}>\n      <system-out>${xml(`${said}\n${body}`)}</system-out>\n    </testcase>`;
    });
    suites.push(
      `  <testsuite name="known-deviations" tests="${knownEntries.length}" failures="${expiredKnown}" errors="0" skipped="${knownEntries.filter((e) => e.status === 'not-run').length}" time="0">\n${properties}${cases.join('\n')}\n  </testsuite>`,
    );
  }
  if (results.run.runErrors.length) {
    suites.push(
      `  <testsuite name="run" tests="${results.run.runErrors.length}" failures="0" errors="${results.run.runErrors.length}" skipped="0" time="0">\n${properties}${results.run.runErrors
        .map(
          (e, i) =>
            `    <testcase name="run error ${i + 1}" classname="run" time="0">\n      <error message="${xml(e.split('\n')[0])}" type="run-error">${xml(e)}</error>\n    </testcase>`,
        )
        .join('\n')}\n  </testsuite>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${xml(run.title)}" tests="${total}" failures="${totalFailures + expiredKnown}" errors="${t.error + run.runErrors.length}" skipped="${totalSkipped + knownEntries.filter((e) => e.status === 'not-run').length}" time="${(run.durationMs / 1000).toFixed(3)}">
${suites.join('\n')}
</testsuites>
`;
}
