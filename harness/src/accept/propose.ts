/**
 * From what a target answered to spec changes: `missing` adds what the spec is silent about (as the
 * reference's choice, informational, with a clause naming where it was accepted from), `changed`
 * moves `info` expectations that were not met to the observed value and refuses the rest with the
 * reason. Existing expectations are only ever replaced where `changed` names them; everything else
 * keeps its bytes, so the diff shows exactly what is proposed.
 */
import { fieldKey, readAspect, type Level } from '../core';
import { BODY_BOUND, comparedField } from '../noise/fields';
import type { ConformanceResults, Expectation } from '../report/types';
import { BODY_SIZE_RULE } from '../har/answer-rules';
import { selects } from '../spec-model/check';
import type { CookieSpec, ExchangeSpec, FlowSpec, HeaderSpec, MatcherMeta, MatcherSpec } from '../spec-model/types';
import { selectSteps } from './ids';
import { notMet, refusalFor, reportedLevel } from './levels';
import { isH3Expectation, observeTest, replayTests, type StepObservation, type TestObservation } from './observations';
import type { Mode } from './options';
import { targetPlaceholders, type Placeholders } from './placeholders';
import { format, indexSteps, replaceForm, specLevel, stronger, type SpecDoc, type StepLocation } from './spec-files';
import { cookieAttribute, cookieSpec, headerMatcher, statusMatcher, withMeta, type Accepted } from './values';

export interface ProposeInput {
  results: ConformanceResults;
  /** Edited in place. */
  specs: SpecDoc[];
  mode: Mode;
  ids: readonly string[];
}

export interface Refusal {
  /** The expectation id, as the report names it. */
  id: string;
  reason: string;
}

export interface FileChange {
  spec: SpecDoc;
  /** The file's new text. */
  after: string;
}

