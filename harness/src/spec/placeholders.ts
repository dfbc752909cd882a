import { ROLE_PLACEHOLDERS, ROLES, UnmappedPlaceholderError } from '../target';

/**
 * Fills `{name}` placeholders (and flow variables `{{name}}`) in spec text from a ready table such
 * as `placeholders(map)` returns, plus flow captures. Only names in the table are replaced; a role
 * placeholder the table lacks throws UnmappedPlaceholderError (the exchange cannot run against this
 * target); any other `{word}` is left alone, as spec values hold JSON and CSS with their own braces.
 */
export type PlaceholderValues = Readonly<Record<string, string>>;

const ROLE_OF = new Map<string, string>(ROLES.map((r) => [ROLE_PLACEHOLDERS[r], r]));
const TOKEN = /\{\{[A-Za-z_][A-Za-z0-9_]*\}\}|\{[A-Za-z_][A-Za-z0-9_]*\}/g;

export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(TOKEN, (token) => {
    const value = values[token];
    if (value !== undefined) return value;
    const role = ROLE_OF.get(token);
    if (role !== undefined) throw new UnmappedPlaceholderError(token, role);
    return token;
  });
}
