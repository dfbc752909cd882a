/**
 * The run in GitHub Actions' own terms: workflow commands that annotate the spec line of each
 * failing cause (`::error file=specs/site.json,line=27,title=...::message`), and a Markdown job
 * summary (the per-role table, failures by cause, inconclusive roles, known deviations, the change
 * since the previous run, where the report is). Formats as GitHub documents them ("Workflow commands
 * for GitHub Actions"): a command's message escapes `%`, CR and LF as %25, %0D, %0A, its properties
 * `:` and `,` too. GitHub shows 10 error and 10 warning annotations of a step: the first causes are
 * annotated, the rest counted in a notice; the summary lists them all (up to a size GitHub accepts).
 */
import { failsRun, VERDICTS } from '../core';
import { causeExpected, causeHeadline, causes, causeScope, failingCauses, type Cause } from './causes';
import { knownNeed, knownProblem } from './known';
import { EXIT_MEANING } from './terminal';
import type { ConformanceResults, TargetMeta, Verdict } from './types';
import { targetSite } from './target-name';
import type { Locatable } from '../spec-model/locate';

export interface Location {
  file: string;
  line: number;
}

/** A workflow command's message. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function workflowCommand(
  command: 'error' | 'warning' | 'notice',
  message: string,
  properties: Record<string, string | number | undefined> = {},
): string {
  const props = Object.entries(properties)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
    .join(',');
  return `::${command}${props ? ` ${props}` : ''}::${escapeData(message)}`;
}

/** GitHub shows this many error and warning annotations of one step. */
export const ANNOTATIONS_PER_KIND = 10;

/** The cause's sentence, then what was expected and where it was seen: the annotation's message. */
function causeText(c: Cause): string {
  const seen = c.seenBy.length ? `; also seen by ${c.seenBy.join(', ')}` : '';
  return `${causeHeadline(c)}. ${c.verdict === 'error' ? '' : `Expected ${causeExpected(c)}, `}${causeScope(c)}${seen}`;
}

/**
 * The annotations of a run: inconclusive roles and expired known deviations first, then each
 * failing cause at the spec line of its first expectation; warnings (not failing) and known
 * deviations to remove as warnings.
 */
