/*
 * Soak: mixed traffic over every role against the reference in a process of its own, half the
 * in-flight requests over HTTP/1.1 and half over HTTP/2 (TLS port; OCSP also on the plain-HTTP
 * port), closed loop at a fixed concurrency. Every answer must have the status the same request
 * got when probed before the run (no errors, no 5xx); the reference's highest resident memory after
 * warm-up must be within 10% of its highest during warm-up (sampled each second), and its open file descriptors once the clients
 * have gone must be no more than before the run.
 * Run: npm run soak                (60 s, concurrency 64, warm-up 10 s)
 *      npm run soak -- --short     (10 s, concurrency 16, warm-up 5 s: the CI mode)
 *      options: --seconds N --concurrency N --warmup N; SOAK_LIST=1 prints each request and its status
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { requestFor } from '../reference-server/src/hosts/ocsp/test-fixtures';
import { openFds, pkiOf, residentKiB, spawnReference, type ReferenceProcess } from '../reference-server/src/testing/reference-process';

interface Planned {
  name: string;
  origin: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The plain-HTTP port: HTTP/1.1 only. */
  plain?: boolean;
}

interface Tally {
  requests: number;
  errors: number;
  serverErrors: number;
  wrongStatus: number;
  firstProblems: string[];
  latencies: number[];
}

const percentile = (xs: number[], p: number) => {
  const sorted = Float64Array.from(xs).sort();
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : 0;
};

