/** What the page asks of an expectation's fields (never of its id): its aspect, and the comparison it is part of. */
import type { Aspect } from '../../core';
import type { Expectation } from '../types';

/** The two comparisons of protocols: h1 with h2, and h1 with its h3 twin. */
const PARITY: ReadonlySet<string> = new Set(['parity', 'parity h3']);

export const isParity = (e: Pick<Expectation, 'compared'>): boolean => e.compared !== undefined && PARITY.has(e.compared.by);

/** An expectation of the spec (not a comparison of two answers) about this kind of aspect. */
export function specAspect<K extends Aspect['kind']>(e: Pick<Expectation, 'aspect' | 'compared'>, kind: K): Extract<Aspect, { kind: K }> | undefined {
  return !e.compared && e.aspect?.kind === kind ? (e.aspect as Extract<Aspect, { kind: K }>) : undefined;
}

/** The named check an expectation is of, if it is one. */
export const checkOf = (e: Pick<Expectation, 'aspect'>): string | undefined => (e.aspect?.kind === 'check' ? e.aspect.check : undefined);

export function sameAspect(a: Aspect | undefined, b: Aspect | undefined): boolean {
  return a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b);
}
