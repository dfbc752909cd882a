/**
 * One leg of an item: its steps sent in order over one protocol, with one cookie jar and the flow
 * variables each step captures for the next. Sending only: what the answers mean is `evaluate-leg.ts`'s.
 * A step that cannot be sent (a value missing, an address outside the map, no answer) skips every
 * step after it, naming why.
 */
import { newStepRecord, type LegRecord, type Protocol, type StepRecord } from '../record';
import { defaultLevel, fieldLines, fieldValue, judged, unjudged, type Aspect, type TargetOrigin } from '../core';
import type { ObservedExchange } from '../spec-model/observed';
import type { PlaceholderValues } from '../spec-model/placeholders';
import type { ExchangeSpec, FlowSpec, FlowStep } from '../spec-model/types';
import { UnmappedPlaceholderError, type Role } from '../target-map';
import type { ObservedResponse } from '../transport/send';
import type { ReplayClients } from './clients';
import { CookieJar } from './cookie-jar';
import { disagreementFindings, missFinding, resolveDiscover } from './discovered';
import { sendObserved, transportFinding, type SentExchange } from './exchange';
import { buildRequest, RefusedAddressError, replayPlaceholders, StepSkip, type BuiltRequest } from './request';

export interface ReplayOptions {
  role: Role;
  /** Name of the target in findings (differential runs keep two). Default: the map's origin. */
  targetName?: string;
  /** Ask every step twice on each protocol, agreeing or not (a baseline, whose noise excuses a comparison with another target). */
  alwaysRepeat?: boolean;
  /**
   * How a miss is judged: `reference` (every miss fails: the embedded reference must keep the
   * hand-written specs it embodies, recommendations and its own choices included) or `user` (at
   * the expectation's level). Default: who answers (the map's origin). A spec folder other than
   * the repository's specs/ (derived specs, a team's own) is judged at its own levels whatever the target.
   */
  judgedAs?: TargetOrigin;
}

/** How the replay judges a miss of this item: as `options.judgedAs` says, else by who answers. */
export const judgedAsOf = (options: Pick<ReplayOptions, 'judgedAs'>, clients: ReplayClients): TargetOrigin => options.judgedAs ?? clients.map.origin;

/** One step as sent on one leg: its record, its answer, and what it was evaluated with. */
export interface SentStep {
  step: FlowStep;
  rec: StepRecord;
  observed?: ObservedExchange;
  response?: ObservedResponse;
  values?: PlaceholderValues;
  /** The request body sent (the HTTP/3 leg sends it again). */
  body?: Buffer;
}

export const levelOf = (step: ExchangeSpec): NonNullable<ExchangeSpec['level']> => step.level ?? defaultLevel(step.source);

export const stepsOf = (item: ExchangeSpec | FlowSpec): FlowStep[] => ('steps' in item ? item.steps : [item]);

/** What the steps of one leg share. */
interface Leg {
  protocol: Protocol;
  clients: ReplayClients;
  options: ReplayOptions;
  target: string;
  jar: CookieJar;
  /** Flow variables captured so far. */
  vars: Record<string, string>;
  base: PlaceholderValues;
}

/** Why the steps after this one are not sent. */
type Stop = { stop: string };

/** Sends every step of one leg in order (one cookie jar, flow variables captured); evaluates nothing. */
export async function sendLeg(
  protocol: Protocol,
  item: ExchangeSpec | FlowSpec,
  clients: ReplayClients,
  options: ReplayOptions,
): Promise<{ leg: LegRecord; sent: SentStep[] }> {
  const leg: Leg = {
    protocol,
    clients,
    options,
    target: options.targetName ?? clients.map.origin,
    jar: new CookieJar(),
    vars: {},
    base: replayPlaceholders(clients.map),
  };
  const record: LegRecord = { protocol, steps: [] };
  const sent: SentStep[] = [];
  let stopped: string | undefined;
  for (const step of stepsOf(item)) {
    const s: SentStep = { step, rec: newStepRecord(step.id, protocol) };
    record.steps.push(s.rec);
    sent.push(s);
    if (stopped) s.rec.skipped = stopped;
    else stopped = (await sendStep(s, leg))?.stop;
  }
  return { leg: record, sent };
}