function agents(ref: ReferenceProcess, perProtocol: number): { h1: Agent; h2: Agent } {
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
function exchange(dispatcher: Dispatcher, p: Planned): Promise<{ status: number; bytes: number } | Error> {
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
async function plan(ref: ReferenceProcess, h1: Agent): Promise<Planned[]> {
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

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { short: { type: 'boolean', default: false }, seconds: { type: 'string' }, concurrency: { type: 'string' }, warmup: { type: 'string' } },
  });
  const seconds = Number(values.seconds ?? (values.short ? 10 : 60));
  const concurrency = Number(values.concurrency ?? (values.short ? 16 : 64));
  const warmupSeconds = Number(values.warmup ?? (values.short ? 5 : 10));
  if (!(seconds > 0 && seconds <= 3600 && concurrency >= 2 && concurrency <= 1024 && warmupSeconds >= 0 && warmupSeconds < seconds)) {
    throw new Error('--seconds 1..3600, --concurrency 2..1024, --warmup below --seconds');
  }

  const ref = await spawnReference();
  const perProtocol = Math.ceil(concurrency / 2);
  const { h1, h2 } = agents(ref, perProtocol);
  try {
    const planned = await plan(ref, h1);
    // Probe each request on both protocols: the status it must keep answering.
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
      if (process.env.SOAK_LIST) console.log(`  ${[...statuses][0]} ${p.name}`);
    }
    const fdsBefore = openFds(ref.pid);
    const rssBefore = residentKiB(ref.pid);
    const statusCounts = new Map<number, number>();
    for (const s of expected.values()) statusCounts.set(s, (statusCounts.get(s) ?? 0) + 1);
    console.log(
      `soak: ${planned.length} distinct requests over 8 roles (statuses ${[...statusCounts].map(([s, n]) => `${s} x${n}`).join(', ')}), ` +
        `concurrency ${concurrency} (${perProtocol} HTTP/1.1 + ${perProtocol} HTTP/2), ${seconds} s with ${warmupSeconds} s warm-up, reference pid ${ref.pid}`,
    );

    const tally: Record<'h1' | 'h2', Tally> = {
      h1: { requests: 0, errors: 0, serverErrors: 0, wrongStatus: 0, firstProblems: [], latencies: [] },
      h2: { requests: 0, errors: 0, serverErrors: 0, wrongStatus: 0, firstProblems: [], latencies: [] },
    };
    const started = performance.now();
    const until = started + seconds * 1000;
    let next = 0;
    const worker = async (protocol: 'h1' | 'h2') => {
      const t = tally[protocol];
      while (performance.now() < until) {
        const p = planned[next++ % planned.length];
        const agent = p.plain || protocol === 'h1' ? h1 : h2;
        const sent = performance.now();
        const r = await exchange(agent, p);
        t.requests++;
        if (t.latencies.length < 2_000_000) t.latencies.push(performance.now() - sent);
        const problem =
          r instanceof Error
            ? (t.errors++, `${p.name}: ${r.message}`)
            : r.status >= 500
              ? (t.serverErrors++, `${p.name}: ${r.status}`)
              : r.status !== expected.get(p)
                ? (t.wrongStatus++, `${p.name}: ${r.status} (probed ${expected.get(p)})`)
                : undefined;
        if (problem && t.firstProblems.length < 5) t.firstProblems.push(`${protocol} ${problem}`);
      }
    };
    const samples: Array<{ at: number; rssKiB: number; fds: number }> = [];
    const sampler = setInterval(() => samples.push({ at: (performance.now() - started) / 1000, rssKiB: residentKiB(ref.pid), fds: openFds(ref.pid) }), 1000);
    let afterWarmup: { rssKiB: number; fds: number } | undefined;
    const warmupTimer = setTimeout(() => (afterWarmup = { rssKiB: residentKiB(ref.pid), fds: openFds(ref.pid) }), warmupSeconds * 1000);
    await Promise.all([...Array.from({ length: perProtocol }, () => worker('h1')), ...Array.from({ length: perProtocol }, () => worker('h2'))]);
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    clearTimeout(warmupTimer);
    const atEnd = { rssKiB: residentKiB(ref.pid), fds: openFds(ref.pid) };
    await Promise.all([h1.close(), h2.close()]);
    // The server closes its side once the clients have: give it a moment, bounded.
    let fdsAfter = openFds(ref.pid);
    for (let i = 0; i < 50 && fdsAfter > fdsBefore; i++) {
      await new Promise((r) => setTimeout(r, 100));
      fdsAfter = openFds(ref.pid);
    }
    if (ref.exited() !== undefined) throw new Error(`the reference exited (${ref.exited()})\n${ref.stderr()}`);
    const warm = afterWarmup ?? atEnd;

    const total = tally.h1.requests + tally.h2.requests;
    const mib = (kib: number) => (kib / 1024).toFixed(1);
    for (const protocol of ['h1', 'h2'] as const) {
      const t = tally[protocol];
      console.log(
        `  ${protocol === 'h1' ? 'HTTP/1.1' : 'HTTP/2  '} ${t.requests} requests (${(t.requests / elapsed).toFixed(0)} req/s), p50 ${percentile(t.latencies, 50).toFixed(2)} ms, ` +
          `p99 ${percentile(t.latencies, 99).toFixed(2)} ms; errors ${t.errors}, 5xx ${t.serverErrors}, other status ${t.wrongStatus}`,
      );
      for (const problem of t.firstProblems) console.log(`    ${problem}`);
    }
    // V8's heap grows and is collected in a sawtooth: the highest reading of the warm-up against the
    // highest after it tells growth from where one reading happened to fall.
    const warmPeak = Math.max(warm.rssKiB, ...samples.filter((x) => x.at <= warmupSeconds).map((x) => x.rssKiB));
    const runPeak = Math.max(atEnd.rssKiB, ...samples.filter((x) => x.at > warmupSeconds).map((x) => x.rssKiB));
    const rssGrowth = runPeak / warmPeak - 1;
    console.log(`  total ${total} requests in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)} req/s)`);
    console.log(
      `  reference RSS: ${mib(rssBefore)} MiB before, ${mib(warm.rssKiB)} MiB after warm-up (peak ${mib(warmPeak)}), ${mib(atEnd.rssKiB)} MiB at the end, ` +
        `peak after warm-up ${mib(runPeak)} MiB (${rssGrowth >= 0 ? '+' : ''}${(rssGrowth * 100).toFixed(1)}% on the warm-up peak, limit +10%)`,
    );
    console.log(
      `  reference fds: ${fdsBefore} before, ${warm.fds} after warm-up, ${atEnd.fds} at the end, ${fdsAfter} once the clients closed (peak ${Math.max(...samples.map((s) => s.fds))})`,
    );

    const problems: string[] = [];
    const sum = (k: 'errors' | 'serverErrors' | 'wrongStatus') => tally.h1[k] + tally.h2[k];
    if (sum('errors')) problems.push(`${sum('errors')} transport errors`);
    if (sum('serverErrors')) problems.push(`${sum('serverErrors')} 5xx`);
    if (sum('wrongStatus')) problems.push(`${sum('wrongStatus')} answers with another status than probed`);
    if (rssGrowth > 0.1) problems.push(`RSS grew ${(rssGrowth * 100).toFixed(1)}% after warm-up`);
    if (fdsAfter > fdsBefore) problems.push(`${fdsAfter - fdsBefore} file descriptors more than before the run`);
    if (!tally.h1.requests || !tally.h2.requests) problems.push('a protocol carried no requests');
    console.log(problems.length ? `soak FAILED: ${problems.join('; ')}` : 'soak passed: no errors, no 5xx, RSS within 10% of warm-up, no fd growth');
    if (problems.length) process.exitCode = 1;
  } finally {
    await Promise.allSettled([h1.destroy(), h2.destroy()]);
    await ref.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
