import { chromiumBypassRules } from './no-proxy';
import type { ProxyCredentials, ProxyEndpoint, ProxySettings } from './proxy';
import type { TargetMap } from './target-map';

/** Chromium's proxy, from HTTPS_PROXY / HTTP_PROXY / NO_PROXY. */
export interface BrowserProxy {
  /**
   * The --proxy-server value: one proxy for both schemes when they share it, else per scheme
   * (`https=http://a:3128;http=http://b:8080`, a scheme left out goes direct). Never credentials.
   */
  server: string;
  /** --proxy-bypass-list entries: NO_PROXY in Chromium's syntax, then `<-loopback>`. */
  bypass: string[];
  /**
   * The proxy's credentials: Chromium takes none on its command line, so the launch gives them to
   * Playwright's `proxy` option, which takes one proxy for every scheme: `singleServer`.
   */
  credentials?: ProxyCredentials;
  singleServer: string;
}

export interface BrowserLaunchData {
  /** Value for Chromium's --host-resolver-rules; '' when there is nothing to map. */
  hostResolverRules: string;
  /** Extra roots to install in the browser's trust store (an NSS database), one PEM each. */
  caPems: string[];
  /** The browser equivalent is Playwright's ignoreHTTPSErrors. */
  insecure: boolean;
  /** Absent: every connection direct (no proxy set, or NO_PROXY=*), and Chromium must not pick one up on its own. */
  proxy?: BrowserProxy;
}

/** An address as a URL or a resolver rule writes it: an IPv6 literal in brackets. */
export function bracketed(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

/**
 * Chromium's MAP rules match "host:port" patterns and may rewrite the port, so each resolve entry
 * (both curl forms) becomes one rule and Chromium keeps the URL's name for SNI and Host.
 */
export function browserLaunchData(map: TargetMap): BrowserLaunchData {
  return {
    hostResolverRules: map.resolve.map((e) => `MAP ${e.host}:${e.port} ${bracketed(e.address)}:${e.connectPort}`).join(', '),
    caPems: [...map.ca],
    insecure: map.insecure,
    ...(browserProxy(map.proxy) ?? {}),
  };
}

const server = (e: ProxyEndpoint) => e.url.origin;

/**
 * The same decisions as the harness's own clients: https:// and http:// each by their variable,
 * NO_PROXY's hosts direct. `<-loopback>` removes Chromium's implicit bypass of localhost and
 * 127.0.0.1, which curl and undici do not have: a loopback target goes through the proxy unless
 * NO_PROXY names it, in the browser as over HTTP/1.1 and HTTP/2. (Playwright adds it too when given
 * a proxy, unless the bypass list names a loopback host.) A resolve entry cannot apply to a proxied
 * host here: Chromium sends the name in CONNECT, and only the proxy resolves it.
 */
function browserProxy(settings: ProxySettings | undefined): { proxy: BrowserProxy } | undefined {
  if (!settings || settings.noProxy.some((r) => r.kind === 'all')) return undefined;
  const { https, http } = settings;
  const first = https ?? http;
  if (!first) return undefined;
  const shared = https && http && server(https) === server(http);
  const perScheme = [https && `https=${server(https)}`, http && `http=${server(http)}`].filter(Boolean).join(';');
  const credentialed = [https, http].find((e) => e?.credentials);
  const credentials = credentialed?.credentials;
  return {
    proxy: {
      server: shared ? server(first) : perScheme,
      bypass: [...chromiumBypassRules(settings.noProxy), '<-loopback>'],
      ...(credentials ? { credentials } : {}),
      singleServer: server(credentialed ?? first),
    },
  };
}

/** Where one origin's HTTP/3 is: `originHost:originPort` answered at `address:port` over UDP. */
/**
 * The command that reproduces an HTTP/3 request: Chromium's launch (every endpoint QUIC is forced
 * to, the resolver rules and trust: the same for every request of a launch) and the request's own
 * part. The shell command is `${launch} ${request}`.
 */
export interface H3Command {
  launch: string;
  request: string;
}

export interface QuicEndpoint {
  originHost: string;
  originPort: number;
  /** The address to send the QUIC packets to: an IP literal or a host name Chromium resolves. */
  address: string;
  port: number;
}
