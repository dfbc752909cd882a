/**
 * The credentials a run is given, read from its environment as written (tolerant: a variable that
 * does not parse is a whole secret, and nothing here throws), for the redactor that every output
 * goes through: the values of TARGET_HEADERS and BASELINE_HEADERS (and `headers` of the targets
 * files), a Basic value's user:password and password, a Bearer token, and the userinfo of any URL
 * in the run's variables (a proxy password, credentials wrongly put in a role URL) with the
 * Proxy-Authorization it becomes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** One secret and the shortest length at which it is looked for (shorter values would match ordinary text). */
export interface ConfigSecret {
  value: string;
  minLength: number;
}

const HEADERS_VARIABLE = /^(TARGET|BASELINE)_HEADERS$/;
const FILES_VARIABLE = /^(TARGETS_FILE|BASELINES_FILE|BASELINE_TARGETS_FILE)$/;
const URL_VARIABLE = /^(TARGET_|BASELINE_|HTTPS?_PROXY$|ALL_PROXY$)/i;
/** Header names whose value is a credential whatever its length. */
const CREDENTIAL_HEADER = /auth|token|key|secret|pass|cookie|session|signature|credential|bypass/i;

function strings(json: unknown, into: Array<[string, string]>, name = ''): void {
  if (typeof json === 'string') into.push([name, json]);
  else if (Array.isArray(json)) for (const v of json) strings(v, into, name);
  else if (json && typeof json === 'object') for (const [k, v] of Object.entries(json)) strings(v, into, k);
}

/** A header value and what it carries: a Basic value's base64, user:password and password; a token after its scheme. */
export function headerSecrets(name: string, value: string): ConfigSecret[] {
  const min = CREDENTIAL_HEADER.test(name) ? 6 : 8;
  const out: ConfigSecret[] = [{ value, minLength: min }];
  const scheme = /^\s*([A-Za-z-]+)\s+(\S+)\s*$/.exec(value);
  if (scheme) {
    out.push({ value: scheme[2], minLength: 6 });
    if (/^basic$/i.test(scheme[1])) {
      const decoded = Buffer.from(scheme[2], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon >= 0) out.push({ value: decoded, minLength: 6 }, { value: decoded.slice(colon + 1), minLength: 6 });
    }
  }
  return out;
}

/** The userinfo of a URL written in a variable: password (as written and decoded), user:password, and the Basic value it is sent as. */
export function userinfoSecrets(text: string): ConfigSecret[] {
  const out: ConfigSecret[] = [];
  for (const m of text.matchAll(/[a-z][a-z0-9+.-]*:\/\/([^\s"@/?#]+)@/gi)) {
    const userinfo = m[1];
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    };
    const colon = userinfo.indexOf(':');
    const user = colon < 0 ? userinfo : userinfo.slice(0, colon);
    const password = colon < 0 ? '' : userinfo.slice(colon + 1);
    // Without a password, the user name is the credential (a token as user name).
    const secret = password || user;
    for (const v of new Set([secret, decode(secret), userinfo, `${decode(user)}:${decode(password)}`])) out.push({ value: v, minLength: 6 });
    out.push({ value: Buffer.from(`${decode(user)}:${decode(password)}`).toString('base64'), minLength: 6 });
  }
  return out;
}

function fileHeaders(file: string): ConfigSecret[] {
  try {
    const json = JSON.parse(fs.readFileSync(path.resolve(file), 'utf8')) as { headers?: unknown };
    const found: Array<[string, string]> = [];
    strings(json?.headers, found);
    return found.flatMap(([n, v]) => headerSecrets(n, v));
  } catch {
    return [];
  }
}

/** Every credential the run's variables hold. */
export function configSecrets(env: NodeJS.ProcessEnv): ConfigSecret[] {
  const out: ConfigSecret[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value === '') continue;
    if (HEADERS_VARIABLE.test(name)) {
      const found: Array<[string, string]> = [];
      try {
        strings(JSON.parse(value), found);
      } catch {
        found.push(['authorization', value]); // not JSON: the whole text may be a credential
      }
      out.push(...found.flatMap(([n, v]) => headerSecrets(n, v)));
    }
    if (FILES_VARIABLE.test(name)) out.push(...fileHeaders(value));
    if (URL_VARIABLE.test(name)) out.push(...userinfoSecrets(value));
  }
  return out;
}
