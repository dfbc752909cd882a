/**
 * Named checks as the spec model sees them: the contract every check implements, and how a spec's
 * `checks` list (ids, or prefixes ending at a `/` boundary) selects from a registry. The registry
 * itself (harness/src/checks, `CHECKS`) sits above the spec model and is passed in: the loader
 * validates check names against it, the evaluator runs what a spec selects from it.
 */
import type { FindingFields, Level, Provenance } from '../core';
import type { ObservedExchange } from './observed';

/** A named cross-field invariant (one file each under checks/). */
export interface Check {
  /** Hierarchical id, selectable by prefix: `cache/max-age-matches-expires`. */
  id: string;
  title: string;
  /** The clause it enforces, quoted or cited. */
  clause: string;
  source: Provenance;
  /** What a miss means (findings may carry another level where a clause says so). */
  level: Level;
  /** The check compares two answers to the same request (`context.repeat`): the replay then always asks twice. */
  readsRepeat?: boolean;
  /** The response fields whose values it judges for a role (lower case): a spec derived through one that selects it leaves them to it. */
  fields?(role: string): readonly string[];
  /** What it found for one observed exchange; an empty list means the check does not apply. */
  run(exchange: ObservedExchange, context: CheckContext): CheckResult[];
}

/**
 * One comparison of a check, before its verdict: met, missed, or not applicable (its premise did
 * not hold for this answer). The evaluator turns it into a finding through the one builder, with
 * the level the spec gives the check and the target's origin, which a check does not know.
 */
export type CheckResult = FindingFields & { met: boolean | 'n/a' };

export interface CheckContext {
  /** The role of the exchange's spec file (per-role checks apply only to some roles). */
  role: string;
  /** Earlier exchanges of the same flow, in order (for checks across steps, such as a cookie keeping its id). */
  previous: ObservedExchange[];
  /**
   * The same request asked once more on the same protocol, when the replay learned noise: checks
   * of what changes from one request to the next (a request-trace header) read it.
   */
  repeat?: ObservedExchange;
}

/** The checks a run knows (`CHECKS` of harness/src/checks; tests substitute their own). */
export type CheckRegistry = readonly Check[];

/** Whether `id` is selected by `prefix`: equal, or `prefix` is a leading run of whole segments. */
export function selects(prefix: string, id: string): boolean {
  const p = prefix.replace(/\/+$/, '');
  return p !== '' && (id === p || id.startsWith(p + '/'));
}

const selected = new WeakMap<CheckRegistry, Map<string, readonly Check[]>>();

/**
 * The checks of the registry selected by any of the prefixes, in registry order, each once.
 * Remembered per registry and prefix list: every answer of an exchange asks again for the same few.
 */
export function selectFrom(registry: CheckRegistry, prefixes: readonly string[]): readonly Check[] {
  let byPrefixes = selected.get(registry);
  if (!byPrefixes) selected.set(registry, (byPrefixes = new Map()));
  const key = prefixes.join('\n');
  let hit = byPrefixes.get(key);
  if (!hit) byPrefixes.set(key, (hit = registry.filter((c) => prefixes.some((p) => selects(p, c.id)))));
  return hit;
}
