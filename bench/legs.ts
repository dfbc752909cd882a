/**
 * The rate of each protocol leg of the replay, side by side, each against a bare peer sending the
 * same requests in the same run:
 *
 * - h1 and h2 legs: the engine's request (raw-line transport, observed, every expectation and
 *   check evaluated) vs a bare undici `request()` loop over the same dispatcher setup, both at the
 *   bench's concurrency.
 * - h3 leg: the engine's leg (Chromium with QUIC forced to the advertised endpoint, the request
 *   followed through the DevTools protocol, its cookie store emptied, then the h1 twin with the
 *   header fields Chromium sent and the parity comparison) vs a bare loop of `fetch()` calls in a
 *   page of the same Chromium, same switches, one request at a time as the leg's one page sends
 *   them. The leg sends two requests per exchange (the h3 one and its h1 twin); its rate counts
 *   exchanges, as the other legs' do.
 *
 * Only exchanges an h3 leg can send take part (https, a method a page can send, an Alt-Svc h3 on
 * the h1 answer, no discovered address), so all three legs send the same set.
 */
import * as path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { request, type Dispatcher } from 'undici';
import type { EmbeddedReference } from '../harness/src/embedded/start-reference';
import { targetBrowserLaunch } from '../harness/src/browser/launch';
import { quicLaunch } from '../harness/src/browser/quic';
import type { QuicEndpoint } from '../harness/src/target-map/browser';
import { CHECKS } from '../harness/src/checks';
import { H3Client } from '../harness/src/transport/h3-client';
import { answerBlankPages } from '../harness/src/transport/h3-blank-page';
import { endpointOf, h3SkipReason, runH3, serviceEndpoints } from '../harness/src/replay/h3';
import { buildRequest, chromiumOverQuic, replayPlaceholders } from '../harness/src/replay';
import { evaluateExchange } from '../harness/src/spec-model/evaluate';
import { loadSpecs } from '../harness/src/spec-model/load';
import { toObservedExchange } from '../harness/src/spec-model/observe';
import type { ExchangeSpec } from '../harness/src/spec-model/types';
import { type Role, type TargetMap } from '../harness/src/target-map';
import { createDispatcher } from '../harness/src/target-map/dispatcher';
import { send } from '../harness/src/transport/send';
import { referenceMap } from './map';
import { pool } from './pool';

const root = path.resolve(__dirname, '..');
const PER_ROUND = Number(process.env.BENCH_LEG_EXCHANGES ?? 300);
const BLANK = '/.well-known/bench-h3-blank';

interface Item {
  role: Role;
  ex: ExchangeSpec;
  req: { method: string; url: string; headers: Record<string, string>; body?: Buffer };
  vars: Record<string, string>;
  endpoint?: QuicEndpoint;
}

/** The h1 or h2 leg of one exchange, as the replay runs it (without the repeat, which only some items ask for). */
async function engineLeg(d: Dispatcher, map: TargetMap, protocol: 'h1' | 'h2', it: Item): Promise<number> {
  const startedAt = new Date();
  const t0 = performance.now();
  const response = await send(
    d,
    { url: it.req.url, method: it.req.method, headers: it.req.headers, ...(it.req.body ? { body: it.req.body } : {}) },
    map.limits,
  );
  const observed = toObservedExchange({
    target: map.origin,
    request: { method: it.req.method, url: it.req.url, headers: Object.entries(it.req.headers) },
    response,
    protocol,
    startedAt,
    totalMs: performance.now() - t0,
    bodyCapBytes: map.limits.bodyCapBytes,
  });
  const findings = evaluateExchange(it.ex, observed, { role: it.role, placeholders: it.vars, targetOrigin: map.origin, previous: [], checks: CHECKS });
  return findings.filter((f) => f.verdict === 'fail' || f.verdict === 'error').length;
}

