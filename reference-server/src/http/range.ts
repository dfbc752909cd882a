import type { IncomingHttpHeaders } from 'node:http';
import rangeParser from 'range-parser';
import { parseHttpDate, type Validators } from './conditional';

export type RangeOutcome = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const FULL: RangeOutcome = { kind: 'full' };
const RANGE_SPEC = /^(?:(\d+)-(\d*)|-(\d+))$/;

/**
 * Byte-range specs of a Range header, or undefined when the header does not parse as a bytes
 * range set (RFC 9110 section 14.2: such a header is ignored). range-parser alone would call many
 * such headers unsatisfiable (`bytes=x-y`, `bytes=5-2`), which would turn them into 416s.
 */
export function strictByteRangeSpecs(value: string): string[] | undefined {
  const eq = value.indexOf('=');
  if (eq < 0 || value.slice(0, eq).trim().toLowerCase() !== 'bytes') return undefined;
  // Empty list elements are allowed and ignored (RFC 9110 section 5.6.1).
  const specs = value
    .slice(eq + 1)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (specs.length === 0) return undefined;
  for (const spec of specs) {
    const m = RANGE_SPEC.exec(spec);
    if (!m) return undefined;
    if (m[1] !== undefined && m[2] !== '' && BigInt(m[2]) < BigInt(m[1])) return undefined;
  }
  return specs;
}

function ifRangeHolds(ifRange: string, validators: Validators): boolean {
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) {
    // Strong comparison: a weak tag on either side never matches.
    return !value.startsWith('W/') && validators.etag !== undefined && !validators.etag.startsWith('W/') && value === validators.etag;
  }
  const date = parseHttpDate(value);
  return date !== undefined && date === Math.floor(validators.lastModified.getTime() / 1000);
}

/**
 * Which part of a representation of `size` bytes to send for a GET.
 * One satisfiable range (after merging overlapping and adjacent ones) -> 206; several disjoint
 * ranges -> the full 200 body, which RFC 9110 allows and which spares a multipart/byteranges body.
 */
export function selectRange(headers: IncomingHttpHeaders, size: number, validators: Validators): RangeOutcome {
  const range = headers.range;
  if (range === undefined) return FULL;
  const ifRange = headers['if-range'];
  if (ifRange !== undefined && !ifRangeHolds(Array.isArray(ifRange) ? ifRange.join(', ') : ifRange, validators)) return FULL;
  const specs = strictByteRangeSpecs(range);
  if (!specs) return FULL;
  const parsed = rangeParser(size, `bytes=${specs.join(',')}`, { combine: true });
  if (parsed === -2) return FULL;
  if (parsed === -1) return { kind: 'unsatisfiable' };
  if (parsed.length !== 1) return FULL;
  return { kind: 'partial', start: parsed[0].start, end: parsed[0].end };
}

export function contentRange(outcome: RangeOutcome, size: number): string | undefined {
  if (outcome.kind === 'partial') return `bytes ${outcome.start}-${outcome.end}/${size}`;
  if (outcome.kind === 'unsatisfiable') return `bytes */${size}`;
  return undefined;
}
