/**
 * Extra request headers per role: what a protected staging needs on every request (a basic-auth
 * or bearer header, a bypass token). Given as JSON, `{"*": {...}, "site": {...}}` (a role's headers
 * over the ones for every role), in TARGET_HEADERS or `headers` in TARGETS_FILE. They are added
 * where requests leave the harness (the HTTP/1.1 dispatcher, the HTTP/2 client, the browser), never
 * to what the report records, so their values reach no report and no reproduction command.
 */
import { cookiePairs, isField } from '../core/headers';
import { jsonProblem, TargetConfigError } from './errors';
import { isRole, ROLES, type Role } from './roles';
import type { ValueSource } from './urls';

export const ENV_HEADERS = 'TARGET_HEADERS';

export type ExtraHeaders = Partial<Record<Role | '*', Record<string, string>>>;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Framing and connection fields the transport owns. */
const NOT_SETTABLE = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'te', 'upgrade', 'proxy-connection', 'trailer']);

/** A value is shown by its length only: it is usually a credential. */
const hidden = (value: string) => `‹${value.length} chars›`;

export function parseExtraHeaders(json: unknown, src: ValueSource): ExtraHeaders {
  const bad = (where: string, reason: string, value = ''): never => {
    const pointer = `${src.pointer ?? ''}${where}`;
    throw new TargetConfigError(src.variable, value, reason, pointer === '' ? undefined : pointer);
  };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) bad('', 'is not an object of role (or "*") -> {header: value}');
  const out: ExtraHeaders = {};
  for (const [key, headers] of Object.entries(json as Record<string, unknown>)) {
    if (key !== '*' && !isRole(key) && typeof headers === 'string')
      bad(`/${key}`, `is a header, not a role: put headers under a role or "*", e.g. {"*": {${JSON.stringify(key)}: "..."}}`, key);
    if (key !== '*' && !isRole(key)) bad(`/${key}`, `is not a role or "*" (known: *, ${ROLES.join(', ')})`, key);
    if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) bad(`/${key}`, 'is not an object of header name -> value', key);
    const set: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
      const n = name.toLowerCase();
      // A name that is no token may be a whole header line, value and all: shown by its length.
      if (!TOKEN.test(name)) bad(`/${key}/${hidden(name)}`, 'is not a header name', hidden(name));
      if (NOT_SETTABLE.has(n)) bad(`/${key}/${name}`, 'belongs to the transport and cannot be set', name);
      if (typeof value !== 'string') bad(`/${key}/${name}`, 'has a value that is not a string', name);
      if (/[\r\n\0]/.test(value as string)) bad(`/${key}/${name}`, `has a value (${hidden(value as string)}) with a line break or NUL`, name);
      set[n] = value as string;
    }
    out[key as Role | '*'] = set;
  }
  return out;
}

/** TARGET_HEADERS: JSON text. A parse error never echoes the text (it may hold a credential). */
export function parseHeadersVariable(text: string, variable = ENV_HEADERS): ExtraHeaders {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const line = /^\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+\s*:/.test(text) ? ' (it looks like a header line)' : '';
    throw new TargetConfigError(
      variable,
      hidden(text),
      `is not valid JSON${line} (${jsonProblem(e)}); expected JSON such as {"*": {"Authorization": "Basic ..."}}`,
    );
  }
  return parseExtraHeaders(json, { variable });
}

/**
 * The extra headers of one role: those for every role, then the role's own. Those for every role
 * go over TLS only (`plain` false): a plain-http origin (an OCSP responder) would carry them in
 * clear, so it gets only headers named for its own role.
 */
export function headersForRole(extra: ExtraHeaders, role: Role | undefined, plain = false): Record<string, string> {
  return { ...(plain ? {} : extra['*']), ...(role ? extra[role] : {}) };
}

type Field = readonly [string, string];

/** A Cookie value's pairs as `name=value` texts. */
const pairTexts = (value: string): string[] => cookiePairs(value).map(([n, v]) => `${n}=${v}`);

/** What a run's extra headers could leave in a request that Chromium carried across a redirect: every value, and every pair of a Cookie. */
export interface CarriedExtras {
  values: ReadonlySet<string>;
  cookiePairs: ReadonlySet<string>;
}

const NOTHING_CARRIED: CarriedExtras = { values: new Set(), cookiePairs: new Set() };

