/**
 * HTTPS_PROXY / HTTP_PROXY / NO_PROXY, read once into typed settings that every client of the
 * harness follows (undici, the HTTP/2 leg, Chromium), so real staging behind a corporate proxy is
 * reachable the way curl reaches it. The rules are curl's: the lowercase variable wins over the
 * uppercase one when both are set; https:// origins use HTTPS_PROXY and http:// origins HTTP_PROXY,
 * neither falling back on the other; an empty value counts as unset; a proxy given without a
 * scheme (`proxy.corp:3128`) is an http:// proxy. Credentials in the proxy URL's userinfo are sent
 * as `Proxy-Authorization: Basic ...` and are never printed: not in the run header, not in errors.
 */
import { TargetConfigError } from './errors';
import { bypassesProxy, parseNoProxy, type NoProxyRule } from './no-proxy';

export type { NoProxyRule } from './no-proxy';

export interface ProxyCredentials {
  username: string;
  password: string;
}

export interface ProxyEndpoint {
  /** `scheme://host:port/` of the proxy, never with credentials: safe to print and to log. */
  url: URL;
  /** The variable it came from (`https_proxy` when both spellings are set). */
  variable: string;
  /** Percent-decoded userinfo of the URL; not enumerable, so no dump of the map shows it. */
  readonly credentials?: ProxyCredentials;
}

export interface ProxySettings {
  /** For https:// origins (HTTPS_PROXY). */
  https?: ProxyEndpoint;
  /** For http:// origins (HTTP_PROXY): OCSP responders and any plain-http role. */
  http?: ProxyEndpoint;
  /** Hosts that go direct (NO_PROXY). */
  noProxy: NoProxyRule[];
  /** `NO_PROXY` or `no_proxy`, when one is set. */
  noProxyVariable?: string;
}

export const PROXY_VARIABLES = {
  https: ['https_proxy', 'HTTPS_PROXY'],
  http: ['http_proxy', 'HTTP_PROXY'],
  noProxy: ['no_proxy', 'NO_PROXY'],
} as const;

const SECRET = '‹secret›';

/**
 * The value as it may be shown: the password replaced (`http://user:‹secret›@proxy:3128`), or the
 * whole userinfo when it has no password (then the user name is the credential). Works on text the
 * URL parser rejects too: everything before the last `@` is userinfo.
 */
export function hideProxyPassword(value: string): string {
  const scheme = /^\s*[a-z][a-z0-9+.-]*:\/\//i.exec(value)?.[0] ?? '';
  const rest = value.slice(scheme.length);
  const at = rest.lastIndexOf('@');
  if (at < 0) return value;
  const userinfo = rest.slice(0, at);
  const colon = userinfo.indexOf(':');
  return `${scheme}${colon < 0 ? SECRET : `${userinfo.slice(0, colon)}:${SECRET}`}${rest.slice(at)}`;
}

