/**
 * The HTTP/3 client of the replay: Chromium, launched by the caller's `H3Launcher` with QUIC forced
 * to the endpoints the target advertised, sending one request at a time with `fetch()` from a blank page
 * of the request's own origin (same-origin, so nothing is hidden by CORS; `redirect: 'manual'`, so
 * a redirect is the answer). What was sent and answered is read from the DevTools protocol: the
 * request header fields Chromium actually wrote (its own Accept-Encoding, Sec-Fetch-*, priority),
 * the answer's status and field lines as received, and the protocol of the connection. The body is
 * the page's own reading of it, with the content coding removed by Chromium.
 *
 * One browser per client, relaunched only when an origin's endpoint changes (Chromium's switches
 * are fixed at launch); every request starts from an empty cookie store and no HTTP cache.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type CDPSession, type LaunchOptions, type Page } from '@playwright/test';
import { cookiePairs, HarnessError } from '../core';
import { extraHeadersFor, withExtraHeaders, type TargetMap } from '../target-map';
import { bracketed, type H3Command, type QuicEndpoint } from '../target-map/browser';
import { resolvedAddressChecker, type Lookup, type ResolvedName } from '../target-map/address-guard';
import { answerBlankPages, BLANK_HTML, BLANK_PATH } from './h3-blank-page';

/** How Chromium is launched for a set of HTTP/3 endpoints: the run's launch with QUIC forced to them. */
export interface H3Launch {
  options: LaunchOptions;
  /** Playwright's ignoreHTTPSErrors for the context: true only with TARGET_INSECURE=1. */
  ignoreHTTPSErrors: boolean;
  /** The page's context: TARGET_HEADERS' Basic credentials for a challenge, no downloads (`browser/context-options.ts`). */
  context: BrowserContextOptions;
  /** The command that reproduces a request to `url` with this launch. */
  command(url: string): H3Command;
}

/** The launch for these endpoints (Chromium's switches are fixed at launch: a new endpoint is a new launch). */
export type H3Launcher = (endpoints: readonly QuicEndpoint[]) => H3Launch;

/** No answer over HTTP/3: the QUIC handshake failed, the UDP port is dead, or no answer came in time. */
export class H3RequestError extends HarnessError {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super('HARNESS_ERR_H3', `${url}: no answer over HTTP/3: ${reason}`);
  }
}

export interface H3Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface H3Answer {
  /** The protocol Chromium names for the connection (`h3` when QUIC carried it). */
  protocol: string;
  status: number;
  lines: Array<[string, string]>;
  /** The body with its content coding removed; undefined for a redirect (a page cannot read it). */
  decoded?: Buffer;
  /** The page stopped reading at the map's body cap (HARNESS_BODY_CAP_BYTES): `decoded` holds its first `keptBytes`, the cap applied. */
  overCap?: { keptBytes: number };
  /** The request header fields Chromium wrote, pseudo-header fields left out, names lowercased. */
  sent: Array<[string, string]>;
  /** The command that reproduces the request. */
  command: H3Command;
}

/** Header fields a page cannot set: Chromium writes its own (Fetch's forbidden request-headers) or the cookie store does. */
const NOT_FROM_A_PAGE =
  /^(host|cookie|content-length|connection|keep-alive|transfer-encoding|upgrade|te|trailer|expect|via|date|origin|referer|sec-.*|proxy-.*)$/;

/** Methods Fetch refuses outright (a page cannot send them at all). */
export const FORBIDDEN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);

const sameEndpoint = (a: QuicEndpoint | undefined, b: QuicEndpoint) => a !== undefined && a.address === b.address && a.port === b.port;
const keyOf = (e: Pick<QuicEndpoint, 'originHost' | 'originPort'>) => `${e.originHost}:${e.originPort}`;

/** CDP header objects join repeated fields with newlines: one line per value, as received. */
function linesOf(headers: Record<string, string> | undefined): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(headers ?? {})) for (const v of String(value).split('\n')) out.push([name.toLowerCase(), v]);
  return out;
}

/** What the DevTools events said while one request was watched; ExtraInfo events may come before or after the request they belong to. */
interface Observed {
  requestId?: string;
  sent: Map<string, Record<string, string>>;
  extra: Map<string, { statusCode: number; headers: Record<string, string> }>;
  response?: { status: number; protocol?: string; headers: Record<string, string> };
  failed?: string;
  /** Called after each event that changed what is seen (a waiter checks again). */
  changed?: () => void;
}

