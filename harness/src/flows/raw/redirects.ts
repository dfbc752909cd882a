/**
 * Redirect chains hop by hop, never followed blindly. The chains are the spec flows whose later
 * steps request the Location captured from the step before (`bare/redirect-to-www`,
 * `redirector/favicon-chain`): hop i is evaluated against step i of the flow (status, Location,
 * cache headers, body size: whatever the step expects), and the harness keeps following 3xx
 * answers itself, so a loop or a chain longer than MAX_HOPS is a failure of its own. A Location
 * outside the target map (another host, plain http, a link-local address) is a failure that names
 * it, and is never fetched.
 */
import type { ReplayRecord } from '../../record';
import { fieldValue, isField } from '../../core';
import { CHECKS } from '../../checks';
import { evaluateExchange } from '../../spec-model/evaluate';
import { fillPlaceholders } from '../../spec-model/placeholders';
import type { ObservedExchange } from '../../spec-model/observed';
import type { FlowSpec, SpecFile } from '../../spec-model/types';
import { refusedAddress, ROLE_PLACEHOLDERS, type Role } from '../../target-map';
import { replayPlaceholders, type ReplayClients } from '../../replay';
import { FlowContext } from './context';

export const MAX_HOPS = 10;
export const FOLLOW_CLAUSE = 'The harness fetches only the origins of the target map: a Location elsewhere is named, never asked';
const REDIRECT = new Set([301, 302, 303, 307, 308]);

export interface RedirectChain {
  role: Role;
  flow: FlowSpec;
  /** The spec folder's name when the run has several (HARNESS_SPECS): the flow's id begins `<namespace>:`. */
  namespace?: string;
}

/** Flows whose every later step's path is `{{x}}`, x captured from the previous step's Location. */
export function redirectChains(specs: readonly SpecFile[], namespace?: string): RedirectChain[] {
  const out: RedirectChain[] = [];
  for (const spec of specs) {
    for (const flow of spec.flows ?? []) {
      if (flow.steps.length < 2) continue;
      const chained = flow.steps.slice(1).every((s, i) => {
        const m = /^\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}$/.exec(s.request.path);
        const cap = m && flow.steps[i].capture?.[m[1]];
        return !!cap && isField(cap.header ?? '', 'location') && cap.regex === undefined;
      });
      if (chained) out.push({ role: spec.role, flow, ...(namespace ? { namespace } : {}) });
    }
  }
  return out;
}

/** What a chain of visited URLs says: a loop (a URL seen before), or too many hops. */
export function chainProblem(visited: readonly string[], next: string, maxHops = MAX_HOPS): string | undefined {
  if (visited.includes(next)) return `loop: ${[...visited.slice(visited.indexOf(next)), next].join(' -> ')}`;
  if (visited.length >= maxHops) return `more than ${maxHops} hops: ${[...visited, next].join(' -> ')}`;
  return undefined;
}

export async function runRedirectFlow(chain: RedirectChain, clients: ReplayClients, options: { targetName?: string } = {}): Promise<ReplayRecord> {
  const { flow, role, namespace } = chain;
  // A folder's flow id carries its prefix already: `<folder>:redirects/<the id without it>`.
  const own = namespace && flow.id.startsWith(`${namespace}:`) ? flow.id.slice(namespace.length + 1) : flow.id;
  const id = namespace ? `${namespace}:redirects/${own}` : `redirects/${own}`;
  const ctx = new FlowContext(id, clients, { role, ...options });
  const values = replayPlaceholders(clients.map);
  const origin = values[ROLE_PLACEHOLDERS[role]];
  if (!origin) {
    ctx.skip(id, `role not mapped (${role})`);
    return ctx.record;
  }
  let url = new URL(fillPlaceholders(flow.steps[0].request.path, values), origin).toString();
  const visited: string[] = [];
  const previous: ObservedExchange[] = [];
  let headers: Record<string, string> = {};
  for (let hop = 0; ; hop++) {
    const step = flow.steps[hop];
    if (step) headers = Object.fromEntries(Object.entries(step.request.headers ?? {}).map(([n, v]) => [n.toLowerCase(), fillPlaceholders(v, values)]));
    const sid = step ? `${id}/${step.id.split('/').pop()}` : `${id}/hop-${hop + 1}`;
    visited.push(url);
    const ex = await ctx.fetch(sid, { url, headers }, flow.source);
    if (!ex) return ctx.record;
    if (step) {
      const findings = evaluateExchange(step, ex, { role, placeholders: values, targetOrigin: clients.map.origin, previous: [...previous], checks: CHECKS });
      ctx.add(findings.map((f) => ({ ...f, id: f.id.startsWith(step.id) ? `${sid}${f.id.slice(step.id.length)}` : `${sid} ${f.id}` })));
    }
    previous.push(ex);
    const location = fieldValue(ex.lines, 'location');
    if (!REDIRECT.has(ex.status)) break;
    if (!ctx.expect(`${sid} location`, location !== undefined, 'a Location on a redirect', location ?? '(absent)', 'rfc', { clause: 'RFC 9110 §15.4' })) break;
    let next: string;
    try {
      next = new URL(location!, url).toString();
    } catch {
      ctx.expect(`${sid} location`, false, 'a URI reference', location!, 'rfc', { clause: 'RFC 9110 §10.2.2' });
      break;
    }
    const refused = refusedAddress(clients.map, next);
    if (refused) {
      ctx.expect(`${sid} follow`, false, 'a Location at an origin of the target map', location!, flow.source, {
        level: 'must',
        clause: FOLLOW_CLAUSE,
        message: `${role}: ${next} ${refused}: not followed`,
      });
      return ctx.record;
    }
    const problem = chainProblem(visited, next);
    if (problem) {
      ctx.expect(`${id} chain`, false, `a chain that ends within ${MAX_HOPS} hops without revisiting a URL`, problem, 'rfc', {
        clause: 'RFC 9110 §15.4: a client should detect infinite redirection loops',
      });
      return ctx.record;
    }
    url = next;
  }
  ctx.expect(
    `${id} hops`,
    visited.length === flow.steps.length,
    `${flow.steps.length} hops (the flow's steps)`,
    `${visited.length} hops: ${visited.join(' -> ')}`,
    flow.source,
    { clause: flow.clause },
  );
  return ctx.record;
}
