import * as dgram from 'node:dgram';
import type { ReplayRecord } from '../../record';
import { HTTP3_SEEN, runHttp3Flow } from '../../flows/raw/http3-seen';
import { runRedirectFlow } from '../../flows/raw/redirects';
import { allFindings, ReplayClients, replayItem } from '../../replay';
import type { ExchangeSpec, FlowSpec } from '../../spec-model/types';
import { loadTargetMap } from '../../target-map';
import { limitsEnv, withTestBudgets } from '../budgets';
import { h3Missing, startTestEdge } from '../h3-edge';
import { SITE, startHostileTarget, type HostileTarget } from './hostile';

/*
 * The raw replay and flows against a hostile target on loopback: what it advertises, where it
 * redirects and what it sends back are refused or bounded, each with a finding that names it, and
 * an unbroken answer of the same target stays green.
 */
let t: HostileTarget;
const opened: ReplayClients[] = [];

beforeAll(async () => {
  t = await startHostileTarget();
});

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await t?.close();
});

/** Clients of the target's map under the test budgets; `extra` may add variables, limits among them. */
function clients(extra: Record<string, string> = {}): ReplayClients {
  const c = new ReplayClients(loadTargetMap(withTestBudgets(t.env(extra))));
  opened.push(c);
  return c;
}

const exchange = (path: string): ExchangeSpec => ({
  id: 'site/hostile',
  title: 't',
  clause: 'c',
  source: 'capture',
  request: { path },
  expect: { status: 200 },
});
const unmet = (r: ReplayRecord) => allFindings(r).filter((f) => f.verdict === 'fail' || f.verdict === 'error');

describe('a crafted Alt-Svc', () => {
  const CRAFTED = 'h3="x, MAP www.hostile.test 203.0.113.9:443"; ma=86400';
  beforeAll(() =>
    t.on('/alt-svc', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'alt-svc': new URL(req.url ?? '/', 'https://x').searchParams.get('v') ?? CRAFTED });
      res.end('ok\n');
    }),
  );

  test('is refused with a finding naming it: the HTTP/3 leg never reaches Chromium', async () => {
    const c = clients();
    const record = await replayItem(exchange('/alt-svc'), c, { role: 'site' });
    const leg = record.legs.find((l) => l.protocol === 'h3');
    const refused = leg?.steps.flatMap((s) => s.findings).find((f) => f.id === 'site/hostile h3 alt-svc');
    expect(refused).toMatchObject({ verdict: 'fail', actual: CRAFTED });
    expect(refused?.message).toMatch(/not a host name or IP address.*never given to Chromium/);
    expect(c.h3?.prepared).toBe(false);
  });

  test('is refused by service/http3-seen too, naming it', async () => {
    t.on('/', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'alt-svc': CRAFTED });
      res.end('ok\n');
    });
    const c = clients();
    const record = await runHttp3Flow(c);
    const refused = allFindings(record).find((f) => f.id === `${HTTP3_SEEN} site www.hostile.test alt-svc`);
    expect(refused).toMatchObject({ verdict: 'fail', level: 'must', actual: CRAFTED });
    expect(refused?.message).toMatch(/refused/);
    expect(c.h3?.prepared).toBe(false);
  });

  describe('an h3 alternative off the map', () => {
    // A UDP listener on an unmapped loopback address records every datagram QUIC would send it.
    let udp: dgram.Socket;
    const hits: string[] = [];
    beforeAll(async () => {
      udp = dgram.createSocket('udp4');
      udp.on('message', (_m, from) => hits.push(`${from.address}:${from.port}`));
      await new Promise<void>((resolve) => udp.bind(0, '127.0.0.2', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => udp.close(() => resolve())));

    test.each<[string, () => string, RegExp]>([
      ['an unmapped loopback address', () => `h3="127.0.0.2:${udp.address().port}"`, /127\.0\.0\.2:\d+ is not a host of the target map/],
      ['a cloud metadata address', () => 'h3="169.254.169.254:443"', /link-local/],
      ['an internal name', () => 'h3="metadata.google.internal:443"', /metadata/],
      ['a name the map does not give', () => 'h3="internal.corp:443"; ma=60', /not a host of the target map \(internal\.corp\)/],
    ])('to %s: refused with a finding naming it and the rule; nothing is sent', async (_name, value, reason) => {
      const c = clients();
      const record = await replayItem(exchange(`/alt-svc?v=${encodeURIComponent(value())}`), c, { role: 'site' });
      const refused = record.legs.find((l) => l.protocol === 'h3')?.steps.flatMap((s) => s.findings);
      expect(refused?.map((f) => [f.id, f.verdict, f.level, f.actual])).toEqual([['site/hostile h3 alt-svc', 'warn', 'should', value()]]);
      expect(refused?.[0].message).toMatch(reason);
      expect(refused?.[0].message).toMatch(/refused, never given to Chromium/);
      expect(c.h3?.prepared).toBe(false);
      t.on('/', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain', 'alt-svc': value() });
        res.end('ok\n');
      });
      const seen = allFindings(await runHttp3Flow(c)).find((f) => f.id === `${HTTP3_SEEN} site www.hostile.test alt-svc`);
      expect(seen).toMatchObject({ verdict: 'warn', level: 'should', actual: value() });
      expect(seen?.message).toMatch(reason);
      expect(c.h3?.prepared).toBe(false);
      expect(hits).toEqual([]);
    });
  });

  test('a well-formed Alt-Svc without h3 is no finding of its own (the leg is skipped, saying why)', async () => {
    const c = clients();
    const record = await replayItem(exchange(`/alt-svc?v=${encodeURIComponent('h2=":443"')}`), c, { role: 'site' });
    expect(unmet(record)).toEqual([]);
    expect(record.legs.find((l) => l.protocol === 'h3')?.skipped).toBe('the h1 answer advertises no HTTP/3 (no Alt-Svc h3)');
  });
});

