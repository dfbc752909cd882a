/**
 * `buildResults`: the collected tests (their `findings` attachments and Playwright outcome) plus
 * the run's metadata in, `results.json` out. Pure: the same input gives the same output, whatever
 * order the tests arrived in (shards, workers, merged blobs).
 */
import { emptyCounts, failsRun, FINDING_SOURCES, isVerdict, LEVELS, rank, summaryVerdict, type Level } from '../core';
import { ROLES } from '../target-map/roles';
import { shapeByName } from '../shapes';
import { anchor } from './anchors';
import type { CollectedTest } from './collected';
import { isSecretHeader } from '../har/secrets';
import { compareWithPrevious, type PreviousRun } from './history';
import { findInconclusive } from './inconclusive';
import { knownReport, type KnownInput } from './known';
import { reproduceCommand } from './repro';
import { describeSecret, redactHeaderValue, redactSetCookieText, redactUrl } from './secrets';
import {
  RESULTS_SCHEMA,
  type ConformanceResults,
  type Expectation,
  type FindingProtocol,
  type FindingReport,
  type FindingSource,
  type KnownMark,
  type LegProtocol,
  type LegReport,
  type RedirectHop,
  type ResponseReport,
  type RoleSummary,
  type RunMeta,
  type StepReport,
  type TestKind,
  type TestReport,
  type Verdict,
} from './types';

export interface BuildInput {
  tests: CollectedTest[];
  run: Omit<RunMeta, 'status' | 'protocolMix' | 'exitCode' | 'inconclusive'>;
  /** The run's known deviations (absent or empty: none). Expiry is read against the day the run started. */
  known?: KnownInput;
  /** A previous run to compare with. */
  previous?: PreviousRun;
}

export { emptyCounts, worst } from '../core';

const SOURCE_SET: ReadonlySet<string> = new Set(FINDING_SOURCES);
const LEVEL_SET: ReadonlySet<string> = new Set(LEVELS);
/** Worst level first. */
const strongest = (levels: Level[]): Level => LEVELS.find((l) => levels.includes(l)) ?? 'must';

/** A finding as attached (either record shape); fields are checked, never trusted. */
interface RawFinding {
  id?: unknown;
  verdict?: unknown;
  level?: unknown;
  expected?: unknown;
  actual?: unknown;
  source?: unknown;
  clause?: unknown;
  shape?: unknown;
  message?: unknown;
  secret?: unknown;
  target?: unknown;
  protocol?: unknown;
  baseline?: unknown;
  detail?: unknown;
  bodies?: { baseline?: unknown; candidate?: unknown };
  known?: Record<string, unknown>;
}

interface RawResponse {
  protocol?: unknown;
  status?: unknown;
  lines?: unknown;
  bodySize?: unknown;
  decodedSize?: unknown;
  decodeError?: unknown;
  tls?: Record<string, unknown>;
  timings?: { totalMs?: unknown };
  sha256?: unknown;
  title?: unknown;
  markers?: unknown;
  redirect?: unknown;
}

interface RawStep {
  id?: unknown;
  protocol?: unknown;
  skipped?: unknown;
  request?: { method?: unknown; url?: unknown; headers?: unknown };
  response?: RawResponse;
  h3?: { endpoint?: unknown; command?: unknown; twin?: RawResponse };
  noise?: unknown;
  discovered?: { template?: unknown; from?: unknown; url?: unknown; via?: unknown };
  findings?: RawFinding[];
}

interface RawRecord {
  id?: unknown;
  role?: unknown;
  kind?: unknown;
  protocol?: unknown;
  target?: unknown;
  skipped?: unknown;
  title?: unknown;
  legs?: RawLeg[];
  parity?: RawFinding[];
  findings?: RawFinding[];
  diff?: RawFinding[];
  baseline?: { skipped?: unknown; legs?: RawLeg[] };
}

type RawLeg = { protocol?: unknown; skipped?: unknown; steps?: RawStep[] };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const leg = (v: unknown): LegProtocol | undefined => (v === 'h1' || v === 'h2' || v === 'h3' ? v : undefined);
const pairs = (v: unknown): Array<[string, string]> =>
  Array.isArray(v) ? v.filter((p): p is [unknown, unknown] => Array.isArray(p) && p.length >= 2).map(([n, x]) => [text(n), text(x)]) : [];