async function bareUndici(d: Dispatcher, it: Item): Promise<void> {
  const res = await request(it.req.url, {
    dispatcher: d,
    method: it.req.method as 'GET',
    headers: it.req.headers,
    ...(it.req.body ? { body: it.req.body } : {}),
  });
  await res.body.arrayBuffer();
}

/** A bare Chromium with the leg's own switches: one page per origin, each on a blank page of that origin. */
async function bareChromium(map: TargetMap, endpoints: QuicEndpoint[], origins: string[]) {
  const launch = quicLaunch(targetBrowserLaunch(map), endpoints);
  const browser: Browser = await chromium.launch(launch.options);
  const context = await browser.newContext({ ignoreHTTPSErrors: launch.ignoreHTTPSErrors });
  const pages = new Map<string, Awaited<ReturnType<typeof context.newPage>>>();
  for (const origin of origins) {
    const page = await context.newPage();
    await answerBlankPages(await context.newCDPSession(page), BLANK, '<!doctype html><link rel=icon href="data:,"><title>bench</title>');
    await page.goto(`${origin}${BLANK}`);
    pages.set(origin, page);
  }
  /** Sends the requests one after another from their origin's page; the protocol of each is checked by the caller. */
  const fetchAll = async (list: Item[]) => {
    for (const it of list) {
      const page = pages.get(new URL(it.req.url).origin);
      if (!page) throw new Error(`no page for ${it.req.url}`);
      await page.evaluate(
        async ({ href, method }) => {
          const r = await fetch(href, { method, redirect: 'manual', cache: 'no-store', referrerPolicy: 'no-referrer' });
          await r.arrayBuffer();
        },
        { href: it.req.url, method: it.req.method },
      );
    }
  };
  /** The protocol Chromium used for the last request of each origin (h3 expected). */
  const protocols = async () =>
    Promise.all(
      [...pages.values()].map((p) =>
        p.evaluate(() => {
          const all = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          return all.length ? all[all.length - 1].nextHopProtocol : 'none';
        }),
      ),
    );
  return { fetchAll, protocols, close: () => browser.close() };
}

/**
 * The exchanges of specs/ the legs send, each asked once over `h1` to read its Alt-Svc. With an h3
 * client, only those with an h3 endpoint take part; `left` counts the others.
 */
async function legItems(
  map: TargetMap,
  values: Record<string, string>,
  h1: Dispatcher,
  client: H3Client | undefined,
): Promise<{ items: Item[]; left: number }> {
  const items: Item[] = [];
  let left = 0;
  for (const spec of loadSpecs(path.join(root, 'specs'), CHECKS)) {
    for (const ex of spec.exchanges) {
      if (ex.discover) continue;
      let built;
      try {
        built = buildRequest(ex, values, map, spec.role);
      } catch {
        continue; // needs a flow variable
      }
      const req = { method: built.method, url: built.url, headers: built.headers, ...(built.body ? { body: built.body } : {}) };
      const lines = (await send(h1, req, map.limits).catch(() => undefined))?.lines;
      const skip = h3SkipReason(ex, map, lines ? { request: req, lines } : undefined, client);
      const endpoint = lines && !skip ? endpointOf(map, new URL(req.url), lines) : undefined;
      if (client && !endpoint) {
        left++;
        continue;
      }
      items.push({ role: spec.role, ex, req, vars: values, ...(endpoint ? { endpoint } : {}) });
    }
  }
  return { items, left };
}