export interface Proposal {
  /** Ids of added expectations: `site/home header x-powered-by`, `site/home cookie sid`. */
  additions: string[];
  /** Ids of changed expectations. */
  changes: string[];
  refused: Refusal[];
  /** What was looked at and left alone, and why (steps no spec holds, fields sent over one leg only). */
  notes: string[];
  /** Files whose text changes, in file order. */
  files: FileChange[];
  /** Steps looked at (selected, answered, held by a spec file). */
  steps: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where an added expectation came from, short and without machine paths. */
function acceptedFrom(results: ConformanceResults, obs: StepObservation, test: TestObservation): string {
  const target = results.run?.target;
  if (target?.origin === 'reference') return 'the reference';
  if (obs.origin) return obs.origin;
  const url = target?.roles?.[obs.role]?.[0];
  if (typeof url === 'string') {
    try {
      return new URL(url).origin;
    } catch {
      /* fall through */
    }
  }
  const all = [...obs.expectations, ...test.steps.flatMap((s) => s.expectations), ...test.loose];
  const named = all.flatMap((e) => (Array.isArray(e.findings) ? e.findings : [])).find((f) => typeof f.target === 'string')?.target;
  return named ? `target ${named}` : 'the target';
}

/** The editable step, its observation and what the proposal collects. */
interface StepWork {
  obs: StepObservation;
  step: ExchangeSpec;
  /** The flow the step belongs to: its checks judge the step too. */
  flow?: FlowSpec;
  place: Placeholders;
  meta: MatcherMeta;
  out: Proposal;
}

function addMissing(w: StepWork): void {
  const { obs, step, place, meta, out } = w;
  const expect = step.expect;
  const note = (aspect: string, reason: string) => out.notes.push(`${obs.step} ${aspect}: not added: ${reason}`);
  if (expect.status === undefined) {
    const status = statusMatcher(obs.legs, obs.noise.status);
    if (status.value !== undefined) {
      expect.status = withMeta(status.value, meta) as MatcherSpec;
      out.additions.push(`${obs.step} status`);
    } else note('status', status.reason);
  }

  const covered = new Set(Object.keys(expect.headers ?? {}).map((k) => k.toLowerCase()));
  const names = [...new Set(obs.legs.flatMap((l) => l.lines.map(([n]) => n)))];
  for (const name of names) {
    if (covered.has(name) || name.startsWith(':') || !comparedField(name)) continue;
    // A field one answer had and the other not: no expectation of it would hold on the next answer.
    if (obs.noise.presence.has(name)) {
      note(`header ${name}`, 'present on one answer to the same request and not on the other (learned as noise)');
      continue;
    }
    const noise = obs.noise.fields.has(name) || (obs.noise.body && BODY_BOUND.has(name));
    const header = headerMatcher(name, obs, noise, place);
    // Left to a check (Content-Length against the body, a request id): the check, as har2spec selects it.
    if (header.checks) {
      for (const id of header.checks) addCheck(w, id);
      continue;
    }
    if (header.value === undefined) {
      note(`header ${name}`, header.reason);
      continue;
    }
    expect.headers ??= {};
    expect.headers[name] = withMeta(header.value, meta);
    out.additions.push(`${obs.step} header ${name}`);
  }

  const cookies = [...new Set(obs.legs.flatMap((l) => l.cookies.map((c) => c.name)))];
  for (const name of cookies) {
    if (name === '' || (expect.cookies && name in expect.cookies)) continue;
    const cookie = cookieSpec(name, obs, obs.noise.cookies.get(name) ?? new Set(), place);
    if (cookie.value === undefined) {
      note(`cookie ${name}`, cookie.reason);
      continue;
    }
    expect.cookies ??= {};
    expect.cookies[name] = { ...meta, ...cookie.value } as CookieSpec;
    out.additions.push(`${obs.step} cookie ${name}`);
  }
}

/**
 * A check har2spec selects for a field it leaves to it (`body/content-length-matches`, `headers/request-id`),
 * added where neither the step nor its flow selects it yet, at `info` as everything accept adds.
 */
function addCheck(w: StepWork, id: string): void {
  const { obs, step, flow, out } = w;
  if ([...(step.checks ?? []), ...(flow?.checks ?? [])].some((p) => selects(p, id))) return;
  if (step.checks) step.checks.push(id);
  else step.checks = [id];
  step.checkLevels ??= {};
  step.checkLevels[id] = 'info';
  out.additions.push(`${obs.step} check ${id}`);
}

/** One expectation `changed` may set: where it is, what weighs it, and its new value. */
interface Edit {
  /** Matchers from the step down to the expectation, for its level. */
  chain: unknown[];
  /** The new value of the spot, or why there is none. */
  next: () => Accepted<unknown>;
  current: unknown;
  set: (value: unknown) => void;
}

const COOKIE_ATTRIBUTES: Readonly<Record<string, keyof CookieSpec>> = {
  value: 'value',
  path: 'path',
  domain: 'domain',
  expires: 'expires',
  'max-age': 'maxAge',
  httponly: 'httpOnly',
  secure: 'secure',
  samesite: 'sameSite',
};

/** A new matcher in the place of the old one, the old one's meta kept. */
const kept = (current: unknown, a: Accepted<HeaderSpec>): Accepted<unknown> => (a.value === undefined ? a : { value: replaceForm(current, a.value) });

export const H3_REFUSAL = 'the h3 answer is judged against its h1 twin (protocol parity), not by the spec: fix the target, there is no spec value to change';

const NO_BODY = 'results.json does not hold the body, so there is no observed value to set: change it by hand';

const COMPARISON = 'not a value of the spec file (a comparison the replay makes between answers)';

/**
 * The spot of the spec an expectation is about (its aspect: the status, a header, a cookie or one of its attributes, a body fact), or why it has none.
 * Long as a table of cases is: one per aspect kind, each an Edit whose `next` and `set` close over
 * the spec object it changes; side by side, they show that every kind is handled.
 */
function locate(e: Expectation, w: StepWork): Edit | { chain: unknown[]; reason: string } {
  const { obs, step, place } = w;
  const expect = step.expect;
  const gone = (what: string) => ({ chain: [], reason: `the spec no longer has ${what} for ${obs.step} (changed since the run?)` });
  if (e.compared !== undefined) return { chain: [], reason: COMPARISON };
  const aspect = readAspect(e.aspect);
  if (!aspect) return { chain: [], reason: 'the report does not say what of the answer it is about' };
  if (aspect.kind === 'status') {
    if (expect.status === undefined) return gone('a status');
    return {
      chain: [expect.status],
      current: expect.status,
      next: () => kept(expect.status, statusMatcher(obs.legs, obs.noise.status)),
      set: (v) => (expect.status = v as MatcherSpec),
    };
  }
  if (aspect.kind === 'header') {
    const name = aspect.name;
    const key = fieldKey(expect.headers ?? {}, name);
    if (key === undefined) return gone(`header ${name}`);
    const headers = expect.headers!;
    const noise = obs.noise.fields.has(name) || (obs.noise.body && BODY_BOUND.has(name));
    return {
      chain: [headers[key]],
      current: headers[key],
      next: () => kept(headers[key], headerMatcher(name, obs, noise, place)),
      set: (v) => (headers[key] = v as HeaderSpec),
    };
  }
  if (aspect.kind === 'cookie') {
    const { name, attribute: attrName } = aspect;
    const cookies = expect.cookies ?? {};
    const cs = cookies[name];
    if (!isObject(cs)) return gone(`cookie ${name}`);
    const noisy = obs.noise.cookies.get(name) ?? new Set<string>();
    if (attrName === undefined)
      return { chain: [cs], current: cs, next: () => cookiePresence(name, cs, w, noisy), set: (v) => (cookies[name] = v as CookieSpec) };
    const attr = COOKIE_ATTRIBUTES[attrName];
    if (!attr) return { chain: [cs], reason: `"${attrName}" is not a cookie attribute of the spec model` };
    if (!(attr in cs)) return gone(`cookie ${name} ${attrName}`);
    const current = cs[attr];
    return {
      chain: [cs, current],
      current,
      next: () => {
        const value = cookieAttribute(name, attr, obs, noisy, place);
        if (value.value === undefined) return value;
        return typeof value.value === 'boolean' ? { value: value.value } : kept(current, value as Accepted<MatcherSpec>);
      },
      set: (v) => ((cs as Record<string, unknown>)[attr] = v),
    };
  }
  if (aspect.kind === 'body') {
    const body = expect.body;
    if (!isObject(body)) return gone('a body expectation');
    const which = aspect.fact;
    if (which === 'size' || which === 'decoded-size') {
      const key = which === 'size' ? 'size' : 'decodedSize';
      if (body[key] === undefined) return gone(`body ${which}`);
      // As har2spec: a size is one deployment's file, never taken from an answer.
      return { chain: [body, body[key]], reason: BODY_SIZE_RULE.reason };
    }
    if (which === 'empty') {
      const empty = obs.legs.map((l) => l.bodySize === 0);
      const agreed = empty.length > 0 && empty.every((e) => e === empty[0]) ? empty[0] : undefined;
      return {
        chain: [body],
        current: body.empty,
        next: () =>
          agreed === undefined
            ? { reason: obs.legs.length ? 'the legs disagree on whether the body is empty' : 'no answer was recorded for it' }
            : { value: agreed },
        set: (v) => (body.empty = v as boolean),
      };
    }
    return { chain: [body], reason: NO_BODY };
  }
  if (aspect.kind === 'check') return { chain: [], reason: 'a named check is code (harness/src/checks), not a value of the spec file' };
  return {
    chain: [],
    reason: `not a value of the spec file (${aspect.kind === 'discover' ? 'the address a step discovers' : 'whether an answer came at all'})`,
  };
}

/** A cookie's presence and line count: set the count seen, or `absent` when it was not set. */
function cookiePresence(name: string, cs: CookieSpec, w: StepWork, noisy: ReadonlySet<string>): Accepted<unknown> {
  const { obs, place } = w;
  const whole = cookieSpec(name, obs, noisy, place);
  if (whole.value === undefined) return whole;
  const meta = Object.fromEntries(Object.entries(cs).filter(([k]) => ['source', 'level', 'when', 'clause', 'note'].includes(k)));
  if (whole.value.absent) return { value: { ...meta, absent: true } };
  if (cs.absent) return { value: { ...meta, ...whole.value } };
  const counts = obs.legs.map((l) => l.cookies.filter((c) => c.name === name).length);
  if (!counts.every((n) => n === counts[0]))
    return { reason: `set on ${counts.join(' and ')} lines over ${obs.legs.map((l) => l.protocol).join(' and ')}: no one count fits both` };
  return { value: { ...cs, count: counts[0] } };
}

function changeFailing(w: StepWork, expectations: readonly Expectation[]): void {
  const { step, out } = w;
  for (const e of expectations) {
    if (!notMet(e)) continue;
    // Before the level: an h3 difference is refused for what it is, whatever its level.
    if (isH3Expectation(e)) {
      out.refused.push({ id: e.id, reason: H3_REFUSAL });
      continue;
    }
    const spot = locate(e, w);
    const level: Level = stronger(reportedLevel(e), spot.chain.length ? specLevel(step, spot.chain) : reportedLevel(e));
    const byLevel = refusalFor(level);
    if (byLevel) {
      out.refused.push({ id: e.id, reason: byLevel });
      continue;
    }
    if ('reason' in spot) {
      out.refused.push({ id: e.id, reason: spot.reason });
      continue;
    }
    const next = spot.next();
    if (next.value === undefined) {
      out.refused.push({ id: e.id, reason: `no value to accept: ${next.reason}` });
      continue;
    }
    const value = next.value;
    if (JSON.stringify(value) === JSON.stringify(spot.current)) {
      out.notes.push(`${e.id}: unchanged: what was observed gives the value the spec already has (${JSON.stringify(spot.current)})`);
      continue;
    }
    spot.set(value);
    out.changes.push(e.id);
  }
}

export function propose(input: ProposeInput): Proposal {
  const { results, specs, mode } = input;
  const out: Proposal = { additions: [], changes: [], refused: [], notes: [], files: [], steps: 0 };
  const tests = selectSteps(replayTests(results.tests).map(observeTest), input.ids);
  const index = indexSteps(specs);
  const place = targetPlaceholders(results.run?.target);
  const unknown: string[] = [];
  const unanswered: string[] = [];
  for (const test of tests) {
    for (const obs of test.steps) {
      const at: StepLocation | undefined = index.get(obs.step);
      if (!at) {
        unknown.push(obs.step);
        continue;
      }
      if (obs.legs.length === 0) {
        unanswered.push(obs.step);
        continue;
      }
      out.steps++;
      const meta: MatcherMeta = { source: 'reference', clause: `accepted from ${acceptedFrom(results, obs, test)} (npm run accept, ${mode})` };
      const work: StepWork = { obs, step: at.step, ...(at.flow ? { flow: at.flow } : {}), place, meta, out };
      if (mode === 'missing' || mode === 'all') addMissing(work);
      if (mode === 'changed' || mode === 'all') changeFailing(work, obs.expectations);
    }
    if (mode === 'changed' || mode === 'all') {
      for (const e of test.loose) {
        if (!notMet(e)) continue;
        out.refused.push({ id: e.id, reason: refusalFor(reportedLevel(e)) ?? COMPARISON });
      }
    }
  }
  if (unknown.length)
    out.notes.push(
      `skipped ${unknown.length} step${unknown.length === 1 ? '' : 's'} no spec file holds (tests defined in code, or ids removed since the run): ${listed(unknown)}`,
    );
  if (unanswered.length)
    out.notes.push(
      `skipped ${unanswered.length} step${unanswered.length === 1 ? '' : 's'} without an answer in the run (skipped there): ${listed(unanswered)}`,
    );
  for (const spec of specs) {
    const after = format(spec.doc);
    if (after === spec.text) continue;
    if (!spec.canonical)
      out.notes.push(`${spec.name} was not formatted as the repository writes spec files (JSON.stringify with 2 spaces): the diff reformats it too`);
    out.files.push({ spec, after });
  }
  return out;
}

function listed(ids: readonly string[]): string {
  return ids.length > 5 ? `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more` : ids.join(', ');
}
