/**
 * Reads the known deviations file: `specs/known-deviations.json` by default (missing or empty: no
 * known deviations), or the file HARNESS_KNOWN names (which must exist). The file is checked with
 * its JSON Schema (ajv) and then entry by entry (a real date, a glob that compiles); every problem
 * is listed at once, each naming its entry by position and id.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from '@humanwhocodes/momoa';
import picomatch from 'picomatch';
import { lazySchemaValidators, type SchemaSet } from '../core';
import { KnownDeviationsError } from './errors';
import { KNOWN_SCHEMA } from './schema';

export const KNOWN_FILE_NAME = 'known-deviations.json';
/** The repository's file, whatever the working directory. */
export const DEFAULT_KNOWN_FILE = path.resolve(__dirname, '..', '..', '..', 'specs', KNOWN_FILE_NAME);

export interface KnownEntry {
  /** Position in the file, 0-based. */
  index: number;
  id: string;
  actual?: string;
  reason: string;
  ticket: string;
  expires: string;
}

export interface KnownDeviations {
  /** Absolute path of the file read (or looked for). */
  file: string;
  /** Whether the file exists (a missing default file means no known deviations). */
  present: boolean;
  entries: KnownEntry[];
}

export const KNOWN_VALIDATORS: SchemaSet<'known'> = { options: { allErrors: true, strict: false }, schemas: { known: KNOWN_SCHEMA }, refs: { known: 'known' } };
const validators = lazySchemaValidators(KNOWN_VALIDATORS);

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** How an entry is named in messages: its position and id. */
export function entryName(index: number, id: unknown): string {
  return `entry ${index + 1}${typeof id === 'string' && id ? ` (${JSON.stringify(id)})` : ''}`;
}

/** `explicit`: the file was named by HARNESS_KNOWN, so it must exist. */
export function loadKnown(file: string = DEFAULT_KNOWN_FILE, options: { explicit?: boolean } = {}): KnownDeviations {
  const shown = path.relative(process.cwd(), file) || file;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !options.explicit) return { file, present: false, entries: [] };
    const reason = code === 'ENOENT' ? 'no such file (HARNESS_KNOWN names it)' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot be read (${code})`;
    throw new KnownDeviationsError(shown, [reason]);
  }
  if (text.trim() === '') return { file, present: true, entries: [] };
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new KnownDeviationsError(shown, [`not JSON (${(e as Error).message})`]);
  }
  const doc = json as { deviations?: Array<Record<string, unknown>> };
  const items = Array.isArray(doc?.deviations) ? doc.deviations : [];
  const problems: string[] = [];
  const validate = validators().known;
  if (!validate(json)) {
    for (const err of validate.errors ?? []) {
      const m = /^\/deviations\/(\d+)(\/.*)?$/.exec(err.instancePath);
      if (m) {
        const i = Number(m[1]);
        const field = m[2] ? `${m[2].slice(1)} ` : '';
        const detail =
          err.keyword === 'pattern' && field.startsWith('ticket')
            ? 'must be a ticket id (OPS-412, #412) or an http:// or https:// URL'
            : err.keyword === 'pattern' && field.startsWith('expires')
              ? 'must be a date written YYYY-MM-DD'
              : err.keyword === 'additionalProperties'
                ? `has the unknown field ${JSON.stringify((err.params as { additionalProperty: string }).additionalProperty)} (known: id, actual, reason, ticket, expires)`
                : (err.message ?? 'is not valid');
        problems.push(`${entryName(i, items[i]?.id)}: ${field}${detail}`);
      } else {
        const where = err.instancePath ? `${err.instancePath.slice(1)} ` : '';
        const detail =
          err.keyword === 'additionalProperties'
            ? `has the unknown field ${JSON.stringify((err.params as { additionalProperty: string }).additionalProperty)} (expected {"deviations": [...]})`
            : (err.message ?? 'is not valid');
        problems.push(`${where}${detail}`);
      }
    }
    throw new KnownDeviationsError(shown, problems);
  }
  const entries = items.map((raw, index): KnownEntry => {
    const e = raw as unknown as Omit<KnownEntry, 'index'>;
    if (!isCalendarDate(e.expires)) problems.push(`${entryName(index, e.id)}: expires ${JSON.stringify(e.expires)} is not a calendar date`);
    try {
      picomatch(e.id, { dot: true });
    } catch (err) {
      problems.push(`${entryName(index, e.id)}: id is not a glob that compiles (${(err as Error).message})`);
    }
    return { index, id: e.id, ...(e.actual !== undefined ? { actual: e.actual } : {}), reason: e.reason, ticket: e.ticket, expires: e.expires };
  });
  if (problems.length) throw new KnownDeviationsError(shown, problems);
  return { file, present: true, entries };
}

/** The line of each entry of a known deviations file (1-based), by position, for CI annotations; empty when it does not parse. */
export function entryLines(file: string): number[] {
  try {
    const doc = parse(fs.readFileSync(file, 'utf8'), { mode: 'json' });
    const list = doc.body.type === 'Object' ? doc.body.members.find((m) => m.name.type === 'String' && m.name.value === 'deviations')?.value : undefined;
    return list?.type === 'Array' ? list.elements.map((e) => e.value.loc.start.line) : [];
  } catch {
    return [];
  }
}
