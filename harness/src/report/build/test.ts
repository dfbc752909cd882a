/**
 * One collected test as the report keeps it: the record it attached (a replay, a raw flow, a browser
 * flow, or none), its findings grouped into expectations, and its Playwright outcome where the
 * findings do not already say it.
 */
import { emptyCounts, failsRun, judged, summaryVerdict, unjudged } from '../../core';
import { ROLE_ANNOTATION } from '../../record';
import { anchor } from '../anchors';
import type { CollectedTest } from '../collected';
import { redactUrl } from '../secrets';
import type { RedirectHop, TestKind, TestReport } from '../types';
import type { BuildContext } from './context';
import { toFinding } from './finding';
import { groupFindings, type LooseFinding } from './group';
import { buildLegs } from './step';
import { leg, num, parseRecord, readCertificate, str, text, type RawFinding, type RawRecord, type RecordShape } from './validate';

/** The test's role: its record's, else its `role` annotation (a test skipped before it attached one); never read from a title. */
function roleOf(t: CollectedTest, record: RawRecord | undefined): string {
  return str(record?.role) || t.annotations.find((a) => a.type === ROLE_ANNOTATION)?.description || 'other';
}

function skipReasonOf(t: CollectedTest): string | undefined {
  const a = t.annotations.find((x) => x.type === 'skip' || x.type === 'fixme');
  return a ? a.description || a.type : undefined;
}

/** Every finding of the record with the protocol it came from, in record order, each with its step. */
function recordFindings(record: RawRecord | undefined, shape: RecordShape | undefined, ctx: BuildContext): LooseFinding[] {
  const found: LooseFinding[] = [];
  if (!record || !shape) return found;
  if (shape === 'replay') {
    const stepIds = new Set((record.legs ?? []).flatMap((l) => (l.steps ?? []).map((s) => str(s.id))));
    /** The step a finding kept beside the legs names, when the record has that step. */
    const stepOf = (f: RawFinding) => (str(f.step) && stepIds.has(str(f.step)) ? str(f.step) : undefined);
    for (const l of record.legs ?? []) {
      const p = leg(l.protocol) ?? 'h1';
      for (const s of l.steps ?? []) for (const f of s.findings ?? []) found.push({ f: toFinding(f, leg(f.protocol) ?? p, ctx), step: str(s.id) });
    }
    for (const f of record.parity ?? []) found.push({ f: toFinding(f, undefined, ctx), step: stepOf(f) });
    for (const f of record.diff ?? []) found.push({ f: toFinding(f, leg(f.protocol), ctx), step: stepOf(f) });
  } else {
    for (const f of record.findings ?? []) found.push({ f: toFinding(f, 'browser', ctx) });
  }
  return found;
}

/**
 * What the test's outcome adds to its findings: a malformed attachment, and where there are no
 * findings the outcome itself (skipped, passed, or failed: a failed `expect` is the target's,
 * anything else the run's); a test that failed although its findings fail nothing is an error.
 */
function outcomeFindings(
  t: CollectedTest,
  id: string,
  found: LooseFinding[],
  problem: string | undefined,
  skipped: string | undefined,
  ctx: BuildContext,
): LooseFinding[] {
  const playwrightFailed = t.status === 'failed' || t.status === 'timedOut' || t.status === 'interrupted';
  const errorText = t.errors.join('\n\n');
  const whole = { level: 'must' as const, source: 'capture' as const };
  const out: LooseFinding[] = [];
  if (problem) out.push({ f: unjudged('error', { id: `${id} findings`, expected: 'a findings attachment of JSON', actual: problem, ...whole }) });
  if (found.length + out.length === 0) {
    if (skipped !== undefined && !playwrightFailed) {
      out.push({ f: unjudged('skip', { id, expected: 'the test runs', actual: skipped, message: skipped, ...whole }) });
    } else if (!playwrightFailed) {
      out.push({ f: judged(true, { id, expected: 'the test passes', actual: 'passed', ...whole }, 'user') });
    } else {
      // A failed assertion is the target's failure (a miss of must); a timeout or a crash is the run's.
      const assertion = t.status === 'failed' && t.assertionFailed;
      const fields = { id, expected: 'the test passes', actual: t.status, message: errorText || t.status, ...whole };
      out.push({ f: assertion ? judged(false, fields, 'user') : unjudged('error', fields) });
    }
  } else if (playwrightFailed && ![...found, ...out].some((r) => failsRun(r.f.verdict, ctx.failOn))) {
    // The findings say nothing failed but the test did (a harness error after the attachment, a timeout): keep it.
    out.push({ f: unjudged('error', { id: `${id} (test)`, expected: 'the test completes', actual: t.status, message: errorText || t.status, ...whole }) });
  }
  return out;
}