const REQUEST: Aspect = { kind: 'fact', name: 'request' };

/** A step's finding that compares no expectation: it could not run (skip), got no answer (error), or the target sent it off the map (a miss of must). */
function finding(
  s: SentStep,
  leg: Leg,
  id: string,
  outcome: 'skip' | 'error' | 'off-map',
  expected: string,
  actual: string,
  message?: string,
  aspect?: Aspect,
): void {
  const fields = {
    id,
    ...(aspect ? { aspect } : {}),
    level: outcome === 'off-map' ? ('must' as const) : levelOf(s.step),
    expected,
    actual,
    ...(message ? { message } : {}),
    source: s.step.source,
    target: leg.target,
    protocol: leg.protocol,
  };
  s.rec.findings.push(outcome === 'off-map' ? judged(false, fields, judgedAsOf(leg.options, leg.clients)) : unjudged(outcome, fields));
}

const transportOn = (s: SentStep, leg: Leg) => ({
  role: leg.options.role,
  level: levelOf(s.step),
  source: s.step.source,
  target: leg.target,
  protocol: leg.protocol,
});

async function sendStep(s: SentStep, leg: Leg): Promise<Stop | undefined> {
  const values = await valuesOf(s, leg);
  if ('stop' in values) return values;
  s.values = values.values;
  const built = requestOf(s, values.values, leg);
  if ('stop' in built) return built;
  const { req } = built;
  s.rec.request = { method: req.method, url: req.url, headers: Object.entries(req.headers) };
  const url = new URL(req.url);
  if (leg.protocol === 'h2') {
    const closed = await h2Closed(s, url, leg);
    if (closed) return closed;
  }
  const spec = { url: req.url, method: req.method, headers: req.headers, ...(req.body ? { body: req.body } : {}) };
  if (req.body) s.body = req.body;
  await leg.clients.beforeRequest?.(spec, leg.protocol);
  let sent: SentExchange;
  try {
    sent = await sendObserved(leg.clients, leg.protocol, spec, leg.target, s.rec);
  } catch (e) {
    s.rec.findings.push(transportFinding(s.step.id, e, transportOn(s, leg)));
    return { stop: 'an earlier step got no response' };
  }
  const { observed, response } = sent;
  s.observed = observed;
  s.response = response;
  leg.jar.store(req.url, fieldLines(observed.lines, 'set-cookie'));
  keepCaptures(s, observed, leg);
  return undefined;
}

/** The step's placeholder values: the run's, the flow variables so far, and what its `discover` block found. */
async function valuesOf(s: SentStep, leg: Leg): Promise<{ values: PlaceholderValues } | Stop> {
  const { step, rec } = s;
  const values: PlaceholderValues = Object.assign({}, leg.base, asPlaceholders(leg.vars));
  if (!step.discover) return { values };
  const r = await resolveDiscover(step, leg.clients, leg.options.role, values);
  if (r.kind === 'skip') {
    rec.skipped = r.reason;
    finding(s, leg, `${step.id} request`, 'skip', 'a request that can be built', r.reason, undefined, REQUEST);
    return { stop: `an earlier step was skipped (${r.reason})` };
  }
  if (r.kind === 'miss') {
    rec.discovered = { template: r.miss.template, from: r.miss.from };
    rec.findings.push(Object.assign(missFinding(step, r.miss, judgedAsOf(leg.options, leg.clients), leg.target), { protocol: leg.protocol }));
    return { stop: 'an earlier step found no address to ask for' };
  }
  rec.discovered = { template: r.found.template, from: r.found.from, url: r.found.url, via: r.found.via };
  rec.findings.push(
    ...disagreementFindings(step, r.found, judgedAsOf(leg.options, leg.clients), leg.target).map((f) => Object.assign(f, { protocol: leg.protocol })),
  );
  return { values: Object.assign({}, values, asPlaceholders(r.vars)) };
}

