/**
 * What became of each known deviation in a run: the findings it excused (the workers marked them
 * `known`), or why it excused none: expired (the run fails, "expired on <date>"), no longer seen
 * (its expectation was judged and did not fail as the entry says: remove it), or not run.
 */
import * as path from 'node:path';
import { idMatches, isExpired, ticketHref, type KnownEntry } from '../known';
import type { KnownEntryReport, KnownReport, TestReport } from './types';

export interface KnownInput {
  /** The file read (absolute, or as the user wrote it). */
  file: string;
  entries: readonly KnownEntry[];
  /** HARNESS_TICKET_URL: where a ticket id links to (`{id}` replaced). */
  ticketUrl?: string;
}

export function knownReport(tests: readonly TestReport[], input: KnownInput | undefined, today: string, cwd: string = process.cwd()): KnownReport | undefined {
  if (!input || input.entries.length === 0) return undefined;
  const rel = path.relative(cwd, input.file);
  const entries = input.entries.map((entry): KnownEntryReport => {
    const expectations = new Set<string>();
    const ids = new Set<string>();
    let findings = 0;
    let named = false;
    for (const t of tests)
      for (const e of t.expectations) {
        if (idMatches(entry, e.id)) named = true;
        for (const f of e.findings) {
          if (f.verdict !== 'known' || f.known?.entry !== entry.index || f.known.id !== entry.id) continue;
          findings++;
          expectations.add(e.key);
          ids.add(t.id);
        }
      }
    const href = ticketHref(entry.ticket, input.ticketUrl);
    const status = isExpired(entry, today) ? 'expired' : findings > 0 ? 'matched' : named ? 'unseen' : 'not-run';
    return {
      index: entry.index,
      id: entry.id,
      ...(entry.actual !== undefined ? { actual: entry.actual } : {}),
      reason: entry.reason,
      ticket: entry.ticket,
      ...(href ? { ticketHref: href } : {}),
      expires: entry.expires,
      status,
      findings,
      expectations: [...expectations],
      tests: [...ids],
    };
  });
  return { file: rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : input.file, today, entries };
}

/** What an entry that needs someone needs (expired, no longer seen, not run), without its id. */
export function knownNeed(e: KnownEntryReport): string | undefined {
  if (e.status === 'expired') return `expired on ${e.expires} (${e.ticket}): fix it, or give it a later date`;
  if (e.status === 'unseen') return 'no longer seen: remove it (npm run accept -- --known --prune)';
  if (e.status === 'not-run') return 'matched no expectation of this run (its test did not run, or the id is misspelt)';
  return undefined;
}

/** The one line a report gives an entry that needs someone: its id and what it needs. */
export function knownProblem(e: KnownEntryReport): string | undefined {
  const need = knownNeed(e);
  return need === undefined ? undefined : `known deviation ${JSON.stringify(e.id)}: ${need}`;
}