export function buildTest(t: CollectedTest, ctx: BuildContext): TestReport {
  const { record, shape, problem } = parseRecord(t);
  const fullTitle = t.titlePath.join(' › ');
  const isReplay = shape === 'replay';
  const isBrowser = shape === 'browser';
  const kind: TestKind = isBrowser ? 'browser-flow' : isReplay ? (record?.kind === 'flow' ? 'flow' : 'exchange') : 'test';
  const id = str(record?.id) ?? fullTitle;
  const key = anchor('t', id, t.project, t.file, fullTitle);
  const skipped = str(record?.skipped) ?? (t.status === 'skipped' ? (skipReasonOf(t) ?? 'skipped') : undefined);
  const recorded = recordFindings(record, shape, ctx);
  const found = [...recorded, ...outcomeFindings(t, id, recorded, problem, skipped, ctx)];
  const expectations = groupFindings(found, key);
  const counts = emptyCounts();
  for (const e of expectations) counts[e.verdict]++;
  const report: TestReport = {
    key,
    id,
    title: t.titlePath[t.titlePath.length - 1] ?? '',
    titlePath: t.titlePath,
    project: t.project,
    file: t.file,
    role: roleOf(t, record),
    kind,
    status: t.status,
    errors: t.errors,
    ...(skipped !== undefined ? { skipped } : {}),
    verdict: summaryVerdict(expectations.map((e) => e.verdict)),
    counts,
    expectations,
    durationMs: t.durationMs,
    retry: t.retry,
  };
  if (isReplay && record) {
    report.legs = buildLegs(record.legs ?? [], '', key, expectations, ctx);
    // The baseline's steps are shown beside the candidate's; its own spec findings are not the target's and are not counted.
    const b = record.baseline;
    if (b)
      report.baseline = {
        ...(str(b.skipped) ? { skipped: str(b.skipped) } : {}),
        legs: buildLegs(b.legs ?? [], 'b-', key, [], { ...ctx, target: ctx.baseline ?? null }),
      };
  }
  if (isBrowser) report.browser = browserReport(t, record, ctx);
  // Each node's certificate whose fields are all what they should be: one malformed is left out, never shown half.
  const certificates = isReplay && Array.isArray(record?.certificates) ? record.certificates.map(readCertificate).filter((c) => c !== undefined) : [];
  if (certificates.length) report.certificates = certificates;
  const nodes = isReplay && Array.isArray(record?.nodes) ? record.nodes.map(str).filter((n): n is string => n !== undefined) : [];
  if (nodes.length > 1) report.nodes = nodes;
  return report;
}

/** A browser flow's screenshot and redirect chain (its HAR's, or the hops the flow recorded). */
function browserReport(t: CollectedTest, record: RawRecord | undefined, ctx: BuildContext): NonNullable<TestReport['browser']> {
  const shot = t.attachments.find((a) => a.name === 'screenshot' && a.contentType === 'image/png' && a.body);
  const hops = t.redirects?.length ? t.redirects : recordedHops(record);
  return {
    ...(str(record?.node) ? { node: str(record?.node)! } : {}),
    ...(shot?.body ? { screenshot: `data:image/png;base64,${shot.body.toString('base64')}` } : {}),
    redirects: hops.map((h) => (ctx.rawSecrets ? h : { status: h.status, url: redactUrl(h.url), location: redactUrl(h.location) })),
  };
}

/** The redirects a flow recorded, each checked: a 3xx status, an address and a Location as text. */
function recordedHops(record: RawRecord | undefined): RedirectHop[] {
  if (!Array.isArray(record?.redirects)) return [];
  return record.redirects.flatMap((h) => {
    const status = num(h?.status);
    return status !== undefined && status >= 300 && status < 400 ? [{ status, url: text(h.url), location: text(h.location) }] : [];
  });
}