/** A blank page of one origin, kept for the run: requests of that origin are sent from it without a navigation. */
interface Tab {
  page: Page;
  cdp: CDPSession;
  /** The extra header fields last given to the page (set again only when they change). */
  extraHeaders?: string;
}

interface Session {
  browser: Browser;
  context: BrowserContext;
  tabs: Map<string, Promise<Tab>>;
  launch: H3Launch;
  endpoints: Map<string, QuicEndpoint>;
}

export class H3Client {
  private session?: Promise<Session>;
  private queue: Promise<unknown> = Promise.resolve();
  private watching?: { url: string; seen: Observed };
  /**
   * Endpoints that let a request's whole budget pass without an answer (a black hole drops QUIC
   * packets without a word): each later request to one fails at once, or a run against such a
   * target would wait out the budget once per exchange. A quick failure is asked again each time.
   */
  private readonly silent = new Map<string, string>();

  /** What an endpoint's name resolves to (Chromium resolves it itself): the address gate's rule, asked first. */
  private readonly resolved: (url: string) => Promise<ResolvedName>;

  /** `lookup`: the name service for endpoint names (tests give one answering what they need). */
  constructor(
    readonly map: TargetMap,
    private readonly launcher: H3Launcher,
    lookup?: Lookup,
  ) {
    this.resolved = resolvedAddressChecker(map, lookup);
  }

