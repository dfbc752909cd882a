/**
 * Header fields as lines: `[name, value]` pairs in the order they came, repeats kept (an answer's
 * lines, a request's headers, a HAR entry's headers). Field names are case-insensitive (RFC 9110
 * §5.1), so every lookup here compares them so, whatever case the lines or the caller use. This is
 * the one lookup of the harness: nothing else filters lines by name.
 */

/** Header lines as received or sent: names as they came (observed answers lowercase them), repeats and order kept. */
export type FieldLines = ReadonlyArray<readonly [string, string]>;

/** Header fields as `{ name, value }` entries (HAR, Playwright's `headersArray()`) turned into lines, order kept. */
export function linesOfEntries(entries: ReadonlyArray<{ readonly name: string; readonly value: string }>): Array<[string, string]> {
  return entries.map((e) => [e.name, e.value]);
}

/** The key of a map of fields (a spec's `expect.headers`) that names the field, whatever its case; undefined when none does. */
export function fieldKey(fields: Readonly<Record<string, unknown>>, name: string): string | undefined {
  return Object.keys(fields).find((k) => isField(k, name));
}

/** Whether a line's name is the field's (RFC 9110 §5.1: names compare case-insensitively). */
export function isField(lineName: string, name: string): boolean {
  return lineName.toLowerCase() === name.toLowerCase();
}

/** The lines of every other field, in order: the field's own lines left out. */
export function withoutField<L extends readonly [string, string]>(lines: ReadonlyArray<L>, name: string): L[] {
  return lines.filter(([n]) => !isField(n, name));
}

/**
 * Every field's values by its name, lowercased, names in first-seen order and each field's values in
 * order: for a reader that looks up every field of the lines, grouped once rather than scanned per name.
 */
export function linesByName(lines: FieldLines): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [n, v] of lines) {
    const name = n.toLowerCase();
    const values = out.get(name);
    if (values) values.push(v);
    else out.set(name, [v]);
  }
  return out;
}

/** The values of one field, line by line, in order; empty when the field is absent. */
export function fieldLines(lines: FieldLines, name: string): string[] {
  const wanted = name.toLowerCase();
  const out: string[] = [];
  // Most lines come lowercased (the transport's, HTTP/2's): the equal test first spares lowercasing every name of every lookup.
  for (const [n, v] of lines) if (n === wanted || n.toLowerCase() === wanted) out.push(v);
  return out;
}

/**
 * The field's value as RFC 9110 §5.3 combines its lines: joined with ", " in order; undefined when
 * the field is absent. Not for Set-Cookie, whose lines cannot be combined (read them with fieldLines).
 */
export function fieldValue(lines: FieldLines, name: string): string | undefined {
  const all = fieldLines(lines, name);
  return all.length ? all.join(', ') : undefined;
}

/**
 * The pairs of a Cookie request header (`a=1; b=2` -> [[a, 1], [b, 2]]), in order, values as sent
 * (RFC 6265 §4.2.1): the one reader of a Cookie header. A part without `=` or without a name is none.
 */
export function cookiePairs(value: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name) out.push([name, part.slice(eq + 1).trim()]);
  }
  return out;
}

/** The value a Cookie request header sends for the cookie `name` (cookie names are case-sensitive), or undefined. */
export function cookieValue(header: string, name: string): string | undefined {
  return cookiePairs(header).find(([n]) => n === name)?.[1];
}

/**
 * A Set-Cookie line's name and value as written, and its attributes' text (from the first `;`):
 * the one split of a Set-Cookie line, for what undici's parser refuses (control characters, a
 * redacted value) and for a redaction that keeps the name and attributes.
 */
export function setCookiePair(line: string): { name: string; value: string; attributes: string } {
  const semi = line.indexOf(';');
  const pair = semi < 0 ? line : line.slice(0, semi);
  const eq = pair.indexOf('=');
  return {
    name: eq < 0 ? '' : pair.slice(0, eq).trim(),
    value: eq < 0 ? pair.trim() : pair.slice(eq + 1).trim(),
    attributes: semi < 0 ? '' : line.slice(semi),
  };
}

/**
 * Set-Cookie header values as tools store them: one per line, or several joined by newlines, or by
 * commas (a comma that a `name=` follows starts a cookie: an Expires date's comma is followed by a day).
 */
export function setCookieLines(values: readonly string[]): string[] {
  return values
    .flatMap((v) => v.split(/\n|,\s*(?=[!#$%&'*+.^_`|~0-9A-Za-z-]+=)/))
    .map((v) => v.trim())
    .filter(Boolean);
}
