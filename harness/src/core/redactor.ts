/**
 * Redaction by value: every value the run knows to be secret (an extra header's value, a proxy
 * password, Basic credentials, a session cookie the target set, a signed query parameter) is
 * replaced wherever it appears, in any field, before anything is written: the reports, the
 * attachments and HARs under test-results, the terminal. Field rules (a Set-Cookie line's value, an
 * Authorization header) catch what a field says it is; this catches a value that travelled into
 * another field (a parity message, a transport error quoting a signed URL, an assertion message).
 *
 * Each value is looked for as written and in the forms an output gives it: JSON-escaped,
 * percent-encoded, HTML-escaped. Values shorter than `minLength` are not looked for: they would
 * match ordinary text, and are no credential.
 */

/** How a redacted value is shown (the report's `‹secret: shape, N chars›`). */
export type DescribeSecret = (value: string) => string;

const plainMarker: DescribeSecret = (value) => `‹secret: ${value.length} chars›`;

const htmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const BASE = 31;
/** The prefix-hash bitmap: 2^16 bits. */
const FILTER_MASK = 0xffff;
const FILTER_WORDS = (FILTER_MASK + 1) / 32;

/** Polynomial hash of `n` characters of `s` from `at`, modulo 2^32. */
function hashOf(s: string, at: number, n: number): number {
  let h = 0;
  for (let k = 0; k < n && at + k < s.length; k++) h = (Math.imul(h, BASE) + s.charCodeAt(at + k)) >>> 0;
  return h;
}

export class Redactor {
  private readonly values = new Map<string, string>();
  /** Values by their first `prefix` characters, longest first: one lookup per position of a text, however many values. */
  private index: Map<string, string[]> | undefined;
  private prefix = 0;
  /** Rolling hashes of the prefixes (Rabin-Karp): a position is looked up only when its hash is one of them. */
  private hashes = new Set<number>();
  /**
   * The same hashes as a bitmap of their low 16 bits: a position's test is one array read where the
   * Set's lookup costs several times more, and almost every position of a text fails it (a record of
   * 30,000 characters is scanned per test).
   */
  private filter = new Uint32Array(FILTER_WORDS);
  private topPower = 1;

  constructor(
    private readonly describe: DescribeSecret = plainMarker,
    readonly minLength = 6,
  ) {}

  /** Known secrets so far. */
  get size(): number {
    return this.values.size;
  }

  /** A value to look for from now on (ignored when shorter than minLength, or already a redaction). */
  add(value: string | undefined, minLength = this.minLength): void {
    if (value === undefined || value.length < Math.max(1, minLength) || value.includes('‹')) return;
    if (this.values.has(value)) return;
    const shown = this.describe(value);
    this.values.set(value, shown);
    for (const form of [JSON.stringify(value).slice(1, -1), encodeURIComponent(value), htmlEscape(value)])
      if (form !== value && !this.values.has(form)) this.values.set(form, shown);
    this.index = undefined;
  }

  private build(): Map<string, string[]> {
    this.prefix = Math.min(...[...this.values.keys()].map((v) => v.length));
    const index = new Map<string, string[]>();
    for (const v of this.values.keys()) {
      const key = v.slice(0, this.prefix);
      index.set(key, [...(index.get(key) ?? []), v]);
    }
    // Longest first, so a value is replaced whole before any shorter value it starts with.
    for (const list of index.values()) list.sort((a, b) => b.length - a.length);
    this.hashes = new Set([...index.keys()].map((k) => hashOf(k, 0, k.length)));
    this.filter = new Uint32Array(FILTER_WORDS);
    for (const h of this.hashes) this.filter[(h & FILTER_MASK) >>> 5] |= 1 << (h & 31);
    this.topPower = 1;
    for (let k = 1; k < this.prefix; k++) this.topPower = Math.imul(this.topPower, BASE) >>> 0;
    return index;
  }

  /** An address with every known value replaced by its redaction percent-encoded: it stays a URI. */
  scrubAddress(text: string): string {
    return this.scrub(text, encodeURIComponent);
  }

  /** The text with every known value replaced (`shown` turns a redaction into the text written). */
  scrub(text: string, shown: (redaction: string) => string = (r) => r): string {
    if (this.values.size === 0 || text.length === 0) return text;
    this.index ??= this.build();
    const index = this.index;
    const filter = this.filter;
    const n = this.prefix;
    let out = '';
    let from = 0;
    let h = hashOf(text, 0, n);
    for (let i = 0; i + n <= text.length;) {
      const hit =
        (filter[(h & FILTER_MASK) >>> 5] >>> (h & 31)) & 1 && this.hashes.has(h) ? index.get(text.substr(i, n))?.find((v) => text.startsWith(v, i)) : undefined;
      if (hit === undefined) {
        // Roll the hash one character on.
        if (i + n < text.length) h = (Math.imul((h - Math.imul(text.charCodeAt(i), this.topPower)) >>> 0, BASE) + text.charCodeAt(i + n)) >>> 0;
        i++;
        continue;
      }
      out += text.slice(from, i) + shown(this.values.get(hit)!);
      i += hit.length;
      from = i;
      if (i + n <= text.length) h = hashOf(text, i, n);
    }
    return from === 0 ? text : out + text.slice(from);
  }

  /** A copy of a JSON value with every string (keys included) scrubbed. */
  scrubJson<T>(value: T): T {
    if (this.values.size === 0) return value;
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return this.scrub(v);
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object' && !Buffer.isBuffer(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [this.scrub(k), walk(x)]));
      return v;
    };
    return walk(value) as T;
  }
}
