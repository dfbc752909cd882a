/**
 * Content-Type as RFC 9110 §8.3.1 reads it, parsed by jshttp's `content-type` (Express's own):
 * the type and subtype and the parameter names are case-insensitive, whitespace around `;` is
 * optional, a quoted parameter value is the same as the token, and a charset's value is
 * case-insensitive (§8.3.2). The one parser of the field in the harness.
 */
import { parse } from 'content-type';

export interface MediaType {
  /** `type/subtype`, lowercased. */
  type: string;
  /** Parameter names lowercased, values unquoted (a charset's lowercased). */
  parameters: Record<string, string>;
}

/** The media type of a Content-Type value; undefined when it cannot be read as one. */
export function parseMediaType(value: string): MediaType | undefined {
  try {
    const { type, parameters } = parse(value);
    const out: Record<string, string> = {};
    for (const [name, v] of Object.entries(parameters)) out[name] = name === 'charset' ? v.toLowerCase() : v;
    return { type, parameters: out };
  } catch {
    return undefined;
  }
}

/** Only the `type/subtype` of a Content-Type value, lowercased (the parser stops at the first `;`); undefined when it has none. */
export function mediaTypeOf(value: string): string | undefined {
  try {
    return parse(value, { parameters: false }).type || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `actual` is the media type `stated` names: the same type, and every parameter stated
 * with the same value. A parameter the statement leaves out (a charset on `text/css`) is the
 * target's choice, as an unstated header is.
 */
export function meetsMediaType(stated: string, actual: string): boolean {
  const s = parseMediaType(stated);
  const a = parseMediaType(actual);
  if (!s || !a || s.type !== a.type) return false;
  return Object.entries(s.parameters).every(([name, v]) => a.parameters[name] === v);
}
