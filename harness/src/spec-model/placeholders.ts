import { HarnessError } from '../core';
import { ROLE_PLACEHOLDERS, ROLES, TARGET_SIDE, UnmappedPlaceholderError, variableOfValue, type Side } from '../target-map';

/**
 * Fills `{name}` placeholders (and flow variables `{{name}}`) in spec text from a ready table such
 * as `placeholders(map)` returns, plus flow captures. Only names in the table are replaced; a role
 * placeholder the table lacks throws UnmappedPlaceholderError (the exchange cannot run against this
 * target), a `{value:NAME}` it lacks MissingValueError; any other `{word}` is left alone, as spec
 * values hold JSON and CSS with their own braces.
 */
export type PlaceholderValues = Readonly<Record<string, string>>;

/** A `{value:NAME}` the run was not given: the step is skipped with the variable to set. */
export class MissingValueError extends HarnessError {
  declare readonly code: 'HARNESS_ERR_MISSING_VALUE';
  constructor(
    readonly valueName: string,
    side: Side = TARGET_SIDE,
  ) {
    super(
      'HARNESS_ERR_MISSING_VALUE',
      `needs the ${side.name} value ${valueName}: set ${variableOfValue(valueName, side)} (or "values": {"${valueName}": ...} in ${side.filesVariable})`,
    );
  }
}

const ROLE_OF = new Map<string, string>(ROLES.map((r) => [ROLE_PLACEHOLDERS[r], r]));
const TOKEN = /\{\{[A-Za-z_][A-Za-z0-9_]*\}\}|\{value:[A-Za-z_][A-Za-z0-9_]*\}|\{[A-Za-z_][A-Za-z0-9_]*\}/g;

/** `escape` turns a value into the text that stands for it (a regex's source escapes it). */
export function fillPlaceholders(text: string, values: PlaceholderValues, escape: (value: string) => string = (v) => v): string {
  return text.replace(TOKEN, (token) => {
    const value = values[token];
    if (value !== undefined) return escape(value);
    const role = ROLE_OF.get(token);
    if (role !== undefined) throw new UnmappedPlaceholderError(token, role);
    if (token.startsWith('{value:')) throw new MissingValueError(token.slice(7, -1));
    return token;
  });
}

/** Whether `text` holds a placeholder or flow variable token. */
export function hasPlaceholder(text: string): boolean {
  return new RegExp(TOKEN.source).test(text);
}

/** The `{value:NAME}` entries of a placeholder table. */
export function valuePlaceholders(values: Readonly<Record<string, { value: string }>>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, v]) => [`{value:${name}}`, v.value]));
}