  /** Sends one request to the endpoint over HTTP/3 (one at a time: the cookie store and the extra header fields are per request). Throws H3RequestError when nothing came back. */
  request(req: H3Request, endpoint: QuicEndpoint): Promise<H3Answer> {
    const run = this.queue.then(() => this.send(req, endpoint));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Whether `prepare` was called: the endpoints of the service are known. */
  prepared = false;

  /**
   * Launches the browser for these endpoints at once (every role's, learned before the first
   * request), so that it is not relaunched for each new origin. Endpoints met later still relaunch it.
   */
  prepare(endpoints: readonly QuicEndpoint[]): Promise<void> {
    this.prepared = true;
    const run = this.queue.then(() => this.launchFor(endpoints));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async launchFor(endpoints: readonly QuicEndpoint[]): Promise<void> {
    const current = this.session ? await this.session.catch(() => undefined) : undefined;
    const all = new Map(current?.endpoints ?? []);
    for (const e of endpoints) all.set(keyOf(e), e);
    const same = current && all.size === current.endpoints.size && [...all].every(([k, e]) => sameEndpoint(current.endpoints.get(k), e));
    if (same || all.size === 0) return;
    if (current) await current.browser.close().catch(() => undefined);
    this.session = this.open([...all.values()]);
    await this.session.catch(() => undefined);
  }

  async close(): Promise<void> {
    const s = this.session;
    this.session = undefined;
    if (s) await (await s.catch(() => undefined))?.browser.close().catch(() => undefined);
  }

  private async sessionFor(endpoint: QuicEndpoint): Promise<Session> {
    const current = this.session ? await this.session.catch(() => undefined) : undefined;
    if (current && sameEndpoint(current.endpoints.get(keyOf(endpoint)), endpoint)) return current;
    const endpoints = new Map(current?.endpoints ?? []);
    endpoints.set(keyOf(endpoint), endpoint);
    if (current) await current.browser.close().catch(() => undefined);
    this.session = this.open([...endpoints.values()]);
    return this.session;
  }

  private async open(endpoints: QuicEndpoint[]): Promise<Session> {
    const launch = this.launcher(endpoints);
    const browser = await chromium.launch(launch.options);
    try {
      const context = await browser.newContext(launch.context);
      return { browser, context, tabs: new Map(), launch, endpoints: new Map(endpoints.map((e) => [keyOf(e), e])) };
    } catch (e) {
      await browser.close().catch(() => undefined);
      throw e;
    }
  }

  /** The blank page of `origin`, opened at its first request. */
  private tabFor(s: Session, origin: string, timeout: number): Promise<Tab> {
    let tab = s.tabs.get(origin);
    if (!tab) {
      tab = this.openTab(s.context, origin, timeout);
      s.tabs.set(origin, tab);
      // A page that failed to open is opened again by the next request.
      tab.catch(() => s.tabs.delete(origin));
    }
    return tab;
  }

  private async openTab(context: BrowserContext, origin: string, timeout: number): Promise<Tab> {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    this.listen(cdp);
    await cdp.send('Network.enable');
    await answerBlankPages(cdp, BLANK_PATH, BLANK_HTML);
    await page.goto(`${origin}${BLANK_PATH}`, { timeout });
    return { page, cdp };
  }

  /** Follows the one request being watched through the DevTools events (the blank page's own load is ignored). */
  private listen(cdp: CDPSession): void {
    const mine = (id: string) => this.watching && this.watching.seen.requestId === id;
    const on = <
      E extends
        | 'Network.requestWillBeSent'
        | 'Network.requestWillBeSentExtraInfo'
        | 'Network.responseReceivedExtraInfo'
        | 'Network.responseReceived'
        | 'Network.loadingFailed',
    >(
      event: E,
      handle: Parameters<typeof cdp.on<E>>[1],
    ) =>
      cdp.on(event, (e) => {
        handle(e);
        this.watching?.seen.changed?.();
      });
    on('Network.requestWillBeSent', (e) => {
      const w = this.watching;
      if (!w) return;
      if (w.seen.requestId === undefined && e.type === 'Fetch' && e.request.url === w.url) w.seen.requestId = e.requestId;
      if (mine(e.requestId) && e.redirectResponse && !w.seen.response)
        w.seen.response = { status: e.redirectResponse.status, protocol: e.redirectResponse.protocol, headers: e.redirectResponse.headers };
    });
    on('Network.requestWillBeSentExtraInfo', (e) => {
      const seen = this.watching?.seen;
      if (seen && !seen.sent.has(e.requestId)) seen.sent.set(e.requestId, e.headers as Record<string, string>);
    });
    on('Network.responseReceivedExtraInfo', (e) => {
      const seen = this.watching?.seen;
      if (seen && !seen.extra.has(e.requestId)) seen.extra.set(e.requestId, { statusCode: e.statusCode, headers: e.headers as Record<string, string> });
    });
    on('Network.responseReceived', (e) => {
      if (this.watching && mine(e.requestId) && !this.watching.seen.response)
        this.watching.seen.response = { status: e.response.status, protocol: e.response.protocol, headers: e.response.headers };
    });
    on('Network.loadingFailed', (e) => {
      if (this.watching && mine(e.requestId)) this.watching.seen.failed ??= e.errorText;
    });
  }

  // One request's life in Chromium: the tab made ready, the fetch in the page, then what the DevTools
  // protocol saw of it. The page's function must stay inline (Playwright sends its source into the
  // page, so it can use nothing of this module), and the steps around it share `seen`, `tab` and the budget.
  private async send(req: H3Request, endpoint: QuicEndpoint): Promise<H3Answer> {
    const { connectTimeoutMs, requestTimeoutMs, bodyCapBytes } = this.map.limits;
    const budget = connectTimeoutMs + requestTimeoutMs;
    const where = `${endpoint.address}:${endpoint.port}`;
    const silent = this.silent.get(where);
    if (silent) throw new H3RequestError(req.url, `${silent} (not asked again: ${where} gave no answer to an earlier request of this run)`);
    const refused = (await this.resolved(`https://${bracketed(endpoint.address)}:${endpoint.port}/`)).refused;
    if (refused) throw new H3RequestError(req.url, `${where} ${refused}`);
    const s = await this.sessionFor(endpoint);
    const command = s.launch.command(req.url);
    const url = new URL(req.url);
    await s.context.clearCookies();
    // TARGET_HEADERS of the request's role, as the h1 and h2 legs send them (the page asks nothing of another origin);
    // their Cookie pairs go into the jar beside the request's own, so Chromium sends them in its one Cookie field.
    const { cookie: extraCookie, ...extra } = extraHeadersFor(this.map, url); // names lowercased when parsed
    const joined = withExtraHeaders(
      req.headers.cookie !== undefined ? [['cookie', req.headers.cookie]] : [],
      extraCookie !== undefined ? { cookie: extraCookie } : {},
    );
    const cookies = cookiePairs(joined[0]?.[1] ?? '').map(([name, value]) => ({ name, value, url: url.origin }));
    if (cookies.length) await s.context.addCookies(cookies);
    const tab = await this.tabFor(s, url.origin, budget);
    const headers = Object.entries(req.headers).filter(([n]) => !NOT_FROM_A_PAGE.test(n.toLowerCase()));
    if (JSON.stringify(extra) !== tab.extraHeaders) {
      await tab.cdp.send('Network.setExtraHTTPHeaders', { headers: extra });
      tab.extraHeaders = JSON.stringify(extra);
    }
    const seen: Observed = { sent: new Map(), extra: new Map() };
    this.watching = { url: url.href, seen };
    try {
      const result = await Promise.race([
        tab.page.evaluate(
          async ({ href, method, headers, body, ms, cap }) => {
            const h = new Headers();
            for (const [n, v] of headers)
              try {
                h.append(n, v);
              } catch {
                /* a value the Headers class refuses is not sent; the request as sent is what is compared */
              }
            const init: RequestInit = { method, headers: h, redirect: 'manual', cache: 'no-store', credentials: 'include', referrerPolicy: 'no-referrer' };
            if (body !== undefined) init.body = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
            init.signal = AbortSignal.timeout(ms);
            try {
              const r = await fetch(href, init);
              if (r.type === 'opaqueredirect') return { ok: true as const, body: undefined, over: false };
              // Read up to the cap and no further: a target may send an endless or bomb body.
              const parts: Uint8Array[] = [];
              let kept = 0;
              let over = false;
              const reader = r.body?.getReader();
              while (reader) {
                const { done, value } = await reader.read();
                if (done) break;
                if (kept + value.length > cap) {
                  parts.push(value.subarray(0, cap - kept));
                  kept = cap;
                  over = true;
                  await reader.cancel();
                  break;
                }
                parts.push(value);
                kept += value.length;
              }
              let bin = '';
              for (const part of parts) for (let i = 0; i < part.length; i += 0x8000) bin += String.fromCharCode(...part.subarray(i, i + 0x8000));
              return { ok: true as const, body: btoa(bin), over };
            } catch (e) {
              return { ok: false as const, error: String(e) };
            }
          },
          { href: url.href, method: req.method, headers, body: req.body?.toString('base64'), ms: budget, cap: bodyCapBytes },
        ),
        new Promise<{ ok: false; error: string }>((resolve) =>
          setTimeout(() => resolve({ ok: false, error: `no answer within ${budget} ms` }), budget + 2000).unref(),
        ),
      ]);
      if (!result.ok) {
        await settle(seen, () => seen.failed !== undefined, 500);
        // Our budget spent, or Chromium's own QUIC timeouts (its handshake and idle timers are shorter): nothing came back.
        const ours = /TimeoutError|no answer within/.test(result.error) && (seen.failed === undefined || /ERR_TIMED_OUT|ERR_ABORTED/.test(seen.failed));
        const quic = /QUIC_(NETWORK_IDLE_TIMEOUT|HANDSHAKE_TIMEOUT)/.test(seen.failed ?? '');
        const reason = ours ? `no answer within ${budget} ms (HARNESS_CONNECT_TIMEOUT_MS + HARNESS_REQUEST_TIMEOUT_MS)` : (seen.failed ?? result.error);
        if (ours || quic) this.silent.set(where, reason);
        throw new H3RequestError(req.url, reason);
      }
      const id = () => seen.requestId ?? '';
      await settle(seen, () => seen.response !== undefined && seen.extra.has(id()) && seen.sent.has(id()), 2000);
      const response = seen.response;
      const sentHeaders = seen.sent.get(id());
      const extra = seen.extra.get(id());
      // Without the fields Chromium wrote, its twin over h1 would be another request: no comparison.
      if (!response || !sentHeaders) throw new H3RequestError(req.url, `the browser showed ${response ? 'no request header fields' : 'no answer'} for it`);
      const lines = linesOf(extra?.headers ?? response.headers);
      const sent = linesOf(sentHeaders).filter(([n]) => !n.startsWith(':'));
      return {
        protocol: response.protocol ?? 'unknown',
        status: extra?.statusCode ?? response.status,
        lines,
        ...(result.body !== undefined ? { decoded: Buffer.from(result.body, 'base64') } : {}),
        ...(result.over ? { overCap: { keptBytes: bodyCapBytes } } : {}),
        sent,
        command,
      };
    } finally {
      this.watching = undefined;
    }
  }
}

/** Waits until `done` holds or `ms` have passed: DevTools events may trail the page's own view by a little. */
function settle(seen: Observed, done: () => boolean, ms: number): Promise<void> {
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      seen.changed = undefined;
      resolve();
    };
    const timer = setTimeout(finish, ms);
    seen.changed = () => {
      if (done()) finish();
    };
  });
}