function roleOf(t: CollectedTest, record: RawRecord | undefined): string {
  const fromRecord = str(record?.role);
  if (fromRecord) return fromRecord;
  for (const part of t.titlePath) if ((ROLES as readonly string[]).includes(part)) return part;
  const title = t.titlePath[t.titlePath.length - 1] ?? '';
  const m = /^([a-z]+)[/:]/.exec(title);
  if (m && (ROLES as readonly string[]).includes(m[1])) return m[1];
  return 'other';
}

interface Context {
  rawSecrets: boolean;
  target: RunMeta['target'];
  baseline?: RunMeta['baseline'];
  failOn: RunMeta['failOn'];
}

const SHA256 = /^[0-9a-f]{64}$/;

/** Header names whose expectation findings carry values of secret headers. */
function secretAspect(id: string): boolean {
  const m = / header ([^ ]+)$/.exec(id);
  return m !== null && isSecretHeader(m[1]);
}

function toFinding(raw: RawFinding, protocol: FindingProtocol | undefined, ctx: Context): Omit<FindingReport, 'key'> {
  const verdict: Verdict = isVerdict(raw.verdict) ? raw.verdict : 'error';
  const source = (SOURCE_SET.has(text(raw.source)) ? text(raw.source) : 'capture') as FindingSource;
  const level = (LEVEL_SET.has(text(raw.level)) ? text(raw.level) : source === 'reference' ? 'info' : 'must') as Level;
  const id = text(raw.id) || '(finding without id)';
  let redacted = false;
  /** A value the target sent, shown as the report shows secrets (the actual and the baseline's value alike). */
  const shown = (value: string): string => {
    if (ctx.rawSecrets) return value;
    let out = value;
    if (raw.secret === true) out = describeSecret(value);
    else if (secretAspect(id)) {
      const name = / header ([^ ]+)$/.exec(id)![1].toLowerCase();
      out = name === 'set-cookie' ? redactSetCookieText(value) : name === 'cookie' ? redactHeaderValue(name, value) : describeSecret(value);
    } else if (/ discover\b/.test(id)) out = redactUrls(value);
    if (out !== value) redacted = true;
    return out;
  };
  const actual = shown(text(raw.actual));
  const out: Omit<FindingReport, 'key'> = { id, verdict, level, expected: text(raw.expected), actual, source };
  if (raw.baseline !== undefined) out.baseline = shown(text(raw.baseline));
  // A diff's expected value is the baseline's: redacted as the baseline's value is.
  if (source === 'baseline' && raw.expected !== undefined && raw.baseline !== undefined && text(raw.expected) === text(raw.baseline))
    out.expected = out.baseline!;
  if (str(raw.detail)) out.detail = ctx.rawSecrets ? str(raw.detail) : redactUrls(str(raw.detail)!);
  if (raw.bodies && typeof raw.bodies === 'object') {
    const b = str(raw.bodies.baseline);
    const c = str(raw.bodies.candidate);
    if ((b && SHA256.test(b)) || (c && SHA256.test(c)))
      out.bodies = { ...(b && SHA256.test(b) ? { baseline: b } : {}), ...(c && SHA256.test(c) ? { candidate: c } : {}) };
  }
  if (protocol) out.protocol = protocol;
  if (str(raw.clause)) out.clause = str(raw.clause);
  if (str(raw.shape)) out.shape = str(raw.shape);
  if (str(raw.message)) out.message = str(raw.message);
  if (redacted) out.redacted = true;
  if (str(raw.target)) out.target = str(raw.target);
  const known = verdict === 'known' ? knownMarkOf(raw.known) : undefined;
  if (known) out.known = known;
  return out;
}

/** A finding's known deviation as attached; fields checked, never trusted. */
function knownMarkOf(raw: Record<string, unknown> | undefined): KnownMark | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const was = isVerdict(raw.was) ? raw.was : 'fail';
  return { entry: num(raw.entry) ?? -1, id: text(raw.id), reason: text(raw.reason), ticket: text(raw.ticket), expires: text(raw.expires), was };
}

