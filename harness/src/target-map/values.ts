/**
 * Target values: what a deployment chose where the description names only a shape and no page
 * of the target links it (the product handle, the redirector's directory page, the beacon path).
 * Specs name them `{value:NAME}`; users set `TARGET_VALUE_<NAME>` or `"values": {"NAME": ...}` in
 * TARGETS_FILE (the variable wins).
 */
import { TargetConfigError } from './errors';
import { nearest } from './nearest';
import { TARGET_SIDE, valuePrefix, type Side } from './side';
import type { ValueSource } from './urls';

export const VALUE_VARIABLE_PREFIX = valuePrefix(TARGET_SIDE);
export const VALUE_NAME = /^[A-Z][A-Z0-9_]*$/;

/** The values the bundled specs name, with what each is, for messages and the README. */
export const KNOWN_VALUES: Readonly<Record<string, string>> = {
  PRODUCT_HANDLE: 'a product handle of the storefront (/products/<product handle>)',
  REDIRECTOR_DIRECTORY: 'the directory page of the redirecting host (/<directory>/), without slashes',
  BEACON_PATH: 'the path of the tracking beacon on the analytics host (the one with query parameters a..h), e.g. /t.gif',
};

export interface TargetValue {
  value: string;
  /** Where it was set: the variable, or TARGETS_FILE with its pointer. */
  from: string;
}

export function variableOfValue(name: string, side: Side = TARGET_SIDE): string {
  return `${valuePrefix(side)}${name}`;
}

/** How the specs splice each known value into a path, and the one form each is written in. */
const FORMS: Readonly<Record<string, { expected: string; segment?: string; path?: boolean }>> = {
  PRODUCT_HANDLE: { expected: 'the handle alone, e.g. linen-apron (the page is /products/<handle>)', segment: 'products' },
  REDIRECTOR_DIRECTORY: { expected: 'the directory name alone, e.g. blog (the page is /<directory>/)', segment: '' },
  BEACON_PATH: { expected: 'a path, e.g. /t.gif', path: true },
};

/** A value written in quotes (a .env file or a CI form keeps them): the quotes would become part of the path. */
export function quotedProblem(value: string): string | undefined {
  return /^(["'`]).*\1$/s.test(value.trim()) && value.trim().length >= 2
    ? 'is written in quotes, which would become part of the value: give it without them'
    : undefined;
}

/**
 * Values go into request paths: one printable token, no query or fragment of its own. A value of
 * the bundled specs typed the way a person would is written in its one form when that form is
 * obvious (`/learn/` for the redirector's directory is `learn`, `t.gif` for the beacon is `/t.gif`,
 * `/products/linen-apron` is the handle `linen-apron`); anything else is refused naming the form.
 */
export function parseValue(name: string, value: string, src: ValueSource): string {
  const bad = (reason: string): never => {
    throw new TargetConfigError(src.variable, value, reason, src.pointer);
  };
  if (!VALUE_NAME.test(name)) bad(`names the value "${name}": a value name is upper case letters, digits and "_", starting with a letter`);
  if (value === '') bad(`is empty; unset it or give ${KNOWN_VALUES[name] ?? 'the value'}`);
  const quoted = quotedProblem(value);
  if (quoted) bad(quoted);
  const form = FORMS[name];
  if (form && /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) bad(`is a URL; give ${form.expected}`);
  if (/[\s\u0000-\u001f\u007f?#]/.test(value)) bad(`must not contain whitespace, control characters, "?" or "#"${form ? `; give ${form.expected}` : ''}`);
  if (value.split('/').includes('..')) bad('must not contain a ".." segment');
  if (form?.path) return value.startsWith('/') ? value : `/${value}`;
  if (form?.segment !== undefined) {
    let parts = value.split('/').filter((p) => p !== '');
    if (form.segment && parts.length === 2 && parts[0] === form.segment) parts = parts.slice(1);
    if (parts.length !== 1) bad(`is not one path segment; give ${form.expected}`);
    return parts[0];
  }
  return value;
}

/**
 * Values given that no spec or flow names: a misspelt name (TARGET_VALUE_PRODUCT_HANDEL) would
 * leave the exchanges that need the value skipped, so it stops the run with the names that exist.
 */
export function checkValueNames(values: Readonly<Record<string, TargetValue>>, named: ReadonlySet<string>): void {
  const known = [...named].sort();
  for (const [name, v] of Object.entries(values)) {
    if (named.has(name)) continue;
    const near = nearest(name, known);
    throw new TargetConfigError(
      v.from.split(' ')[0],
      v.value,
      `sets the value ${name}, which no spec or flow names (they name ${known.join(', ') || 'none'})${near ? `; did you mean ${v.from.startsWith(VALUE_VARIABLE_PREFIX) ? VALUE_VARIABLE_PREFIX : ''}${near}?` : ''}`,
    );
  }
}

/** The `TARGET_VALUE_<NAME>` (or `BASELINE_VALUE_<NAME>`) variables of env. */
export function readEnvValues(env: NodeJS.ProcessEnv, side: Side = TARGET_SIDE): Record<string, TargetValue> {
  const out: Record<string, TargetValue> = {};
  const prefix = valuePrefix(side);
  for (const key of Object.keys(env).sort()) {
    if (!key.startsWith(prefix) || env[key] === undefined) continue;
    const name = key.slice(prefix.length);
    out[name] = { value: parseValue(name, env[key] ?? '', { variable: key }), from: key };
  }
  return out;
}
