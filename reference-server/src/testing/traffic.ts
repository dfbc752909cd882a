/**
 * Mixed traffic over every role of a reference in a process of its own, for the soak (bench) and
 * the leak check (a test): hand-picked requests for each role plus what the site and shop pages
 * link to, over HTTP/1.1 and HTTP/2 (OCSP also on the plain-HTTP port), with the status each must
 * keep answering.
 */
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { requestFor } from '../hosts/ocsp/test-fixtures';
import { pkiOf, type ReferenceProcess } from './own-process';

export interface Planned {
  name: string;
  origin: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The plain-HTTP port: HTTP/1.1 only. */
  plain?: boolean;
}

export interface Agents {
  h1: Agent;
  h2: Agent;
}

/** HTTP/1.1 and HTTP/2 agents that reach every name of the reference on loopback. */
export function agents(ref: ReferenceProcess, perProtocol: number): Agents {
  const tlsConnect = buildConnector({ ca: ref.rootPem });
  // Every name resolves to the reference: connect to loopback, keep the name for SNI and Host.
  const connect: buildConnector.connector = (options, callback) =>
    tlsConnect(
      { ...options, hostname: '127.0.0.1', servername: options.protocol === 'https:' ? options.hostname : undefined } as buildConnector.Options,
      callback,
    );
  return {
    h1: new Agent({ connect, connections: perProtocol, pipelining: 1, allowH2: false }),
    h2: new Agent({ connect, connections: 2, allowH2: true, pipelining: perProtocol }),
  };
}

/** One request: its status, or an Error for a transport failure. */
export function exchange(dispatcher: Dispatcher, p: Planned): Promise<{ status: number; bytes: number } | Error> {
  return new Promise((resolve) => {
    let status = 0;
    let bytes = 0;
    dispatcher.dispatch(
      { origin: p.origin, method: p.method as Dispatcher.HttpMethod, path: p.path, headers: p.headers, body: p.body },
      {
        onRequestStart: () => undefined,
        onResponseStart: (_c, statusCode) => void (status = statusCode),
        onResponseData: (_c, chunk) => void (bytes += chunk.length),
        onResponseEnd: () => resolve({ status, bytes }),
        onResponseError: (_c, error) => resolve(error),
      },
    );
  });
}

async function fetchText(dispatcher: Dispatcher, origin: string, path: string): Promise<string> {
  const res = await dispatcher.request({ origin, path, method: 'GET', headers: { 'accept-encoding': 'identity' } });
  return res.body.text();
}

