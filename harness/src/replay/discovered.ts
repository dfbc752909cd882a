/**
 * The replay's side of discovery: the source request of a `discover` block (an exchange of the
 * specs, itself perhaps discovered, or an address), the page read once per run through the h1
 * client, and the discovered address turned into the step's flow variables.
 */
import type { ReplayFinding } from '../record';
import type { Dispatcher } from 'undici';
import { defaultLevel, fieldLines, InternalError, judged, signedValues, unjudged, type TargetOrigin } from '../core';
import { SourceUnreadableError } from '../discover/errors';
import { describeMiss, Discovery, missSecrets, type Discovered, type DiscoverMiss, type SourceRequest } from '../discover/discovery';
import { discoverSource, isAddress } from '../spec-model/load';
import { toObservedExchange } from '../spec-model/observe';
import { fillPlaceholders, MissingValueError, type PlaceholderValues } from '../spec-model/placeholders';
import type { ExchangeSpec } from '../spec-model/types';
import { refusedAddress, ROLE_PLACEHOLDERS, sideNamed, UnmappedPlaceholderError, type Role, type TargetMap } from '../target-map';
import { send, type RequestLimits } from '../transport/send';
import { buildRequest, replayPlaceholders, StepSkip } from './request';

/** What a source page is asked with when the spec names an address rather than an exchange. */
export const SOURCE_HEADERS: Readonly<Record<string, string>> = {
  accept: 'text/html,application/xhtml+xml,text/css;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
};

/** A Discovery whose pages are read over the given HTTP/1.1 dispatcher, within the limits of its map. */
export function discoveryOver(dispatcher: Dispatcher, limits: RequestLimits): Discovery {
  return new Discovery(async (req) => {
    const response = await send(dispatcher, { url: req.url, headers: req.headers }, limits);
    const observed = toObservedExchange({
      target: '',
      request: { url: req.url, headers: Object.entries(req.headers) },
      response,
      protocol: 'h1',
      startedAt: new Date(),
      totalMs: 0,
      bodyCapBytes: limits.bodyCapBytes,
    });
    if (observed.decodeError) throw new SourceUnreadableError(`its body could not be decoded: ${observed.decodeError}`);
    const type = fieldLines(observed.lines, 'content-type')[0];
    return {
      url: req.url,
      status: observed.status,
      ...(type ? { contentType: type } : {}),
      text: observed.decoded?.toString('utf8') ?? '',
      link: fieldLines(observed.lines, 'link'),
    };
  });
}

export type Resolution =
  | { kind: 'found'; found: Discovered; vars: Record<string, string>; document: SourceRequest }
  | { kind: 'miss'; miss: DiscoverMiss }
  | { kind: 'skip'; reason: string };

export interface DiscoverContext {
  map: TargetMap;
  discovery: Discovery;
}

function originOf(values: PlaceholderValues, role: Role): string {
  const origin = values[ROLE_PLACEHOLDERS[role]];
  if (origin === undefined) throw new UnmappedPlaceholderError(ROLE_PLACEHOLDERS[role], role);
  return origin;
}

/** The flow variables a discovered address gives its step: {{found}}, {{found_path}}, {{<part>}}. */
export function discoveredVars(found: Discovered): Record<string, string> {
  const url = new URL(found.url);
  return { ...found.parts, found: url.href, found_path: `${url.origin}${url.pathname}` };
}

/** The target's own hosts: stylesheets elsewhere are listed as looked at, not read. */
function offMap(map: TargetMap): (url: URL) => string | undefined {
  // The one gate of addresses a target steers: a linked stylesheet is read only on a mapped origin.
  return (url) => refusedAddress(map, url.href);
}

/** The request of a discover block's source page, and the document that led to it (a page that links a stylesheet). */
interface Source {
  req: SourceRequest;
  widen?: SourceRequest;
}

async function sourceOf(
  step: ExchangeSpec,
  ctx: DiscoverContext,
  role: Role,
  values: PlaceholderValues,
): Promise<Source | Exclude<Resolution, { kind: 'found' }>> {
  const d = step.discover!;
  if (isAddress(d.from)) {
    const filled = fillPlaceholders(d.from, values);
    return { req: { url: new URL(filled, originOf(values, role)).href, headers: { ...SOURCE_HEADERS } } };
  }
  const source = discoverSource(d);
  if (!source) throw new InternalError(`${step.id}: discover.from "${d.from}" is not linked to an exchange (load the specs with loadSpecs)`);
  let vars = values;
  let widen: SourceRequest | undefined;
  if (source.exchange.discover) {
    const upstream = await resolveDiscover(source.exchange, ctx, source.role, values);
    if (upstream.kind === 'skip') return upstream;
    // The page it is found on is itself missing: nothing to replay it on, a failure like the source's own.
    if (upstream.kind === 'miss')
      return {
        kind: 'miss',
        miss: {
          ...upstream.miss,
          template: d.template,
          problem: `(the page of ${source.exchange.id}, looked for as ${upstream.miss.template}) was not found: ${upstream.miss.problem}`,
        },
      };
    vars = Object.assign({}, values, Object.fromEntries(Object.entries(upstream.vars).map(([k, v]) => [`{{${k}}}`, v])));
    widen = upstream.document;
  }
  const req = buildRequest(source.exchange, vars, ctx.map, source.role);
  const { cookie: _cookie, ...headers } = req.headers;
  return { req: { url: req.url, headers }, ...(widen ? { widen } : {}) };
}