export async function legRates(ref: EmbeddedReference, concurrency: number): Promise<void> {
  const map = referenceMap(ref.ready);
  const values = replayPlaceholders(map);
  const d = { h1: createDispatcher(map, { allowH2: false }), h2: createDispatcher(map, { allowH2: true }) };
  const bare = { h1: createDispatcher(map, { allowH2: false }), h2: createDispatcher(map, { allowH2: true }) };
  const h1Twin = createDispatcher(map, { allowH2: false });
  const client = map.h3Off ? undefined : new H3Client(map, chromiumOverQuic(map));
  const { items, left } = await legItems(map, values, d.h1, client);
  const at = (i: number) => items[i % items.length];
  let failing = 0;
  const h1Leg = () => pool(PER_ROUND, concurrency, async (i) => void (failing += await engineLeg(d.h1, map, 'h1', at(i))));
  const h2Leg = () => pool(PER_ROUND, concurrency, async (i) => void (failing += await engineLeg(d.h2, map, 'h2', at(i))));
  const h1Bare = () => pool(PER_ROUND, concurrency, (i) => bareUndici(bare.h1, at(i)));
  const h2Bare = () => pool(PER_ROUND, concurrency, (i) => bareUndici(bare.h2, at(i)));
  const target = map.origin;
  const h3Leg = client
    ? () =>
        pool(PER_ROUND, concurrency, async (i) => {
          const it = at(i);
          if (!it.endpoint) throw new Error(`${it.ex.id}: no endpoint`);
          const out = await runH3(it.ex.id, it.req, it.endpoint, { h3: client, h1: h1Twin, map }, { target, level: 'must', source: it.ex.source });
          failing += [...out.findings, ...out.parity].filter((f) => f.verdict === 'fail' || f.verdict === 'error').length;
        })
    : undefined;
  const endpoints = client ? await serviceEndpoints(map, d.h1) : [];
  if (client) await client.prepare(endpoints);
  const peer = client ? await bareChromium(map, endpoints, [...new Set(items.map((it) => new URL(it.req.url).origin))]) : undefined;
  const h3Bare = peer
    ? async () => {
        const list = Array.from({ length: PER_ROUND }, (_, i) => at(i));
        const t0 = performance.now();
        await peer.fetchAll(list);
        return PER_ROUND / ((performance.now() - t0) / 1000);
      }
    : undefined;
  try {
    const runs: Array<Record<string, number>> = [];
    // A warm-up round (connections, JIT, QUIC sessions, the reference's caches), then two interleaved rounds.
    for (let r = 0; r < 3; r++) {
      const round: Record<string, number> = { h1Bare: await h1Bare(), h1: await h1Leg(), h2Bare: await h2Bare(), h2: await h2Leg() };
      if (h3Bare && h3Leg) Object.assign(round, { h3Bare: await h3Bare(), h3: await h3Leg() });
      if (r > 0) runs.push(round);
    }
    const best = (k: string) => Math.max(...runs.map((r) => r[k]));
    const line = (leg: string, engine: string, bare: string, peerName: string) =>
      console.log(
        `${leg}  leg ${best(engine).toFixed(0).padStart(6)} exchanges/s   ${peerName.padEnd(34)} ${best(bare).toFixed(0).padStart(6)}/s   ratio ${(best(engine) / best(bare)).toFixed(2)}x`,
      );
    console.log('');
    console.log(
      `protocol legs: ${items.length} distinct exchanges ${client ? `that an h3 leg can send (${left} others left out)` : ''}, ${PER_ROUND} per round, concurrency ${concurrency}, best of ${runs.length} interleaved rounds`,
    );
    line('h1', 'h1', 'h1Bare', 'bare undici loop, HTTP/1.1');
    line('h2', 'h2', 'h2Bare', 'bare undici loop, HTTP/2');
    if (h3Leg && peer) {
      line('h3', 'h3', 'h3Bare', 'bare fetch() loop in Chromium, h3');
      const seen = await peer.protocols();
      console.log(
        `the bare Chromium's protocol per origin page: ${seen.join(', ')}; the h3 leg sends two requests per exchange (h3 and its h1 twin), one at a time`,
      );
    } else console.log(`h3  leg skipped: ${map.h3Off}`);
    console.log(`failing findings across the legs: ${failing} (the reference: 0)`);
  } finally {
    await Promise.all([d.h1.close(), d.h2.close(), bare.h1.close(), bare.h2.close(), h1Twin.close(), client?.close(), peer?.close()]);
  }
}
