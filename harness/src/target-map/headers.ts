/**
 * Extra request headers per role: what a protected staging needs on every request (a basic-auth
 * or bearer header, a bypass token). Given as JSON, `{"*": {...}, "site": {...}}` (a role's headers
 * over the ones for every role), in TARGET_HEADERS or `headers` in TARGETS_FILE. They are added
 * where requests leave the harness (the HTTP/1.1 dispatcher, the HTTP/2 client, the browser), never
 * to what the report records, so their values reach no report and no reproduction command.
 */
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

/** For the run header: which headers go where, values hidden. */
export function describeExtraHeaders(extra: ExtraHeaders): string | undefined {
  const parts = Object.entries(extra)
    .filter(([, h]) => h && Object.keys(h).length)
    .map(([k, h]) => `${k}: ${Object.keys(h!).join(', ')}`);
  return parts.length ? `${parts.join('; ')} (values hidden)` : undefined;
}