const asPlaceholders = (vars: Record<string, string>): PlaceholderValues => Object.fromEntries(Object.entries(vars).map(([k, v]) => [`{{${k}}}`, v]));

function requestOf(s: SentStep, values: PlaceholderValues, leg: Leg): { req: BuiltRequest } | Stop {
  const { step, rec } = s;
  try {
    return { req: buildRequest(step, values, leg.clients.map, leg.options.role, leg.jar) };
  } catch (e) {
    if (e instanceof StepSkip || e instanceof UnmappedPlaceholderError) {
      const reason = e instanceof UnmappedPlaceholderError ? `role not mapped (${e.role})` : e.message;
      rec.skipped = reason;
      finding(s, leg, `${step.id} request`, 'skip', 'a request that can be built', reason, undefined, REQUEST);
      return { stop: `an earlier step was skipped (${reason})` };
    }
    if (e instanceof RefusedAddressError) {
      finding(s, leg, `${step.id} request`, 'off-map', 'an address at an origin of the target map', e.url, `${leg.options.role}: ${e.message}`, REQUEST);
      return { stop: `an earlier step named an address outside the target map (${e.url})` };
    }
    throw e;
  }
}

/** Over h2, whether the origin offers it (ALPN): the leg stops where it does not, or where the probe got no answer. */
async function h2Closed(s: SentStep, url: URL, leg: Leg): Promise<Stop | undefined> {
  let probe;
  try {
    probe = await leg.clients.h2.probe(url.origin);
  } catch (e) {
    s.rec.findings.push(transportFinding(s.step.id, e, transportOn(s, leg)));
    return { stop: 'an earlier step got no response' };
  }
  if (probe.offered) return undefined;
  s.rec.skipped = probe.reason;
  return { stop: probe.reason };
}

/** The step's `capture`s become flow variables; one that finds nothing is a finding of the step. */
function keepCaptures(s: SentStep, observed: ObservedExchange, leg: Leg): void {
  const { step } = s;
  for (const [name, value, from] of capture(step, observed, leg.jar)) {
    if (value !== undefined) {
      leg.vars[name] = value;
      continue;
    }
    const fields = {
      id: `${step.id} capture ${name}`,
      aspect: { kind: 'fact' as const, name: `capture ${name}` },
      level: levelOf(step),
      expected: `a value from ${from}`,
      actual: '(absent)',
      source: step.source,
    };
    s.rec.findings.push(
      judged(false, Object.assign({}, fields, { clause: step.clause, target: leg.target, protocol: leg.protocol }), judgedAsOf(leg.options, leg.clients)),
    );
  }
}

function capture(step: FlowStep, observed: ObservedExchange, jar: CookieJar): Array<[string, string | undefined, string]> {
  const out: Array<[string, string | undefined, string]> = [];
  for (const [name, c] of Object.entries(step.capture ?? {})) {
    let raw: string | undefined;
    let from: string;
    if (c.cookie !== undefined) {
      from = `cookie ${c.cookie}`;
      const set = observed.cookies.filter((x) => x.name === c.cookie);
      raw = set.length ? set[set.length - 1].value : jar.get(c.cookie);
    } else {
      from = `header ${c.header}`;
      raw = fieldValue(observed.lines, c.header ?? '');
    }
    let value = raw;
    if (raw !== undefined && c.regex !== undefined) {
      const m = new RegExp(c.regex).exec(raw);
      value = m ? (m[1] ?? m[0]) : undefined;
      from += ` matching /${c.regex}/`;
    }
    out.push([name, value, from]);
  }
  return out;
}