/** Every address in a text with its secret-looking query values redacted (signed URLs a page links). */
function redactUrls(value: string): string {
  return value.replace(/https?:\/\/[^\s,)"'<>]+/g, (u) => redactUrl(u));
}

function stepOf(findingId: string, stepIds: string[]): string | undefined {
  let best: string | undefined;
  for (const s of stepIds) if ((findingId === s || findingId.startsWith(`${s} `)) && (!best || s.length > best.length)) best = s;
  return best;
}

function parseRecord(t: CollectedTest): { record?: RawRecord; problem?: string } {
  const a = t.attachments.find((x) => x.name === 'findings');
  if (!a) return {};
  if (!a.body) return { problem: 'the findings attachment has no body' };
  try {
    const parsed = JSON.parse(a.body.toString('utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { problem: 'the findings attachment is not a JSON object' };
    return { record: parsed as RawRecord };
  } catch (e) {
    return { problem: `the findings attachment is not JSON: ${(e as Error).message}` };
  }
}

function skipReasonOf(t: CollectedTest): string | undefined {
  const a = t.annotations.find((x) => x.type === 'skip' || x.type === 'fixme');
  return a ? a.description || a.type : undefined;
}

function buildTest(t: CollectedTest, ctx: Context): TestReport {
  const { record, problem } = parseRecord(t);
  const role = roleOf(t, record);
  const fullTitle = t.titlePath.join(' › ');
  const title = t.titlePath[t.titlePath.length - 1] ?? '';
  const isReplay = record !== undefined && Array.isArray(record.legs);
  const isBrowser = record !== undefined && record.protocol === 'browser';
  const kind: TestKind = isBrowser ? 'browser-flow' : isReplay ? (record?.kind === 'flow' ? 'flow' : 'exchange') : 'test';
  const id = str(record?.id) ?? fullTitle;
  const key = anchor('t', id, t.project, t.file, fullTitle);

  // Every finding with the protocol it came from, in record order.
  const raw: Array<{ f: Omit<FindingReport, 'key'>; step?: string }> = [];
  const legs: LegReport[] = [];
  const stepIds: string[] = [];
  if (isReplay) {
    for (const l of record!.legs ?? []) for (const s of l.steps ?? []) if (str(s.id) && !stepIds.includes(str(s.id)!)) stepIds.push(str(s.id)!);
    for (const l of record!.legs ?? []) {
      const p = leg(l.protocol) ?? 'h1';
      for (const s of l.steps ?? []) for (const f of s.findings ?? []) raw.push({ f: toFinding(f, leg(f.protocol) ?? p, ctx), step: str(s.id) });
    }
    for (const f of record!.parity ?? []) raw.push({ f: toFinding(f, undefined, ctx) });
    for (const f of record!.diff ?? []) raw.push({ f: toFinding(f, leg(f.protocol), ctx) });
  } else if (isBrowser) {
    for (const f of record!.findings ?? []) raw.push({ f: toFinding(f, 'browser', ctx) });
  } else if (record && Array.isArray(record.findings)) {
    for (const f of record.findings) raw.push({ f: toFinding(f, leg(f.protocol), ctx) });
  }
  for (const r of raw) if (!r.step) r.step = stepOf(r.f.id, stepIds);

  const playwrightFailed = t.status === 'failed' || t.status === 'timedOut' || t.status === 'interrupted';
  const errorText = t.errors.join('\n\n');
  const recordSkip = str(record?.skipped);
  const testSkip = t.status === 'skipped' ? (skipReasonOf(t) ?? 'skipped') : undefined;
  const skipped = recordSkip ?? testSkip;
  const whole = { level: 'must' as const, source: 'capture' as const };
  if (problem) raw.push({ f: { id: `${id} findings`, verdict: 'error', expected: 'a findings attachment of JSON', actual: problem, ...whole } });
  if (raw.length === 0) {
    if (skipped !== undefined && !playwrightFailed) {
      raw.push({ f: { id, verdict: 'skip', expected: 'the test runs', actual: skipped, message: skipped, ...whole } });
    } else if (!playwrightFailed) {
      raw.push({ f: { id, verdict: 'pass', expected: 'the test passes', actual: 'passed', ...whole } });
    } else {
      // A test without findings: its assertion failures are the target's, anything else is the run's.
      const assertion = t.status === 'failed' && /expect\(|toBe|toEqual|toMatch|toContain|toHave|Expected/.test(errorText);
      raw.push({ f: { id, verdict: assertion ? 'fail' : 'error', expected: 'the test passes', actual: t.status, message: errorText || t.status, ...whole } });
    }
  } else if (playwrightFailed && !raw.some((r) => failsRun(r.f.verdict, ctx.failOn))) {
    // The findings say nothing failed but the test did (a harness error after the attachment, a timeout): keep it.
    raw.push({ f: { id: `${id} (test)`, verdict: 'error', expected: 'the test completes', actual: t.status, message: errorText || t.status, ...whole } });
  }

  // Findings keyed by test, id, protocol and occurrence; grouped into expectations by id.
  const seen = new Map<string, number>();
  const byId = new Map<string, Expectation>();
  for (const { f, step } of raw) {
    const occurrence = `${f.id}\u0000${f.protocol ?? ''}`;
    const n = seen.get(occurrence) ?? 0;
    seen.set(occurrence, n + 1);
    const finding: FindingReport = { key: anchor('f', `${f.id} ${f.protocol ?? ''}`, key, String(n)), ...f };
    let e = byId.get(f.id);
    if (!e) {
      e = {
        key: anchor('e', f.id, key),
        id: f.id,
        ...(step ? { step } : {}),
        verdict: 'pass',
        level: f.level,
        source: f.source,
        ...(f.clause ? { clause: f.clause } : {}),
        findings: [],
      };
      byId.set(f.id, e);
    }
    e.findings.push(finding);
    if (!e.clause && f.clause) e.clause = f.clause;
  }
  const expectations = [...byId.values()];
  for (const e of expectations) {
    e.verdict = summaryVerdict(e.findings.map((f) => f.verdict));
    e.level = strongest(e.findings.map((f) => f.level));
    const shaped = e.findings.find((f) => f.shape && f.verdict !== 'pass') ?? e.findings.find((f) => f.shape);
    const shape = shaped?.shape ? shapeByName(shaped.shape) : undefined;
    if (shaped?.shape)
      e.shape = shape
        ? { name: shape.name, description: shape.description, examples: [...shape.examples] }
        : { name: shaped.shape, description: '(unknown shape)', examples: [] };
  }

  const buildLegs = (raws: RawLeg[], prefix: string, exps: Expectation[], c: Context): LegReport[] =>
    raws.map((l) => {
      const p = leg(l.protocol) ?? 'h1';
      const steps: StepReport[] = (l.steps ?? []).map((s, i) => buildStep(s, p, i, `${prefix}${key}`, exps, c));
      return { protocol: p, ...(str(l.skipped) ? { skipped: str(l.skipped) } : {}), steps };
    });
  if (isReplay) legs.push(...buildLegs(record!.legs ?? [], '', expectations, ctx));
  const rawBaseline = isReplay ? record!.baseline : undefined;
  // The baseline's steps are shown beside the candidate's; its own spec findings are not the target's and are not counted.
  const baseline = rawBaseline
    ? {
        ...(str(rawBaseline.skipped) ? { skipped: str(rawBaseline.skipped) } : {}),
        legs: buildLegs(rawBaseline.legs ?? [], 'b-', [], { ...ctx, target: ctx.baseline ?? null }),
      }
    : undefined;

  const counts = emptyCounts();
  for (const e of expectations) counts[e.verdict]++;
  const report: TestReport = {
    key,
    id,
    title,
    titlePath: t.titlePath,
    project: t.project,
    file: t.file,
    role,
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
  if (isReplay) report.legs = legs;
  if (baseline) report.baseline = baseline;
  if (isBrowser) {
    const shot = t.attachments.find((a) => a.name === 'screenshot' && a.contentType === 'image/png' && a.body);
    report.browser = {
      ...(shot?.body ? { screenshot: `data:image/png;base64,${shot.body.toString('base64')}` } : {}),
      redirects: (t.redirects?.length
        ? t.redirects
        : redirectsFromFindings(
            id,
            raw.map((r) => r.f),
          )
      ).map((h) => (ctx.rawSecrets ? h : { status: h.status, url: redactUrl(h.url), location: redactUrl(h.location) })),
    };
  }
  return report;
}

/**
 * Redirect hops a flow stated in its findings (`<flow> <hop> status` 3xx and `<flow> <hop> location`),
 * for a flow whose HAR holds no redirect (the HAR is the browser's; a flow's findings are its own).
 */
function redirectsFromFindings(flowId: string, findings: Array<Omit<FindingReport, 'key'>>): RedirectHop[] {
  const out: RedirectHop[] = [];
  for (const f of findings) {
    if (!f.id.startsWith(`${flowId} `) || !f.id.endsWith(' location')) continue;
    const hop = f.id.slice(flowId.length + 1, -' location'.length);
    const status = Number(findings.find((x) => x.id === `${flowId} ${hop} status`)?.actual);
    if (status >= 300 && status < 400) out.push({ status, url: hop, location: f.actual });
  }
  return out;
}

function buildStep(s: RawStep, protocol: LegProtocol, index: number, testKey: string, expectations: Expectation[], ctx: Context): StepReport {
  const id = text(s.id);
  const step: StepReport = {
    key: anchor('s', `${id} ${protocol}`, testKey, String(index)),
    id,
    protocol,
    expectationKeys: expectations.filter((e) => e.step === id).map((e) => e.key),
  };
  if (str(s.skipped)) step.skipped = str(s.skipped);
  if (Array.isArray(s.noise)) step.noise = s.noise.map(text);
  if (s.discovered) {
    const shown = (u: unknown) => (ctx.rawSecrets ? text(u) : redactUrl(text(u)));
    const d = s.discovered;
    step.discovered = {
      template: text(d.template),
      from: shown(d.from),
      ...(str(d.url) ? { url: shown(d.url) } : {}),
      ...(str(d.via) ? { via: text(d.via) } : {}),
    };
  }
  if (s.request) {
    const url = text(s.request.url);
    const headers = pairs(s.request.headers);
    step.request = {
      method: text(s.request.method) || 'GET',
      url: ctx.rawSecrets ? url : redactUrl(url),
      headers: ctx.rawSecrets ? headers : headers.map(([n, v]) => [n, redactHeaderValue(n, v)]),
    };
    const command = reproduction(step.request, protocol, s.h3?.command, ctx);
    if (command) step.reproduce = command;
  }
  if (s.response) step.response = responseOf(s.response, protocol, ctx);
  if (protocol === 'h3' && s.h3 && typeof s.h3 === 'object') {
    step.h3 = { endpoint: text(s.h3.endpoint), ...(s.h3.twin && typeof s.h3.twin === 'object' ? { twin: responseOf(s.h3.twin, 'h1', ctx) } : {}) };
  }
  return step;
}

/**
 * The step's command: curl over h1 and h2; over h3 the Chromium command the replay recorded, its
 * addresses redacted as the request's are (a curl line would go over TCP and prove nothing of h3).
 */
function reproduction(request: NonNullable<StepReport['request']>, protocol: LegProtocol, recorded: unknown, ctx: Context): string | undefined {
  if (protocol === 'h3') {
    const command = str(recorded);
    return command && (ctx.rawSecrets ? command : redactUrls(command));
  }
  try {
    return reproduceCommand(request, protocol, ctx.target);
  } catch {
    return undefined; // a URL that does not parse: no command
  }
}

/** An answer as the report shows it: header values of secrets redacted, TLS summarised. */
function responseOf(r: RawResponse, protocol: LegProtocol, ctx: Context): ResponseReport {
  const lines = pairs(r.lines);
  const tls = r.tls && typeof r.tls === 'object' ? r.tls : undefined;
  return {
    protocol: text(r.protocol) || protocol,
    status: num(r.status) ?? 0,
    lines: ctx.rawSecrets ? lines : lines.map(([n, v]) => [n, redactHeaderValue(n, v)]),
    bodySize: num(r.bodySize) ?? 0,
    ...(num(r.decodedSize) !== undefined ? { decodedSize: num(r.decodedSize) } : {}),
    ...(str(r.decodeError) ? { decodeError: str(r.decodeError) } : {}),
    ...(tls
      ? {
          tls: {
            protocol: text(tls.protocol),
            ...(str(tls.peerSubject) ? { peerSubject: str(tls.peerSubject) } : {}),
            ...(str(tls.peerIssuer) ? { peerIssuer: str(tls.peerIssuer) } : {}),
            ...(str(tls.validFrom) ? { validFrom: str(tls.validFrom) } : {}),
            ...(str(tls.validTo) ? { validTo: str(tls.validTo) } : {}),
            ...(Array.isArray(tls.peerNames) ? { peerNames: tls.peerNames.map(text) } : {}),
          },
        }
      : {}),
    ...(num(r.timings?.totalMs) !== undefined ? { totalMs: num(r.timings?.totalMs) } : {}),
    ...(str(r.sha256) && SHA256.test(str(r.sha256)!) ? { sha256: str(r.sha256) } : {}),
    ...(str(r.title) ? { title: str(r.title)!.slice(0, 120) } : {}),
    ...(Array.isArray(r.markers) ? { markers: r.markers.map(text).slice(0, 12) } : {}),
    ...(str(r.redirect) ? { redirect: ctx.rawSecrets ? str(r.redirect) : redactUrl(str(r.redirect)!) } : {}),
  };
}

const roleIndex = (role: string) => {
  const i = (ROLES as readonly string[]).indexOf(role);
  return i < 0 ? ROLES.length : i;
};

function compareTests(a: TestReport, b: TestReport): number {
  return (
    roleIndex(a.role) - roleIndex(b.role) ||
    cmp(a.role, b.role) ||
    cmp(a.project, b.project) ||
    cmp(a.id, b.id) ||
    cmp(a.titlePath.join('\u0000'), b.titlePath.join('\u0000'))
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One entry per test: the last attempt wins (retries), tests identified by project and title path. */
function lastAttempts(tests: CollectedTest[]): CollectedTest[] {
  const byKey = new Map<string, CollectedTest>();
  for (const t of tests) {
    const k = `${t.project}\u0000${t.file}\u0000${t.titlePath.join('\u0000')}`;
    const prev = byKey.get(k);
    if (!prev || t.retry >= prev.retry) byKey.set(k, t);
  }
  return [...byKey.values()];
}

export function buildResults(input: BuildInput): ConformanceResults {
  const ctx: Context = {
    rawSecrets: input.run.rawSecrets,
    target: input.run.target,
    ...(input.run.baseline ? { baseline: input.run.baseline } : {}),
    failOn: input.run.failOn,
  };
  const built = lastAttempts(input.tests).map((t) => buildTest(t, ctx));
  const inconclusive = findInconclusive(built, input.run.failOn);
  const tests = [...built, ...inconclusive.tests].sort(compareTests);
  const totals = emptyCounts();
  const roles = new Map<string, RoleSummary>();
  const protocolMix: Record<string, number> = {};
  for (const t of tests) {
    const r = roles.get(t.role) ?? { role: t.role, counts: emptyCounts(), tests: 0 };
    r.tests++;
    for (const v of Object.keys(t.counts) as Verdict[]) {
      r.counts[v] += t.counts[v];
      totals[v] += t.counts[v];
    }
    roles.set(t.role, r);
    // Each leg's own answers, h3 included; an h3 step's twin is a second opinion on one request, not a response of its own.
    for (const l of t.legs ?? []) for (const s of l.steps) if (s.response) protocolMix[s.response.protocol] = (protocolMix[s.response.protocol] ?? 0) + 1;
    if (t.kind === 'browser-flow' && t.status !== 'skipped' && !t.skipped) protocolMix.browser = (protocolMix.browser ?? 0) + 1;
  }
  const runErrors = input.run.runErrors;
  const known = knownReport(tests, input.known, input.run.startedAt.slice(0, 10));
  const expired = known?.entries.some((e) => e.status === 'expired') ?? false;
  const failing = (Object.keys(totals) as Verdict[]).some((v) => totals[v] > 0 && failsRun(v, input.run.failOn));
  const status = failing || runErrors.length > 0 || expired ? 'failed' : 'passed';
  // A run that could not judge (an error outside tests, a role whose answers tested nothing) is not a conformance verdict.
  const exitCode = runErrors.length > 0 || inconclusive.roles.length > 0 ? 2 : status === 'failed' ? 1 : 0;
  const sortedMix = Object.fromEntries(Object.entries(protocolMix).sort(([a], [b]) => cmp(a, b)));
  return {
    schema: RESULTS_SCHEMA,
    run: { ...input.run, status, exitCode, protocolMix: sortedMix, ...(inconclusive.roles.length ? { inconclusive: inconclusive.roles } : {}) },
    totals,
    roles: [...roles.values()].sort((a, b) => roleIndex(a.role) - roleIndex(b.role) || cmp(a.role, b.role)),
    tests,
    ...(known ? { known } : {}),
    ...(input.previous ? { history: compareWithPrevious(tests, input.previous, input.run.startedAt, input.run.failOn) } : {}),
  };
}

/** Tests in verdict order (errors and failures first, passes last), order otherwise kept. */
export function failuresFirst(tests: readonly TestReport[]): TestReport[] {
  return tests
    .map((t, i) => [t, i] as const)
    .sort((a, b) => rank(a[0].verdict) - rank(b[0].verdict) || a[1] - b[1])
    .map(([t]) => t);
}