export function annotations(
  r: ConformanceResults,
  locate: (what: Locatable) => Location | undefined,
  knownLine: (index: number) => number | undefined = () => undefined,
): string[] {
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const i of r.run.inconclusive ?? []) errors.push(workflowCommand('error', i.message, { title: `${i.role} inconclusive` }));
  const knownFile = r.known?.file;
  for (const e of r.known?.entries ?? []) {
    const text = knownProblem(e);
    if (!text) continue;
    const at = { file: knownFile, line: knownLine(e.index), title: `known deviation ${e.id}` };
    (e.status === 'expired' ? errors : warnings).push(workflowCommand(e.status === 'expired' ? 'error' : 'warning', text, at));
  }
  for (const e of r.run.runErrors) errors.push(workflowCommand('error', e, { title: 'conformance run error' }));
  const failing = (v: Verdict) => failsRun(v, r.run.failOn);
  for (const c of causes(r, failing)) {
    const where = locate({ ...c.members[0].expectation, test: c.members[0].test.id });
    errors.push(workflowCommand('error', causeText(c), { file: where?.file, line: where?.line, title: `${c.role}: ${c.subject}` }));
  }
  for (const c of causes(r, (v) => v === 'warn' && !failing(v))) {
    const where = locate({ ...c.members[0].expectation, test: c.members[0].test.id });
    warnings.push(workflowCommand('warning', causeText(c), { file: where?.file, line: where?.line, title: `${c.role}: ${c.subject}` }));
  }
  const out = [...errors.slice(0, ANNOTATIONS_PER_KIND), ...warnings.slice(0, ANNOTATIONS_PER_KIND)];
  const more = Math.max(0, errors.length - ANNOTATIONS_PER_KIND) + Math.max(0, warnings.length - ANNOTATIONS_PER_KIND);
  if (more)
    out.push(
      workflowCommand(
        'notice',
        `${more} more causes are not annotated (GitHub shows ${ANNOTATIONS_PER_KIND} errors and ${ANNOTATIONS_PER_KIND} warnings of a step): see the job summary and the conformance report`,
        { title: 'conformance' },
      ),
    );
  return out;
}

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text from a target or a spec in a Markdown table cell: no HTML, no Markdown, no cell break, one line. */
export function mdText(s: string, max = 200): string {
  const one = s.replace(/[\r\n]+/g, ' ');
  const cut = one.length > max ? `${one.slice(0, max - 3)}...` : one;
  return cut.replace(/[&<>"]/g, (c) => HTML[c]).replace(/([\\`*_[\]|#~!])/g, '\\$1');
}

/** A value shown as code: HTML-escaped inside <code> (a backtick in the value cannot end it), pipes kept out of the table syntax. */
export function mdCode(s: string, max = 200): string {
  const one = s.replace(/[\r\n]+/g, ' ');
  const cut = one.length > max ? `${one.slice(0, max - 3)}...` : one;
  return `<code>${cut.replace(/[&<>"]/g, (c) => HTML[c]).replace(/\|/g, '&#124;')}</code>`;
}

/** Causes listed in the summary (the rest are counted); the summary stays far below GitHub's 1 MiB a step. */
const SUMMARY_CAUSES = 60;

export function summaryMarkdown(r: ConformanceResults, reportPath: string): string {
  const out: string[] = [];
  const status = r.run.status === 'failed' ? 'FAILED' : 'PASSED';
  out.push(`## Conformance ${status}: ${mdText(r.run.title)}`, '');
  out.push(`Exit status ${r.run.exitCode}: ${EXIT_MEANING[r.run.exitCode]}. Fails on ${r.run.failOn} and worse (\`HARNESS_FAIL_ON\`).`, '');
  const named = (m: TargetMeta) => `${mdCode(targetSite(m))}${m.origin === 'reference' ? ' (embedded reference)' : ''}`;
  if (r.run.target) out.push(`Target: ${named(r.run.target)}`, '');
  if (r.run.baseline) out.push(`Baseline: ${named(r.run.baseline)} (a differential run: the target is compared with it answer by answer)`, '');
  for (const i of r.run.inconclusive ?? [])
    out.push(`> **${mdText(i.role)}**: ${mdText(i.message, 400)} (${i.grouped} failing expectations grouped under it)`, '');
  // As the terminal shows them: passes first, then from the worst down.
  const columns = (['pass', ...VERDICTS.filter((v) => v !== 'pass')] as Verdict[]).filter(
    (v) => v === 'pass' || v === 'fail' || v === 'error' || r.totals[v] > 0,
  );
  out.push(`| role | tests | ${columns.join(' | ')} |`, `|---|---:|${columns.map(() => '---:').join('|')}|`);
  for (const role of r.roles) out.push(`| ${mdText(role.role)} | ${role.tests} | ${columns.map((c) => role.counts[c]).join(' | ')} |`);
  out.push(`| **all** | ${r.tests.length} | ${columns.map((c) => r.totals[c]).join(' | ')} |`, '');
  const problems = [
    ...(r.known?.entries ?? []).filter((e) => e.status === 'expired').map((e) => `| | fail | ${mdText(knownProblem(e)!, 300)} | | |`),
    ...r.run.runErrors.map((e) => `| | error | run error | ${mdText(e, 300)} | |`),
  ];
  const failing = failingCauses(r);
  const count = failing.reduce((n, c) => n + c.members.length, 0);
  if (failing.length || problems.length) {
    out.push(`### Failures by cause (${count} expectations, from ${failing.length} cause${failing.length === 1 ? '' : 's'})`, '');
    out.push('| # | verdict | cause | expected | where |', '|---|---|---|---|---|');
    out.push(...problems);
    for (const [i, c] of failing.slice(0, SUMMARY_CAUSES).entries()) {
      const seen = c.seenBy.length ? `; also seen by ${c.seenBy.join(', ')}` : '';
      out.push(
        `| ${i + 1} | ${c.verdict} | ${mdText(causeHeadline(c), 400)} | ${mdCode(c.verdict === 'error' ? '' : c.finding.expected)} | ${mdText(`${causeScope(c)}${seen}`, 400)} |`,
      );
    }
    if (failing.length > SUMMARY_CAUSES) out.push(`| | | ... and ${failing.length - SUMMARY_CAUSES} more causes in the report | | |`);
    out.push('');
  }
  // A differential run: what the target answers otherwise than its baseline, by cause, where no spec fails it.
  const differs = causes(r, (v) => (v === 'diff' || v === 'fixed') && !failsRun(v, r.run.failOn));
  if (r.run.baseline && differs.length) {
    const n = differs.reduce((k, c) => k + c.members.length, 0);
    out.push(
      `### Differences from the baseline ${named(r.run.baseline)} (${n} expectations, from ${differs.length} cause${differs.length === 1 ? '' : 's'}; not failing the run: \`HARNESS_FAIL_ON=diff\` fails them)`,
      '',
    );
    out.push('| verdict | cause | baseline | where |', '|---|---|---|---|');
    for (const c of differs.slice(0, SUMMARY_CAUSES))
      out.push(`| ${c.verdict} | ${mdText(causeHeadline(c), 400)} | ${mdCode(c.finding.baseline ?? c.finding.expected)} | ${mdText(causeScope(c), 400)} |`);
    if (differs.length > SUMMARY_CAUSES) out.push(`| | ... and ${differs.length - SUMMARY_CAUSES} more causes in the report | | |`);
    out.push('');
  }
  const known = r.known?.entries ?? [];
  if (known.length) {
    out.push(`### Known deviations (${known.length} in ${mdCode(r.known!.file)})`, '');
    out.push('| id | this run | reason | ticket | expires |', '|---|---|---|---|---|');
    for (const e of known)
      out.push(
        `| ${mdCode(e.id)} | ${e.status === 'matched' ? `excused ${e.expectations.length} expectation${e.expectations.length === 1 ? '' : 's'}` : mdText(knownNeed(e)!)} | ${mdText(e.reason)} | ${e.ticketHref ? `[${mdText(e.ticket)}](${e.ticketHref.replace(/[()\s]/g, encodeURIComponent)})` : mdText(e.ticket)} | ${e.expires} |`,
      );
    out.push('');
  }
  const h = r.history;
  if (h) {
    out.push(
      `### ${h.rerun ? 'Re-run of the failing tests of' : 'Since the previous run,'} ${mdCode(h.previous.file)} (${h.previous.startedAt.slice(0, 10)})`,
      '',
    );
    out.push(`${h.new.length} new, ${h.fixed.length} fixed, ${h.still.length} still failing${h.notRun ? `, ${h.notRun} not run this time` : ''}.`, '');
    const rows = [...h.new.map((i) => ['new', i] as const), ...h.fixed.map((i) => ['fixed', i] as const), ...h.still.map((i) => ['still failing', i] as const)];
    if (rows.length) {
      out.push('| | expectation | first seen |', '|---|---|---|');
      for (const [what, i] of rows.slice(0, SUMMARY_CAUSES)) out.push(`| ${what} | ${mdText(i.id)} | ${i.firstSeen.slice(0, 10)} |`);
      if (rows.length > SUMMARY_CAUSES) out.push(`| | ... and ${rows.length - SUMMARY_CAUSES} more in the report | |`);
      out.push('');
    }
  }
  out.push(`Report: ${mdCode(reportPath)} (results.json and junit.xml beside it).`, '');
  return out.join('\n');
}
