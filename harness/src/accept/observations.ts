/**
 * What the target answered, step by step, as the report keeps it: each protocol leg's status,
 * header lines and cookies, the fields learned as noise, and the step's expectations with their
 * findings. Only the raw replay (`legs`) is read: that is the candidate; a browser flow has no
 * answer per step, and fields a later report version adds (baseline data) are not looked at. The
 * h3 leg is not read either: its answer is judged against its h1 twin (parity), never by the spec,
 * and its request is Chromium's, not the spec's, so it proposes no value and lends no noise.
 */
import { fieldLines, mergeRecordedNoise, NO_NOISE, readRecordedNoise, setCookiePair, withoutField, type RecordedNoise } from '../core';
import type { Observation } from '../har/observation';
import type { Placeholderizer } from '../har/role-mapping';
import { parseHttpDate } from '../shapes';
import { parseSetCookieLine } from '../spec-model/observe';
import type { ObservedCookie } from '../spec-model/observed';
import type { Expectation, TestReport } from '../report/types';
import type { Role } from '../target-map';

export interface LegAnswer {
  protocol: 'h1' | 'h2';
  status: number;
  /** Header lines in order, repeats kept, names lowercased; secrets possibly redacted (`‹secret: hex64, 64 chars›`). */
  lines: Array<[string, string]>;
  cookies: ObservedCookie[];
  bodySize: number;
  decodedSize?: number;
  /** The answer's Date, for expiries relative to it. */
  date?: Date;
}

/** The fields learned as volatile for a step, over any of its legs. */
/** A step's learned noise as accept reads it, from results.json's structured noise (core/noise-record.ts). */
export interface StepNoise {
  status: boolean;
  body: boolean;
  /** Header field names, lowercase. */
  fields: Set<string>;
  /** Of those, the fields that one answer had and the other not. */
  presence: Set<string>;
  /** Cookie name -> aspects (`value`, `expiry`, `path`, `domain`, `httponly`, `secure`, `samesite`, `lines`). */
  cookies: Map<string, Set<string>>;
}

export interface StepObservation {
  /** The exchange or flow the step belongs to (the test's id). */
  test: string;
  /** The spec exchange id, or the flow step id. */
  step: string;
  role: string;
  /** Scheme, host and port the step's request went to (of its first leg). */
  origin?: string;
  /** The address of that request, for har2spec's rules (a cookie's Domain is read against its host). */
  url?: string;
  /** Legs that have an answer, in report order. */
  legs: LegAnswer[];
  noise: StepNoise;
  expectations: Expectation[];
}