/** The run's extra values and Cookie pairs, every role's, to tell them in a request to another origin. */
export function carriedExtras(extra: ExtraHeaders): CarriedExtras {
  const fields = Object.values(extra).flatMap((h) => Object.entries(h ?? {}));
  return {
    values: new Set(fields.map(([, v]) => v)),
    cookiePairs: new Set(fields.filter(([n]) => isField(n, 'cookie')).flatMap(([, v]) => pairTexts(v))),
  };
}

/**
 * A request's fields with the role's extra headers joined, as they leave the harness. An extra
 * field replaces the request's own of that name, except Cookie: its pairs join the request's in
 * one field (RFC 6265 §5.4: one Cookie header, pairs separated by "; "), the extra's winning for a
 * name both send, so a staging's gate cookie keeps the session a flow carries. A request's Cookie
 * is left as it is when there is nothing to join or take off. `carried`: a field that is one of
 * the run's extra values, or a Cookie pair of one, came over from another hop (Chromium keeps what
 * an interception set across a redirect) and is taken off, whatever origin the request goes to now.
 */
export function withExtraHeaders(
  given: readonly Field[],
  extra: Readonly<Record<string, string>>,
  carried: CarriedExtras = NOTHING_CARRIED,
): Array<[string, string]> {
  const names = new Set(Object.keys(extra).map((n) => n.toLowerCase()));
  const extraCookie = Object.entries(extra).find(([n]) => isField(n, 'cookie'));
  const extraPairs = extraCookie ? cookiePairs(extraCookie[1]) : [];
  const extraNames = new Set(extraPairs.map(([n]) => n));
  const joining = extraPairs.length > 0 || carried.cookiePairs.size > 0;
  const out: Array<[string, string]> = [];
  const pairs: string[] = [];
  let cookieAt = -1;
  for (const [name, value] of given) {
    if (carried.values.has(value)) continue;
    if (joining && isField(name, 'cookie')) {
      if (cookieAt < 0) cookieAt = out.push([name, '']) - 1;
      for (const [n, v] of cookiePairs(value)) if (!extraNames.has(n) && !carried.cookiePairs.has(`${n}=${v}`)) pairs.push(`${n}=${v}`);
    } else if (!names.has(name.toLowerCase())) out.push([name, value]);
  }
  pairs.push(...extraPairs.map(([n, v]) => `${n}=${v}`));
  if (cookieAt >= 0 && pairs.length) out[cookieAt][1] = pairs.join('; ');
  else if (cookieAt >= 0) out.splice(cookieAt, 1);
  else if (pairs.length) out.push([extraCookie![0], pairs.join('; ')]);
  for (const [name, value] of Object.entries(extra)) if (!isField(name, 'cookie')) out.push([name, value]);
  return out;
}

/**
 * The fields a request was sent with, the extra headers taken off again (what an HTTP/3 leg's
 * browser reports it sent, before it is recorded): every extra field, and of Cookie only the
 * extra's pairs, so the cookies the request itself carried stay in the record.
 */
export function withoutExtraHeaders(sent: readonly Field[], extra: Readonly<Record<string, string>>): Array<[string, string]> {
  const names = new Set(Object.keys(extra).map((n) => n.toLowerCase()));
  const theirs = new Set(
    Object.entries(extra)
      .filter(([n]) => isField(n, 'cookie'))
      .flatMap(([, v]) => pairTexts(v)),
  );
  const out: Array<[string, string]> = [];
  for (const [name, value] of sent) {
    if (!isField(name, 'cookie') || theirs.size === 0) {
      if (!names.has(name.toLowerCase())) out.push([name, value]);
      continue;
    }
    const kept = cookiePairs(value).filter(([n, v]) => !theirs.has(`${n}=${v}`));
    if (kept.length) out.push([name, kept.map(([n, v]) => `${n}=${v}`).join('; ')]);
  }
  return out;
}

/** For the run header: which headers go where, values hidden. */
export function describeExtraHeaders(extra: ExtraHeaders): string | undefined {
  const parts = Object.entries(extra)
    .filter(([, h]) => h && Object.keys(h).length)
    .map(([k, h]) => `${k}: ${Object.keys(h!).join(', ')}`);
  return parts.length ? `${parts.join('; ')} (values hidden)` : undefined;
}