describe('redirects outside the target map', () => {
  const chain = (first: string): FlowSpec => ({
    id: 'site/hostile-chain',
    title: 't',
    clause: 'c',
    source: 'capture',
    steps: [
      {
        id: 'site/hostile-chain/first',
        title: 't',
        clause: 'c',
        source: 'capture',
        request: { path: first },
        expect: { status: 302 },
        capture: { next: { header: 'location' } },
      },
      { id: 'site/hostile-chain/next', title: 't', clause: 'c', source: 'capture', request: { path: '{{next}}' }, expect: { status: 200 } },
    ],
  });
  const to = (url: string) => `/to?u=${encodeURIComponent(url)}`;
  const LINK_LOCAL = 'https://169.254.169.254/latest/meta-data/';

  test.each<[string, () => string, RegExp]>([
    ['another host', () => `${t.thirdOrigin}/landing`, /is not the origin of a mapped role/],
    ['the same name over plain http', () => `${t.siteHttpOrigin}/landing`, /plain http/],
    ['a link-local address', () => LINK_LOCAL, /link-local/],
    ['an IPv6 link-local address', () => 'http://[fe80::1]:8080/', /link-local/],
  ])('to %s: the redirect-chain flow names the Location and never fetches it', async (_name, location, reason) => {
    const before = t.received.length;
    const record = await runRedirectFlow({ role: 'site', flow: chain(to(location())) }, clients());
    const refused = allFindings(record).find((f) => f.id === 'redirects/site/hostile-chain/first follow');
    expect(refused).toMatchObject({ verdict: 'fail', actual: location() });
    expect(refused?.message).toMatch(reason);
    expect(record.legs[0].steps.map((s) => s.request?.url)).toEqual([`${t.siteOrigin}${to(location())}`]);
    expect(t.received.slice(before).map((r) => `${r.server} ${r.path}`)).toEqual([`site ${to(location())}`]);
  });

  test('to another host: the spec flow of the same steps refuses it too, naming it', async () => {
    const before = t.received.length;
    const location = `${t.thirdOrigin}/landing`;
    const record = await replayItem(chain(to(location)), clients({ TARGET_H3: '0' }), { role: 'site' });
    const refused = allFindings(record).filter((f) => f.id === 'site/hostile-chain/next request');
    expect(refused.map((f) => [f.verdict, f.actual])).toEqual([
      ['fail', location],
      ['fail', location],
    ]);
    expect(t.received.slice(before).filter((r) => r.server !== 'site')).toEqual([]);
  });

  test('within the mapped roles: followed, and green', async () => {
    const record = await runRedirectFlow({ role: 'site', flow: chain(to(`${t.siteOrigin}/landing`)) }, clients());
    expect(unmet(record)).toEqual([]);
    expect(record.legs[0].steps.map((s) => s.request?.url)).toEqual([`${t.siteOrigin}${to(`${t.siteOrigin}/landing`)}`, `${t.siteOrigin}/landing`]);
  });
});