/** The traffic: hand-picked requests for every role, plus what the site and shop pages link to. */
export async function plan(ref: ReferenceProcess, h1: Agent): Promise<Planned[]> {
  const tls = (name: string) => `https://${name}:${ref.tlsPort}`;
  const browser = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,image/avif,image/webp,*/*' };
  const get = (name: string, path: string, headers: Record<string, string> = browser): Planned => ({
    name: `${name} GET ${path}`,
    origin: tls(name),
    method: 'GET',
    path,
    headers,
  });
  const pki = await pkiOf(ref.rootPath);
  const ocspBody = await requestFor(
    pki,
    pki.leaves.find((l) => l.role === 'site')!,
  );
  const ocspPost = (origin: string, plain: boolean): Planned => ({
    name: `ocsp POST ${origin}`,
    origin,
    method: 'POST',
    path: '/',
    headers: { 'content-type': 'application/ocsp-request' },
    body: ocspBody,
    plain,
  });
  const planned: Planned[] = [
    get('www.lessons.test', '/'),
    get('www.lessons.test', '/static/css/main.css', { 'accept-encoding': 'gzip' }),
    get('www.lessons.test', '/static/fonts/lessons-icons.woff2', { 'accept-encoding': 'identity' }),
    get('www.lessons.test', '/api/LessonPlan/GetPlanJson?guids=not-a-guid'),
    get('www.lessons.test', '/no/such/page'),
    get('lessons.test', '/some/path?q=1'),
    get('media.lessons.test', '/-/media/Project/Lessons/subjects/math.svg', { 'accept-encoding': 'br' }),
    get('maintenance.lessons.test', '/'),
    get('go.redirect.test', '/'),
    get('go.redirect.test', '/docs/'),
    get('hop2.redirect.test', '/'),
    get('hop3.redirect.test', '/'),
    get('go.redirect.test', '/cdn-cgi/styles/cf.errors.css'),
    get('analytics.beacon.test', '/t.gif?a=LSN-260408&b=123.456&c=%2F&d=Lessons&e=&f=1280x720&g=en-US&h=42'),
    {
      name: 'analytics POST /ccm/collect',
      origin: tls('analytics.beacon.test'),
      method: 'POST',
      path: '/ccm/collect?v=2&tid=G-LSN2604TST&en=page_view',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: `https://www.lessons.test:${ref.tlsPort}` },
      body: Buffer.from('en=scroll&epn.percent_scrolled=90'),
    },
    {
      name: 'analytics OPTIONS /ccm/collect',
      origin: tls('analytics.beacon.test'),
      method: 'OPTIONS',
      path: '/ccm/collect',
      headers: { origin: `https://www.lessons.test:${ref.tlsPort}`, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    },
    get('shop.store.test', '/products/linen-apron'),
    get('shop.store.test', '/products/no-such-thing'),
    get('r10.o.pki.test', '/'),
    ocspPost(tls('r10.o.pki.test'), false),
    ocspPost(`http://r11.o.pki.test:${ref.httpPort}`, true),
  ];
  // What the pages link to on the reference's own hosts (stylesheets, scripts, fonts, images).
  const seen = new Set(planned.map((p) => `${p.origin}${p.path}`));
  for (const [host, path] of [
    ['www.lessons.test', '/'],
    ['shop.store.test', '/products/ceramic-pour-over-set'],
  ]) {
    const html = await fetchText(h1, tls(host), path);
    for (const match of html.matchAll(/(?:src|href)="([^"#]+)"/g)) {
      const url = new URL(match[1].replace(/&amp;/g, '&'), `${tls(host)}${path}`);
      if (url.protocol !== 'https:' || url.port !== String(ref.tlsPort) || seen.has(url.href)) continue;
      seen.add(url.href);
      planned.push(get(url.hostname, `${url.pathname}${url.search}`));
    }
  }
  return planned;
}

/** Each planned request once over each protocol it goes by: the status it must keep answering. */
export async function probe(planned: readonly Planned[], { h1, h2 }: Agents): Promise<Map<Planned, number>> {
  const expected = new Map<Planned, number>();
  for (const p of planned) {
    const statuses = new Set<number>();
    for (const agent of p.plain ? [h1] : [h1, h2]) {
      const r = await exchange(agent, p);
      if (r instanceof Error) throw new Error(`probe ${p.name}: ${r.message}`);
      statuses.add(r.status);
    }
    if (statuses.size !== 1) throw new Error(`probe ${p.name}: ${[...statuses].join(' vs ')} over HTTP/1.1 and HTTP/2`);
    expected.set(p, [...statuses][0]);
  }
  return expected;
}

/** What a run of traffic met: requests sent, and those that failed, answered 5xx, or changed status since the probe. */
export interface Tally {
  requests: number;
  errors: number;
  serverErrors: number;
  wrongStatus: number;
  /** The first five problems, `<protocol> <request>: <what>`. */
  firstProblems: string[];
}

export const emptyTally = (): Tally => ({ requests: 0, errors: 0, serverErrors: 0, wrongStatus: 0, firstProblems: [] });

/** Counts one answer (or failure) of `p` against the status the probe saw (the caller counts the request). */
export function tallyAnswer(tally: Tally, protocol: string, p: Planned, r: Awaited<ReturnType<typeof exchange>>, expected: ReadonlyMap<Planned, number>): void {
  const problem =
    r instanceof Error
      ? (tally.errors++, `${p.name}: ${r.message}`)
      : r.status >= 500
        ? (tally.serverErrors++, `${p.name}: ${r.status}`)
        : r.status !== expected.get(p)
          ? (tally.wrongStatus++, `${p.name}: ${r.status} (probed ${expected.get(p)})`)
          : undefined;
  if (problem && tally.firstProblems.length < 5) tally.firstProblems.push(`${protocol} ${problem}`);
}
