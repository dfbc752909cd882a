/**
 * Escaping for everything that reaches the HTML: text and attribute values (every value from a
 * target goes through `esc`), JSON inside `<script type="application/json">` (no `</script>`,
 * no `<!--`), and the one kind of URL the page ever embeds (a PNG data URL built from bytes).
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Text or a quoted attribute value. Control characters (other than tab and newline) become visible escapes. */
export function esc(value: unknown): string {
  const s = value === undefined || value === null ? '' : String(value);
  return s
    .replace(/[&<>"'`]/g, (c) => ENTITIES[c])
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** JSON safe inside a script element: `<`, `>`, `&` and the JS line separators as \u escapes. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Only `data:image/png;base64,...` passes; anything else is dropped. */
export function safePngDataUrl(url: string | undefined): string | undefined {
  return url !== undefined && /^data:image\/png;base64,[A-Za-z0-9+/]*={0,2}$/.test(url) ? url : undefined;
}

/** A PNG data URL, or a screenshot the reporter saved beside the page (`screenshots/<anchor>.png`); anything else is dropped. */
export function safeScreenshotSource(src: string | undefined): string | undefined {
  return safePngDataUrl(src) ?? (src !== undefined && /^screenshots\/[a-z0-9-]+\.png$/.test(src) ? src : undefined);
}

/**
 * The part of `actual` that differs from `expected` (common prefix and suffix kept plain), as
 * escaped HTML with the difference in <mark>.
 */
export function markDifference(expected: string, actual: string): string {
  if (expected === actual) return esc(actual);
  let p = 0;
  const max = Math.min(expected.length, actual.length);
  while (p < max && expected[p] === actual[p]) p++;
  let s = 0;
  while (s < max - p && expected[expected.length - 1 - s] === actual[actual.length - 1 - s]) s++;
  const middle = actual.slice(p, actual.length - s);
  // A difference spread over the whole value is shown whole: marking every character says nothing.
  if (p === 0 && s === 0) return `<mark>${esc(actual)}</mark>`;
  return `${esc(actual.slice(0, p))}${middle ? `<mark>${esc(middle)}</mark>` : '<mark class="gap"></mark>'}${esc(actual.slice(actual.length - s))}`;
}
