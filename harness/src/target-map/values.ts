/**
 * Target values: what a deployment chose where the description names only a shape and no page
 * of the target links it (the product handle, the redirector's directory page, the beacon path).
 * Specs name them `{value:NAME}`; users set `TARGET_VALUE_<NAME>` or `"values": {"NAME": ...}` in
 * TARGETS_FILE (the variable wins).
 */
import { TargetConfigError } from './errors';
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

/** Values go into request paths: one printable token, no query or fragment of its own. */
export function parseValue(name: string, value: string, src: ValueSource): string {
  const bad = (reason: string): never => {
    throw new TargetConfigError(src.variable, value, reason, src.pointer);
  };
  if (!VALUE_NAME.test(name)) bad(`names the value "${name}": a value name is upper case letters, digits and "_", starting with a letter`);
  if (value === '') bad(`is empty; unset it or give ${KNOWN_VALUES[name] ?? 'the value'}`);
  if (/[\s\u0000-\u001f\u007f?#]/.test(value)) bad('must not contain whitespace, control characters, "?" or "#"');
  if (value.split('/').includes('..')) bad('must not contain a ".." segment');
  return value;
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
