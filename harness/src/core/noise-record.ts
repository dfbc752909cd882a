/**
 * Learned noise as the record and results.json keep it: what differed between two answers to the
 * same request, by kind, so that a reader (the report's view, accept) reads fields instead of
 * parsing words. Written by the one noise learner (noise/learn.ts `recordedNoise`).
 */

export interface RecordedNoise {
  /** The status differed. */
  status: boolean;
  /** Header fields (lower case) whose value differed, or that one answer had and the other not. */
  fields: string[];
  /** Of those, the fields one answer had and the other not: not even their presence is stable. */
  presence: string[];
  /** Cookie name -> the aspects that differed (`value`, `expiry`, an attribute). */
  cookies: Record<string, string[]>;
  /** The decoded body differed. */
  body: boolean;
}

/**
 * The noise in words, one line per part (`status`, `header x-trace-id`, `cookie SID value`, `body`):
 * for a view, with the fields whose presence changed marked; for a finding's message, without.
 */
export function noiseText(n: RecordedNoise, options: { markPresence?: boolean } = {}): string[] {
  const marked = options.markPresence ?? true;
  return [
    ...(n.status ? ['status'] : []),
    ...n.fields.map((f) => (marked && n.presence.includes(f) ? `header ${f} (present or not)` : `header ${f}`)),
    ...Object.entries(n.cookies).map(([name, aspects]) => `cookie ${name} ${aspects.join(', ')}`),
    ...(n.body ? ['body'] : []),
  ];
}

const strings = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);

/** Learned noise as a record or results.json holds it; undefined when it is not one (absent, or a hand-edited file). */
export function readRecordedNoise(value: unknown): RecordedNoise | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const fields = strings(v.fields);
  const presence = strings(v.presence) ?? [];
  const cookies: Record<string, string[]> = {};
  if (typeof v.cookies === 'object' && v.cookies !== null)
    for (const [name, aspects] of Object.entries(v.cookies as Record<string, unknown>)) {
      const a = strings(aspects);
      if (a) cookies[name] = a;
    }
  if (typeof v.status !== 'boolean' || typeof v.body !== 'boolean' || !fields) return undefined;
  return { status: v.status, fields, presence, cookies, body: v.body };
}

/** Two steps' noise as one (a step's legs: what differed over any protocol). */
export function mergeRecordedNoise(a: RecordedNoise, b: RecordedNoise): RecordedNoise {
  const union = (x: string[], y: string[]) => [...new Set([...x, ...y])].sort();
  const cookies: Record<string, string[]> = { ...a.cookies };
  for (const [name, aspects] of Object.entries(b.cookies)) cookies[name] = union(cookies[name] ?? [], aspects);
  return { status: a.status || b.status, fields: union(a.fields, b.fields), presence: union(a.presence, b.presence), cookies, body: a.body || b.body };
}

export const NO_NOISE: RecordedNoise = { status: false, fields: [], presence: [], cookies: {}, body: false };