describe('oversized and bomb bodies', () => {
  const CAP = 64 * 1024;
  // The cap alone: these cases are about size, so the times stay the test budgets, out of a loaded machine's reach.
  const capped = (extra: Record<string, string> = {}) => clients({ ...extra, ...limitsEnv({ bodyCapBytes: CAP }) });

  test.each([
    ['4 MiB', '/big?bytes=4194304', 'body larger than the cap'],
    ['a gzip bomb', '/bomb?coding=gzip', 'Cannot create a Buffer larger than 65536 bytes'],
    ['a br bomb', '/bomb?coding=br', 'Cannot create a Buffer larger than 65536 bytes'],
  ])('%s over h1 and h2: an error finding on each leg naming the cap, never the whole body in memory', async (_name, path, cause) => {
    const record = await replayItem(exchange(path), capped({ TARGET_H3: '0' }), { role: 'site' });
    for (const protocol of ['h1', 'h2']) {
      const leg = record.legs.find((l) => l.protocol === protocol);
      const errors = leg!.steps.flatMap((s) => s.findings).filter((f) => f.verdict === 'error');
      expect(errors.map((f) => f.id)).toEqual(['site/hostile body']);
      expect(errors[0].message).toContain(cause);
      // The record states the size the target sent, not the cap it was cut to.
      if (path.startsWith('/big')) expect(leg!.steps[0].response?.bodySize).toBe(4194304);
    }
  });

  test('a small body on the same target stays green', async () => {
    const record = await replayItem(exchange('/big?bytes=1000'), capped({ TARGET_H3: '0' }), { role: 'site' });
    expect(unmet(record)).toEqual([]);
  });

  // The HTTP/3 case needs an edge (caddy) and Chromium; where either is missing it is skipped with the reason in its title.
  const edgeMissing = h3Missing();
  const withEdge = edgeMissing ? test.skip : test;
  withEdge(`over HTTP/3: the page stops reading at the cap, and the leg is an error naming it${edgeMissing}`, async () => {
    const edge = await startTestEdge({ names: [SITE], pki: t.pki, upstreamPort: t.sitePort });
    try {
      t.setAltSvc(edge!.altSvc);
      const record = await replayItem(exchange('/big?bytes=4194304&type=text/plain'), capped(), { role: 'site' });
      const h3 = record.legs.find((l) => l.protocol === 'h3');
      const errors = (h3?.steps ?? []).flatMap((s) => s.findings).filter((f) => f.verdict === 'error');
      expect(errors.map((f) => f.id)).toEqual(['site/hostile h3 body']);
      expect(errors[0].expected).toBe(`a body of at most ${CAP} bytes (HARNESS_BODY_CAP_BYTES)`);
      const green = await replayItem(exchange('/big?bytes=1000&type=text/plain'), capped(), { role: 'site' });
      expect(unmet(green)).toEqual([]);
      expect(green.legs.find((l) => l.protocol === 'h3')?.skipped).toBeUndefined();
    } finally {
      t.setAltSvc(undefined);
      await edge?.stop();
    }
  });
});