/**
 * The page a step's `discover` reads on this target (its `from`, resolved as the replay resolves
 * it), or undefined where the step would be skipped or its page is not found: what the run's
 * set-up loads in a browser for a `network` rule.
 */
export async function discoverSourceUrl(
  step: ExchangeSpec,
  ctx: DiscoverContext,
  role: Role,
  values: PlaceholderValues = replayPlaceholders(ctx.map),
): Promise<string | undefined> {
  try {
    const source = await sourceOf(step, ctx, role, values);
    return 'kind' in source ? undefined : source.req.url;
  } catch (e) {
    if (e instanceof UnmappedPlaceholderError || e instanceof MissingValueError || e instanceof StepSkip) return undefined;
    throw e;
  }
}

/**
 * The address of a step with `discover` on this target: found (with the step's variables), missed
 * (the page, its inline CSS, the stylesheets it loads and their imports link nothing of the
 * shape: a finding naming each), or skipped (an unmapped role, a target value not given). A step
 * whose source page was itself discovered (a stylesheet found on the home page) looks in the
 * whole document that led there when its own page has nothing of the shape: fonts declared in an
 * inline `<style>` are found for a spec that names the stylesheet.
 */
export async function resolveDiscover(
  step: ExchangeSpec,
  ctx: DiscoverContext,
  role: Role,
  values: PlaceholderValues = replayPlaceholders(ctx.map),
): Promise<Resolution> {
  try {
    const source = await sourceOf(step, ctx, role, values);
    if ('kind' in source) return source;
    const outcome = await ctx.discovery.find(source.req, step.discover!, values, originOf(values, role), {
      refused: offMap(ctx.map),
      ...(source.widen ? { widen: source.widen } : {}),
    });
    if (outcome.kind === 'miss') return { kind: 'miss', miss: outcome };
    // The document a later step widens to: the page this chain started from.
    return { kind: 'found', found: outcome, vars: discoveredVars(outcome), document: source.widen ?? source.req };
  } catch (e) {
    if (e instanceof UnmappedPlaceholderError) return { kind: 'skip', reason: `role not mapped (${e.role})` };
    if (e instanceof MissingValueError) return { kind: 'skip', reason: new MissingValueError(e.valueName, sideNamed(ctx.map.side)).message };
    if (e instanceof StepSkip) return { kind: 'skip', reason: e.message };
    throw e;
  }
}

/** The finding of a missed discovery: a failure of the step's level, or a run error when the page gave no answer. */
export function missFinding(step: ExchangeSpec, miss: DiscoverMiss, judgedAs: TargetOrigin, target: string): ReplayFinding {
  const level = step.level ?? defaultLevel(step.source);
  const d = step.discover!;
  const fields = {
    id: `${step.id} discover`,
    aspect: { kind: 'discover' as const },
    level,
    expected: `an address of the shape ${miss.template} (${d.select.join(', ')}) on ${miss.from}`,
    actual: describeMiss(miss),
    message: `nothing to replay ${step.id} on: ${describeMiss(miss)}`,
    secrets: missSecrets(miss),
    source: step.source,
    clause: step.clause,
    target,
  };
  return miss.unreachable ? unjudged('error', fields) : judged(false, fields, judgedAs);
}

/** A page that links an address other than a target value names: the page wins, the value is a warning. */
export function disagreementFindings(step: ExchangeSpec, found: Discovered, judgedAs: TargetOrigin, target: string): ReplayFinding[] {
  return found.disagreements.map((d) =>
    judged(
      false,
      {
        id: `${step.id} value ${d.name}`,
        level: 'should' as const,
        expected: `${d.value} (target value ${d.name})`,
        actual: `${d.found} (linked by ${found.from})`,
        message: `the target's own page links ${found.url}; it is used instead of the value`,
        secrets: signedValues([found.url, found.from]),
        source: step.source,
        target,
      },
      judgedAs,
    ),
  );
}
