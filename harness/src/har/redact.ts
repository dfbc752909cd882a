/**
 * The run's redactor (core's `Redactor`, values shown as the report shows secrets) and what it
 * learns: the credentials the run was given (target-map/secrets.ts), and from each record, HAR
 * or report before it is written, every secret value the target sent or was sent: cookie values
 * (Set-Cookie, Cookie, a HAR's cookie lists), the values of credential headers, and signed query
 * parameters (`hmac=`, `token=`) of every address. Whatever it learned is replaced everywhere, in
 * every field, from then on.
 */
import { cookiePairs } from '../core';
import { Redactor } from '../core/redactor';
import { setCookieLines, setCookiePair } from '../core';
import { configSecrets } from '../target-map/secrets';
import { describeSecret, isSecretHeader, isSecretParam, secretParts } from './secrets';

/** Learned values shorter than this are not looked for: a cookie of a few characters is a flag, not a credential. */
export const MIN_LEARNED = 8;

/** A redactor holding the run's credentials. `raw` (HARNESS_REPORT_RAW_SECRETS=1): it learns nothing from traffic, credentials stay hidden. */
export function runRedactor(env: NodeJS.ProcessEnv = process.env, options: { raw?: boolean } = {}): RunRedactor {
  const r = new RunRedactor(options.raw ?? /^(1|true)$/i.test(env.HARNESS_REPORT_RAW_SECRETS ?? ''));
  for (const s of configSecrets(env)) r.add(s.value, s.minLength);
  return r;
}

export class RunRedactor extends Redactor {
  constructor(readonly raw = false) {
    super(describeSecret);
  }

  /** Learns the secrets a JSON value carries (a replay record, a flow record, a HAR, results.json). */
  learn(json: unknown): this {
    if (!this.raw) walk(json, this, undefined);
    return this;
  }

  /**
   * A value the target sent as a cookie, a credential header's token, a signed parameter. A token
   * has no white space (a cookie value cannot): a finding's `(absent)` or a sentence is none.
   */
  addLearned(value: string): void {
    if (/\s/.test(value) || value.startsWith('(')) return;
    let decoded: string | undefined;
    if (value.includes('%')) {
      try {
        decoded = decodeURIComponent(value);
      } catch {
        /* not percent-encoding */
      }
    }
    // A redaction already in place (percent-encoded in an address) is no secret to redact again.
    if (decoded?.includes('‹')) return;
    this.add(value, MIN_LEARNED);
    if (decoded !== undefined) this.add(decoded, MIN_LEARNED);
  }

  /**
   * A cookie's value: only its secret parts, judged by what they are (an identifier, a token), are
   * learned; a word or a flag in it (`Lessons`, `|False`) is what a reader needs and stays.
   */
  addCookieValue(value: string): void {
    for (const part of secretParts(value)) this.addLearned(part);
  }

  /** Learns from the text, then scrubs it (a message built from what the target sent). */
  learnAndScrub(text: string): string {
    if (!this.raw) learnFromText(text, this);
    return this.scrub(text);
  }
}

function cookieValues(name: string, value: string): string[] {
  const n = name.toLowerCase();
  // One Set-Cookie line, or several joined as tools store them: each cookie's value.
  if (n === 'set-cookie') return setCookieLines([value]).map((line) => setCookiePair(line).value);
  if (n === 'cookie') return cookiePairs(value).map(([, v]) => v);
  return [];
}

function learnHeader(name: string, value: string, r: RunRedactor): void {
  const n = name.toLowerCase();
  if (n === 'set-cookie' || n === 'cookie') for (const v of cookieValues(n, value)) r.addCookieValue(v);
  else if (isSecretHeader(n) && !/^(x-)?(content-security-policy|cache-status)/.test(n)) {
    r.add(value, MIN_LEARNED);
    const token = /^\s*[A-Za-z-]+\s+(\S+)\s*$/.exec(value);
    if (token) r.addLearned(token[1]);
  }
  learnFromText(value, r);
}

/** Signed query parameters of every address in a text. */
function learnFromText(text: string, r: RunRedactor): void {
  if (!text.includes('=')) return;
  for (const m of text.matchAll(/[?&]([^=&\s"'<>#]+)=([^&\s"'<>#),]*)/g)) {
    let name = m[1];
    try {
      name = decodeURIComponent(name);
    } catch {
      /* as written */
    }
    if (isSecretParam(name)) r.addLearned(m[2]);
  }
}

function walk(v: unknown, r: RunRedactor, parentKey: string | undefined): void {
  if (typeof v === 'string') return learnFromText(v, r);
  if (Array.isArray(v)) {
    // A header line as the records keep them: [name, value].
    if (v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(v[0])) return learnHeader(v[0], v[1], r);
    for (const x of v) walk(x, r, parentKey);
    return;
  }
  if (!v || typeof v !== 'object') return;
  const o = v as Record<string, unknown>;
  // A header of a HAR ({name, value}), or a cookie of a HAR's or a browser's cookie list.
  if (typeof o.name === 'string' && typeof o.value === 'string') {
    if (parentKey === 'cookies') r.addCookieValue(o.value);
    else learnHeader(o.name, o.value, r);
  }
  // A finding's declared secrets (a cookie's value as the browser stored it, a credential field's value).
  if (Array.isArray(o.secrets))
    for (const s of o.secrets as Array<{ kind?: unknown; value?: unknown }>)
      if (s && typeof s.value === 'string') {
        if (s.kind === 'cookie') r.addCookieValue(s.value);
        else r.addLearned(s.value);
      }
  for (const [k, x] of Object.entries(o)) walk(x, r, k);
}