export interface TestObservation {
  id: string;
  kind: 'exchange' | 'flow';
  steps: StepObservation[];
  /** Expectations of the whole test (parity of a flow), tied to no step. */
  loose: Expectation[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Tests with a raw replay; anything else (browser flows, plain tests) has no answer to accept. */
export function replayTests(tests: readonly unknown[]): TestReport[] {
  return tests.filter((t): t is TestReport => isObject(t) && (t.kind === 'exchange' || t.kind === 'flow') && Array.isArray(t.legs) && typeof t.id === 'string');
}

export function stepNoise(n: RecordedNoise = NO_NOISE): StepNoise {
  return {
    status: n.status,
    body: n.body,
    fields: new Set(n.fields),
    presence: new Set(n.presence),
    cookies: new Map(Object.entries(n.cookies).map(([name, aspects]) => [name, new Set(aspects)])),
  };
}

function answerOf(protocol: 'h1' | 'h2', response: unknown): LegAnswer | undefined {
  if (!isObject(response) || typeof response.status !== 'number' || !Array.isArray(response.lines)) return undefined;
  const lines = response.lines
    .filter((p): p is [string, string] => Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'string')
    .map(([n, v]): [string, string] => [n.toLowerCase(), v]);
  const date = fieldLines(lines, 'date')[0];
  const answer: LegAnswer = {
    protocol,
    status: response.status,
    lines,
    cookies: fieldLines(lines, 'set-cookie').map((v) => cookieOf(v)),
    bodySize: typeof response.bodySize === 'number' ? response.bodySize : 0,
  };
  if (typeof response.decodedSize === 'number') answer.decodedSize = response.decodedSize;
  const parsed = date === undefined ? undefined : parseHttpDate(date.trim());
  if (parsed) answer.date = parsed;
  return answer;
}

/**
 * A Set-Cookie line parsed as the evaluation parses it. A redacted value (`‹secret: ...›`) is not a
 * header value undici accepts, so the line is parsed with a stand-in value and the value put back:
 * the attributes come out normalised the same way (SameSite=lax is "Lax") whether or not it was redacted.
 */
export function cookieOf(line: string): ObservedCookie {
  const { name, value, attributes } = setCookiePair(line);
  if (!/[^\u0000-\u00ff]/.test(line.slice(0, line.length - attributes.length))) return parseSetCookieLine(line);
  const stand: ObservedCookie = /[^\u0000-\u00ff]/.test(attributes)
    ? { name, value, httpOnly: /;\s*httponly\s*(;|$)/i.test(line), secure: /;\s*secure\s*(;|$)/i.test(line), line }
    : parseSetCookieLine(`${name || 'x'}=x${attributes}`);
  return { ...stand, name, value, line };
}

function originOf(request: unknown): string | undefined {
  if (!isObject(request) || typeof request.url !== 'string') return undefined;
  try {
    const u = new URL(request.url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The legs the spec's expectations judge: h1 and h2 (a report without a leg protocol is read as h1), never h3. */
const isSpecLeg = (protocol: unknown): boolean => protocol !== 'h3';

/** An expectation of an h3 leg (`parity h3 ...`, `h3 transport`): judged against the h1 twin, not a value of the spec file. */
export const isH3Expectation = (e: Expectation): boolean =>
  (isObject(e.compared) && e.compared.by === 'parity h3') || (Array.isArray(e.findings) && e.findings.some((f) => isObject(f) && f.protocol === 'h3'));

/** The test's steps in first-seen order, each with its legs' answers, noise and expectations. */
export function observeTest(test: TestReport): TestObservation {
  const steps = new Map<string, StepObservation>();
  const learned = new Map<string, RecordedNoise>();
  for (const leg of test.legs ?? []) {
    if (!isObject(leg) || !Array.isArray(leg.steps) || !isSpecLeg(leg.protocol)) continue;
    const protocol = leg.protocol === 'h2' ? 'h2' : 'h1';
    for (const s of leg.steps as unknown[]) {
      if (!isObject(s) || typeof s.id !== 'string') continue;
      let step = steps.get(s.id);
      if (!step) {
        step = { test: test.id, step: s.id, role: typeof test.role === 'string' ? test.role : '', legs: [], noise: stepNoise(), expectations: [] };
        steps.set(s.id, step);
      }
      step.origin ??= originOf(s.request);
      if (step.origin !== undefined) step.url ??= (s.request as { url: string }).url;
      const noise = readRecordedNoise(s.noise);
      if (noise) learned.set(s.id, mergeRecordedNoise(learned.get(s.id) ?? NO_NOISE, noise));
      if (typeof s.skipped === 'string' || leg.skipped !== undefined) continue;
      // One answer per step and leg: a step id seen twice on one leg keeps its first answer.
      if (step.legs.some((l) => l.protocol === protocol)) continue;
      const answer = answerOf(protocol, s.response);
      if (answer) step.legs.push(answer);
    }
  }
  for (const [id, noise] of learned) steps.get(id)!.noise = stepNoise(noise);
  const loose: Expectation[] = [];
  for (const e of Array.isArray(test.expectations) ? test.expectations : []) {
    if (!isObject(e) || typeof e.id !== 'string') continue;
    const owner = typeof e.step === 'string' ? steps.get(e.step) : undefined;
    if (owner) owner.expectations.push(e);
    else loose.push(e);
  }
  return { id: test.id, kind: test.kind === 'flow' ? 'flow' : 'exchange', steps: [...steps.values()], loose };
}

/**
 * The step's answers as har2spec reads a capture's entries (`har/observation.ts`), so that accept
 * proposes through the rules har2spec derives with: one observation per leg, all of one deployment
 * (the run's target), each with its status, header lines (Set-Cookie as cookies) with the target
 * map's placeholders applied as har2spec applies a capture's (`retemplate`), Date and body size.
 */
export function harObservations(step: Pick<StepObservation, 'legs' | 'origin' | 'url'>, role: Role, ph: Placeholderizer): Observation[] {
  const url = new URL(step.url ?? step.origin ?? 'https://target.invalid/');
  return step.legs.map((l, index) => ({
    file: 'results.json',
    deployment: url.host,
    index,
    url: url.href,
    host: url.hostname.toLowerCase(),
    role,
    method: 'GET',
    path: `${url.pathname}${url.search}`,
    template: `${url.pathname}${url.search}`,
    requestHeaders: [],
    requestCookies: [],
    status: l.status,
    headers: withoutField(l.lines, 'set-cookie')
      .filter(([n]) => !n.startsWith(':'))
      .map(([n, v]): [string, string] => [n, ph.apply(v)]),
    setCookies: l.cookies.map(({ line: _line, ...c }) => c),
    ...(l.date ? { date: l.date.getTime() } : {}),
    body: { size: l.bodySize, mimeType: (fieldLines(l.lines, 'content-type')[0] ?? '').toLowerCase() },
  }));
}
