import { TargetConfigError } from './errors';
import type { ValueSource } from './urls';
import { quotedProblem } from './values';

/**
 * The `{section}` path segment. It is spliced into request paths, so anything that could change
 * the path's shape (a separator, a dot-segment, a query or fragment start, a backslash, which URL
 * parsers turn into a slash, or spaces and control characters) is refused.
 */
export function parseSection(value: string, src: ValueSource): string {
  function bad(reason: string): never {
    throw new TargetConfigError(src.variable, value, reason, src.pointer);
  }
  if (value === '') bad('is empty; the section must be one path segment (default "static")');
  const quoted = quotedProblem(value);
  if (quoted) bad(quoted);
  // "/static/" has one meaning: the segment between the slashes.
  const inner = /^\/*([^/]+)\/*$/.exec(value)?.[1];
  if (inner !== undefined && inner !== value) return parseSection(inner, src);
  if (/[/?#\\]/.test(value)) bad('must be one path segment, without "/", "\\", "?" or "#" (e.g. static, for /static/css/...)');
  if (value.includes('..')) bad('must not contain ".."');
  if (/[\s\u0000-\u001f\u007f]/.test(value)) bad('must not contain whitespace or control characters');
  return value;
}

/** Only explicit spellings: a typo such as "yes" or "off" must not silently turn checks off or on. */
export function parseInsecureFlag(value: string, src: ValueSource): boolean {
  const v = value.toLowerCase();
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  throw new TargetConfigError(src.variable, value, 'must be 1 or true (verification off), 0 or false (on)', src.pointer);
}
