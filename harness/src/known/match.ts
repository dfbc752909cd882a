/**
 * Applies the known deviations to findings: a finding whose verdict fails or warns (error, fail,
 * warn) and that an unexpired entry matches (its id, or its glob, and its actual value when the
 * entry gives one) gets the verdict `known`, keeping the entry and the verdict it replaced. An
 * expired entry matches nothing: its findings fail again, and the report says it expired.
 */
import picomatch from 'picomatch';
import { excused, rank, type Finding } from '../core';
import type { KnownEntry } from './load';

/** YYYY-MM-DD in UTC: the day against which expiry dates are read. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** An entry expires at the end of its `expires` day. */
export function isExpired(entry: KnownEntry, today: string): boolean {
  return entry.expires < today;
}

const matchers = new WeakMap<KnownEntry, (id: string) => boolean>();

/** Whether the entry's id (literally, or as a glob) names the finding id. */
export function idMatches(entry: KnownEntry, id: string): boolean {
  if (entry.id === id) return true;
  let m = matchers.get(entry);
  if (!m) {
    m = picomatch(entry.id, { dot: true });
    matchers.set(entry, m);
  }
  return m(id);
}

/** The first unexpired entry that matches a finding, whatever its verdict. */
export function entryFor(entries: readonly KnownEntry[], finding: Pick<Finding, 'id' | 'actual'>, today: string): KnownEntry | undefined {
  return entries.find((e) => !isExpired(e, today) && idMatches(e, finding.id) && (e.actual === undefined || e.actual === finding.actual));
}

/** A run's known deviations and the day their expiry is read against (`dayOf`): what each case applies. */
export interface KnownOnDay {
  entries: readonly KnownEntry[];
  day: string;
}

/** Marks, in place, the findings the entries excuse; returns how many. */
export function markKnown(findings: Iterable<Finding>, entries: readonly KnownEntry[], today: string): number {
  if (entries.length === 0) return 0;
  let marked = 0;
  for (const f of findings) {
    if (rank(f.verdict) >= rank('known')) continue;
    const e = entryFor(entries, f, today);
    if (!e) continue;
    excused(f, { entry: e.index, id: e.id, reason: e.reason, ticket: e.ticket, expires: e.expires });
    marked++;
  }
  return marked;
}
