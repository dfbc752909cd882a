/** At most this many guids per lookup. */
export const MAX_GUIDS = 100;

export type GuidsResult = { ok: true; ids: string[] } | { ok: false; message: string; value: string };

const GUID = /^(?:\{([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\}|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))$/i;

/** A guid in "D" or "B" format (any case) as lowercase "D" format, or undefined. */
export function normaliseGuid(text: string): string | undefined {
  const m = GUID.exec(text);
  return m ? (m[1] ?? m[2]).toLowerCase() : undefined;
}

/**
 * Reads `guids` from a raw query string: comma-separated guids, blanks around each allowed.
 * Absent or empty means none. Repeats are answered once, at their first position.
 */
export function parseGuidsQuery(rawQuery: string | undefined): GuidsResult {
  const values = [...new URLSearchParams(rawQuery ?? '')].filter(([name]) => name.toLowerCase() === 'guids').map(([, v]) => v);
  if (values.length > 1) return { ok: false, message: 'The guids parameter is given more than once.', value: values[1] };
  const list = values[0]?.trim() ?? '';
  if (list === '') return { ok: true, ids: [] };
  const parts = list.split(',').map((p) => p.trim());
  if (parts.length > MAX_GUIDS) return { ok: false, message: `At most ${MAX_GUIDS} guids are accepted.`, value: parts[MAX_GUIDS] };
  const ids: string[] = [];
  for (const part of parts) {
    const id = normaliseGuid(part);
    if (id === undefined) return { ok: false, message: 'Not a guid (expected xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).', value: part };
    if (!ids.includes(id)) ids.push(id);
  }
  return { ok: true, ids };
}
