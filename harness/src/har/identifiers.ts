/**
 * Identifiers inside a captured value, by shape: a value one deployment issued (an application id,
 * a ray, a trace id, a signature) is written as the shape of its identifier tokens and the literal
 * text around them, never as the capture's text. `appId=cid-v1:5f0c8d2e-8a41-4d0b-9c3e-1a2b3c4d5e6f`
 * becomes `^appId=cid-v1:<uuid>$`, not a skeleton of its digits.
 */

export interface IdentifierKind {
  name: 'uuid' | 'hex with separators' | 'hex' | 'base64url' | 'digits';
  /** The token's pattern, unanchored. */
  pattern: RegExp;
  /** A regex for tokens of this kind like `token` (its case and length where they are part of the format). */
  shape(token: string): string;
  /** A further test of a match. */
  accepts?(token: string): boolean;
}

const hexClass = (t: string) => {
  const lower = /[a-f]/.test(t);
  const upper = /[A-F]/.test(t);
  return lower && upper ? '[0-9a-fA-F]' : upper ? '[0-9A-F]' : '[0-9a-f]';
};

/** In order of precedence: the first kind a token fits names it. */
export const IDENTIFIER_KINDS: readonly IdentifierKind[] = [
  {
    name: 'uuid',
    pattern: /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/,
    shape: (t) => {
      const c = hexClass(t.replace(/-/g, ''));
      return `${c}{8}-${c}{4}-${c}{4}-${c}{4}-${c}{12}`;
    },
  },
  {
    // 8d:2f:9a:01 or 8D-2F-9A-01 (a fingerprint, a MAC): pairs joined by one separator.
    name: 'hex with separators',
    pattern: /[0-9a-fA-F]{2}(?:([:-])[0-9a-fA-F]{2}){3,}/,
    shape: (t) => {
      const sep = /[:-]/.exec(t)![0];
      const n = t.split(sep).length;
      return `${hexClass(t.replace(/[:-]/g, ''))}{2}(?:${sep === '-' ? '-' : ':'}${hexClass(t.replace(/[:-]/g, ''))}{2}){${n - 1}}`;
    },
  },
  {
    // A run of hex with letters and digits both, 8 or more long: a hash, an id, a ray.
    name: 'hex',
    pattern: /(?=[0-9a-fA-F]*[a-fA-F])(?=[0-9a-fA-F]*[0-9])[0-9a-fA-F]{8,}/,
    shape: (t) => `${hexClass(t)}{${t.length}}`,
  },
  {
    // Mixed-case letters with digits, 16 or more: a token or signature in base64url (or base64).
    name: 'base64url',
    pattern: /(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[0-9])[A-Za-z0-9_-]{16,}={0,2}/,
    shape: (t) => `[A-Za-z0-9_-]{${Math.max(8, t.replace(/=+$/, '').length - 8)},}={0,2}`,
    // Encoded bytes mix cases within one run; `8f2a1b3c-AMS` (hex, then a code) does not.
    accepts: (t) => t.split(/[_-]/).some((run) => /[a-z]/.test(run) && /[A-Z]/.test(run) && /[0-9]/.test(run)),
  },
  { name: 'digits', pattern: /[0-9]+/, shape: () => '[0-9]+' },
];

const STRONG = new Set<IdentifierKind['name']>(['uuid', 'hex with separators', 'hex', 'base64url']);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The identifier tokens of a value, in order, each at a word boundary, with the kind that names it. */
export function identifierTokens(value: string): Array<{ start: number; text: string; kind: IdentifierKind }> {
  const out: Array<{ start: number; text: string; kind: IdentifierKind }> = [];
  let i = 0;
  while (i < value.length) {
    if (i > 0 && /[A-Za-z0-9]/.test(value[i - 1])) {
      i++;
      continue;
    }
    // The longest token wins (a base64url signature over the hex run it starts with); on a tie, the first kind.
    let hit: { text: string; kind: IdentifierKind } | undefined;
    for (const kind of IDENTIFIER_KINDS) {
      const m = new RegExp(`^(?:${kind.pattern.source})`).exec(value.slice(i));
      if (!m || /[A-Za-z0-9]/.test(value[i + m[0].length] ?? '') || (kind.accepts && !kind.accepts(m[0]))) continue;
      if (!hit || m[0].length > hit.text.length) hit = { text: m[0], kind };
    }
    if (hit) {
      out.push({ start: i, ...hit });
      i += hit.text.length;
    } else i++;
  }
  return out;
}

/** Whether the value holds an issued identifier (a UUID, hex, base64url token), not only numbers. */
export function hasIdentifier(value: string): boolean {
  return identifierTokens(value).some((t) => STRONG.has(t.kind.name));
}

/** `^appId=cid-v1:<uuid>$`: each identifier token as its shape, the text around it literal; undefined when the value holds none. */
export function identifierSkeleton(value: string): string | undefined {
  const tokens = identifierTokens(value);
  if (!tokens.some((t) => STRONG.has(t.kind.name))) return undefined;
  let out = '';
  let at = 0;
  for (const t of tokens) {
    out += escape(value.slice(at, t.start)) + t.kind.shape(t.text);
    at = t.start + t.text.length;
  }
  return `^${out}${escape(value.slice(at))}$`;
}
