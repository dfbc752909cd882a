/**
 * Bodies of a differential run are compared after decoding, by SHA-256 and length; for text a
 * line diff (jsdiff) shows what changed, within a cap so that a report stays readable and small.
 */
import { createHash } from 'node:crypto';
import { createTwoFilesPatch } from 'diff';
import { fieldLines } from '../core';
import type { ObservedExchange } from '../spec-model/observed';
import { isTextual } from './hosts';

/** Text bodies larger than this (decoded, either side) get no line diff: their files are linked instead. */
export const LINE_DIFF_MAX_BYTES = 256 * 1024;
/** Lines of a line diff kept in the finding. */
export const LINE_DIFF_MAX_LINES = 120;

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export const decodedBody = (ex: ObservedExchange): Buffer => ex.decoded ?? ex.body;

/** `1234 bytes, SHA-256 ab12cd34…` */
export function bodyFacts(body: Buffer): string {
  return `${body.length} decoded bytes, SHA-256 ${sha256(body).slice(0, 16)}…`;
}

function contentType(ex: ObservedExchange): string | undefined {
  return fieldLines(ex.lines, 'content-type')[0];
}

/** A unified line diff of two text bodies, or undefined when either is not text or too large. */
export function bodyLineDiff(
  baseline: ObservedExchange,
  candidate: ObservedExchange,
  b = decodedBody(baseline),
  c = decodedBody(candidate),
): string | undefined {
  if (!isTextual(contentType(baseline)) || !isTextual(contentType(candidate))) return undefined;
  if (b.length > LINE_DIFF_MAX_BYTES || c.length > LINE_DIFF_MAX_BYTES) return undefined;
  const patch = createTwoFilesPatch('baseline', 'candidate', b.toString('utf8'), c.toString('utf8'), undefined, undefined, { context: 2 });
  const lines = patch.split('\n').filter((l, i) => !(i === 0 && l.startsWith('====')));
  const kept = lines.slice(0, LINE_DIFF_MAX_LINES);
  if (lines.length > LINE_DIFF_MAX_LINES) kept.push(`… ${lines.length - LINE_DIFF_MAX_LINES} more lines (see the saved bodies)`);
  return kept.join('\n').trimEnd();
}