/** One proxy variable's value as an endpoint; a value that is not an http(s) proxy URL stops the run. */
export function parseProxyUrl(value: string, variable: string): ProxyEndpoint {
  const text = value.trim();
  const fail = (reason: string): never => {
    throw new TargetConfigError(variable, hideProxyPassword(value), reason);
  };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return fail('is not a proxy URL (expected http://host:port or https://host:port, credentials as user:password@)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    fail(`has scheme ${url.protocol.slice(0, -1)}://, not http:// or https:// (the harness asks proxies for HTTP CONNECT tunnels)`);
  if (url.hostname === '') fail('names no proxy host');
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') {
    // With userinfo the path is not shown: a password with an unencoded "/" lands there.
    const shown = text.includes('@') ? '' : ` (${JSON.stringify(url.pathname + url.search + url.hash)})`;
    fail(
      `has a path or query${shown}: a proxy URL is scheme://[user:password@]host[:port]${shown ? '' : ' (percent-encode "/", "?", "#" and "@" in a user name or password)'}`,
    );
  }
  let credentials: ProxyCredentials | undefined;
  if (url.username !== '' || url.password !== '') {
    try {
      credentials = { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
    } catch {
      fail('has a user name or password that is not valid percent-encoding');
    }
  }
  const shown = new URL(`${url.protocol}//${url.host}/`);
  const endpoint: ProxyEndpoint = { url: shown, variable };
  if (credentials) Object.defineProperty(endpoint, 'credentials', { value: Object.freeze(credentials), enumerable: false });
  return endpoint;
}

/** The first of the spellings that is set to something (lowercase first, as curl reads them). */
function firstSet(env: NodeJS.ProcessEnv, names: readonly string[]): { variable: string; value: string } | undefined {
  for (const variable of names) {
    const value = env[variable];
    if (value !== undefined && value.trim() !== '') return { variable, value };
  }
  return undefined;
}

/**
 * The proxy settings of env, or undefined when neither HTTPS_PROXY nor HTTP_PROXY is set (NO_PROXY
 * alone changes nothing). Bad values throw TargetConfigError, credentials hidden.
 */
export function proxyFromEnv(env: NodeJS.ProcessEnv = process.env): ProxySettings | undefined {
  const https = firstSet(env, PROXY_VARIABLES.https);
  const http = firstSet(env, PROXY_VARIABLES.http);
  if (!https && !http) return undefined;
  const settings: ProxySettings = { noProxy: [] };
  if (https) settings.https = parseProxyUrl(https.value, https.variable);
  if (http) settings.http = parseProxyUrl(http.value, http.variable);
  const noProxy = firstSet(env, PROXY_VARIABLES.noProxy);
  if (noProxy) {
    settings.noProxy = parseNoProxy(noProxy.value, noProxy.variable);
    settings.noProxyVariable = noProxy.variable;
  }
  return settings;
}

/** The proxy a request to `url` goes through, or undefined for a direct connection. */
export function proxyFor(settings: ProxySettings | undefined, url: URL | string): ProxyEndpoint | undefined {
  if (!settings) return undefined;
  const u = typeof url === 'string' ? new URL(url) : url;
  const endpoint = u.protocol === 'https:' ? settings.https : u.protocol === 'http:' ? settings.http : undefined;
  if (!endpoint || bypassesProxy(settings.noProxy, u)) return undefined;
  return endpoint;
}

/** `Basic base64(user:password)` for Proxy-Authorization, when the proxy URL has credentials. */
export function proxyAuthorization(endpoint: ProxyEndpoint): string | undefined {
  const c = endpoint.credentials;
  return c ? `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}` : undefined;
}

/** How an endpoint is named in messages: `http://proxy.corp:3128 (HTTPS_PROXY)`, never credentials. */
export function proxyName(endpoint: ProxyEndpoint): string {
  return `${endpoint.url.origin} (${endpoint.variable})`;
}

function sameEndpoint(a: ProxyEndpoint, b: ProxyEndpoint): boolean {
  return a.url.href === b.url.href && proxyAuthorization(a) === proxyAuthorization(b);
}

/** The run header's proxy line (undefined without a proxy): where requests go, never credentials. */
export function describeProxy(settings: ProxySettings | undefined): string | undefined {
  if (!settings) return undefined;
  const { https, http } = settings;
  const auth = (e: ProxyEndpoint) => (e.credentials ? ', with credentials' : '');
  let line: string;
  if (https && http && sameEndpoint(https, http)) line = `proxy: ${https.url.origin} (${https.variable}, ${http.variable}${auth(https)})`;
  else {
    const parts = [
      https && `https:// via ${https.url.origin} (${https.variable}${auth(https)})`,
      http && `http:// via ${http.url.origin} (${http.variable}${auth(http)})`,
    ];
    const direct = !https ? 'https:// direct' : !http ? 'http:// direct' : undefined;
    line = `proxy: ${[...parts, direct].filter(Boolean).join(', ')}`;
  }
  if (settings.noProxy.some((r) => r.kind === 'all')) return `${line}, not for any host (${settings.noProxyVariable}=*)`;
  if (settings.noProxy.length) line += `, not for: ${settings.noProxy.map((r) => r.source).join(', ')} (${settings.noProxyVariable})`;
  return line;
}
