import * as dgram from 'node:dgram';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CHECKS } from '../checks';
import { conclude } from '../core';
import { HTTP3_SEEN, runHttp3Flow } from '../flows/raw/http3-seen';
import { allFindings, ReplayClients, replayItem } from '../replay';
import { loadSpecs } from '../spec-model/load';
import type { ExchangeSpec } from '../spec-model/types';
import { loadTargetMap, type Role } from '../target-map';
import type { TransportLimits } from '../target-map/limits';
import { playwrightCli, REPORTER } from './playwright-cli';
import type { ConformanceResults } from '../report/types';
import { chromium } from '@playwright/test';
import { targetBrowserLaunch } from '../browser/launch';
import { quicLaunch } from '../browser/quic';
import { flowEnvironment } from '../flows/browser/environment';
import { siteHomeH3 } from '../flows/browser/flows/site-home-h3';
import { runFlow } from '../flows/browser/run-flow';
import type { BrowserFlowRecord, ReplayRecord } from '../record';
import { chromiumOverQuic } from '../replay/clients';
import { serviceEndpoints } from '../replay/h3';
import { H3Client } from '../transport/h3-client';
import { h3Missing } from './h3-edge';
import type { Mutation } from './mutating-proxy';
import { REPO_ROOT, startProxiedReference, stopProxiedReference, type ProxiedReference } from './proxied-reference';
import { REFERENCE_NAMES, ROLE_HOSTS } from './reference-names';
import { WHOLE_RUN_MS, withTestBudgets } from './budgets';

/*
 * The HTTP/3 leg and the service-level HTTP/3 expectation catch what breaks only over HTTP/3: the
 * reference behind a mutating proxy with an HTTP/3 edge (Caddy) of its own in front, advertised in
 * Alt-Svc. The proxy tells the edge's requests from direct ones (the edge writes X-Forwarded-For),
 * so a mutation can break one protocol only, as an edge rule that exists on one protocol does.
 */

const NAMES = REFERENCE_NAMES;
const ROLES = { ...ROLE_HOSTS, TARGET_REDIRECTOR_URL: NAMES[5] };
const SPECS = loadSpecs(path.join(REPO_ROOT, 'specs'), CHECKS);
const ITEMS: Array<[Role, ExchangeSpec]> = ['site/home', 'site/static/css', 'shop/product', 'redirector/directory', 'bare/root'].map((id) => {
  const spec = SPECS.find((s) => s.exchanges.some((e) => e.id === id));
  if (!spec) throw new Error(`no exchange ${id} in specs/`);
  return [spec.role, spec.exchanges.find((e) => e.id === id)!];
});

let p: ProxiedReference;
let clients: ReplayClients;
/** The HTTP/3 client lent to `clients` when its requests have a budget of their own (closed by its owner, here). */
let ownH3: H3Client | undefined;
/**
 * Where the HTTP/3 cases cannot run (no caddy for the edge, no Chromium for the h3 legs: system packages that npm
 * test's set-up installs where it may, so they run in CI), they are skipped with the reason and the fix in their title.
 */
const WITHOUT = h3Missing();
const h3Test = WITHOUT ? test.skip : test;

beforeAll(async () => {
  p = await startProxiedReference(NAMES, 'HTTP3 Detection Root', [], { h3: true });
}, WHOLE_RUN_MS);

afterAll(async () => {
  await clients?.close();
  await ownH3?.close();
  await stopProxiedReference(p ?? {});
});

/**
 * Fresh clients (their browser launched for the endpoints the target advertises now), under the
 * test budgets; `h3Limits`: the HTTP/3 requests' own, on a copy of the map that only their client reads.
 */
async function freshClients(extra: Record<string, string> = {}, h3Limits?: Partial<TransportLimits>): Promise<ReplayClients> {
  await clients?.close();
  await ownH3?.close();
  ownH3 = undefined;
  const map = loadTargetMap(withTestBudgets({ ...p.proxy.targetEnv(ROLES, p.pki.caFile), ...extra }));
  if (h3Limits) ownH3 = new H3Client({ ...map, limits: { ...map.limits, ...h3Limits } }, chromiumOverQuic(map));
  clients = new ReplayClients(map, ownH3 ? { h3Client: ownH3 } : {});
  return clients;
}

async function replayAll(c: ReplayClients): Promise<Map<string, ReplayRecord>> {
  const out = new Map<string, ReplayRecord>();
  for (const [role, item] of ITEMS) out.set(item.id, await replayItem(item, c, { role }));
  return out;
}

const h3Leg = (r: ReplayRecord | undefined) => r?.legs.find((l) => l.protocol === 'h3');
const failing = (r: ReplayRecord) => allFindings(r).filter((f) => f.verdict === 'fail' || f.verdict === 'error');
const flowFindings = (r: ReplayRecord) => r.legs.flatMap((l) => l.steps.flatMap((s) => s.findings));

/** One free UDP port: `silent` keeps a socket on it that reads and never answers (a black hole), else nothing listens (a dead port). */
async function udpPort(silent: boolean): Promise<{ port: number; close: () => void }> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  if (!silent) {
    socket.close();
    return { port, close: () => undefined };
  }
  socket.on('message', () => undefined);
  return { port, close: () => socket.close() };
}

describe('a target with an HTTP/3 edge', () => {
  beforeEach(() => {
    p.proxy.setMutation(undefined);
    p.proxy.setAltSvc(p.edge?.altSvc);
  });

  h3Test(`unbroken: every h3 leg runs over h3 and matches its h1 twin; HTTP/3 is seen${WITHOUT}`, async () => {
    const c = await freshClients();
    const records = await replayAll(c);
    for (const [id, r] of records) {
      const leg = h3Leg(r);
      expect([id, leg?.skipped]).toEqual([id, undefined]);
      expect([id, leg?.steps[0]?.response?.protocol]).toEqual([id, 'h3']);
      expect([id, leg?.steps[0]?.h3?.command]).toEqual([
        id,
        { launch: expect.stringContaining('--origin-to-force-quic-on='), request: expect.stringMatching(/--dump-dom '?https:\/\//) },
      ]);
      expect([id, r.parity.filter((f) => f.id.startsWith(`${id} parity h3`)).map((f) => f.verdict)]).toEqual([id, ['pass']]);
      expect([id, failing(r)]).toEqual([id, []]);
    }
    const seen = await runHttp3Flow(c);
    const top = flowFindings(seen).find((f) => f.id === HTTP3_SEEN);
    expect(top?.verdict).toBe('pass');
    expect(flowFindings(seen).filter((f) => f.verdict !== 'pass')).toEqual([]);
  });

  h3Test.each<[string, Mutation, RegExp]>([
    [
      'a header field dropped over h3 only',
      (e) => {
        if (e.viaEdge) e.lines = e.lines.filter(([n]) => n.toLowerCase() !== 'x-content-type-options');
      },
      /parity h3 header x-content-type-options: expected "h3 as h1: nosniff", got "h3: \(absent\)"/,
    ],
    [
      'another status over h3 only',
      (e) => {
        if (e.viaEdge) e.status = 503;
      },
      /parity h3 status: expected "h3 as h1: \d+", got "h3: 503"/,
    ],
    [
      'another body over h3 only',
      (e) => {
        if (e.viaEdge && e.status === 200 && e.method === 'GET') e.body = Buffer.concat([e.body, Buffer.from('\n')]);
      },
      /parity h3 (body|header content-length)/,
    ],
  ])(`%s: the h3 parity finding fails it${WITHOUT}`, async (_name, mutation, message) => {
    const c = await freshClients();
    p.proxy.setMutation(mutation);
    const records = await replayAll(c);
    const caught = [...records].filter(([id, r]) => !conclude(id, allFindings(r), 'fail', ['h1', 'h2', 'h3']).passed);
    expect(caught.length).toBeGreaterThan(0);
    for (const [id, r] of caught) {
      const j = conclude(id, allFindings(r), 'fail', ['h1', 'h2', 'h3']);
      expect(j.message).toMatch(message);
      // Over h1 and h2 nothing changed: every failure is one of the h3 leg's.
      expect([id, failing(r).filter((f) => !f.id.includes('parity h3') && f.protocol !== 'h3')]).toEqual([id, []]);
    }
  });

  h3Test.each([
    ['a dead UDP port (nothing listens)', false],
    ['a silent UDP port (a black hole)', true],
  ])(`Alt-Svc naming %s: an error finding within the connect and request timeouts, never a hang${WITHOUT}`, async (_name, silent) => {
    // The short budget is the HTTP/3 requests' only: the h1 and h2 answers whose Alt-Svc names the
    // port keep the test budgets, so a loaded machine cannot end them first (and skip the h3 leg).
    const SHORT = { connectTimeoutMs: 1500, requestTimeoutMs: 2500 };
    const budget = SHORT.connectTimeoutMs + SHORT.requestTimeoutMs;
    const udp = await udpPort(silent);
    try {
      p.proxy.setAltSvc(`h3=":${udp.port}"; ma=86400`);
      const c = await freshClients({}, SHORT);
      await c.h3?.prepare([]); // the browser's launch is not the target's time
      const [role, item] = ITEMS[0];
      const r = await replayItem(item, c, { role });
      const h3Errors = allFindings(r).filter((f) => f.protocol === 'h3' && f.verdict === 'error');
      expect(h3Errors.map((f) => f.id)).toEqual([`${item.id} h3 transport`]);
      expect(h3Errors[0].expected).toContain(`127.0.0.1:${udp.port} (UDP`);
      // Ended by the configured budget (its message names it) or by Chromium's own QUIC failure, which comes sooner.
      expect(h3Errors[0].message).toMatch(
        silent ? new RegExp(`no answer within ${budget} ms|ERR_QUIC|ERR_TIMED_OUT|ERR_CONNECTION`) : /ERR_QUIC|ERR_CONNECTION/,
      );
      const seen = await runHttp3Flow(c);
      const handshakes = flowFindings(seen).filter((f) => / handshake$/.test(f.id));
      expect(handshakes.length).toBeGreaterThan(0);
      expect(handshakes.every((f) => f.verdict === 'error')).toBe(true);
      // A black hole is waited for once: the other names on the same endpoint are not asked again.
      if (silent) expect(handshakes.every((f) => /QUIC_NETWORK_IDLE_TIMEOUT|QUIC_HANDSHAKE_TIMEOUT|no answer within/.test(f.message ?? ''))).toBe(true);
      expect(flowFindings(seen).find((f) => f.id === HTTP3_SEEN)?.verdict).toBe('fail');
    } finally {
      udp.close();
    }
  });
});

describe('a target without HTTP/3', () => {
  beforeEach(() => {
    p.proxy.setMutation(undefined);
  });

  test(
    'no role advertises it: service/http3-seen fails, each role is a warning, and the h3 legs are skipped saying why',
    async () => {
      p.proxy.setAltSvc(undefined);
      const c = await freshClients();
      const seen = await runHttp3Flow(c);
      const findings = flowFindings(seen);
      const top = findings.find((f) => f.id === HTTP3_SEEN);
      expect(top?.verdict).toBe('fail');
      expect(top?.actual).toMatch(/^none of \d+ https origins serves h3/);
      const perRole = findings.filter((f) => / alt-svc$/.test(f.id));
      expect(perRole.length).toBe(Object.keys(ROLES).length);
      expect(perRole.every((f) => f.verdict === 'warn' && f.actual === '(absent)')).toBe(true);
      const [role, item] = ITEMS[0];
      const r = await replayItem(item, c, { role });
      expect(h3Leg(r)?.skipped).toBe('the h1 answer advertises no HTTP/3 (no Alt-Svc h3)');
    },
    WHOLE_RUN_MS,
  );

  h3Test(`one role without it: a warning for that role, the service passes${WITHOUT}`, async () => {
    p.proxy.setAltSvc(p.edge?.altSvc);
    p.proxy.setMutation((e) => {
      if (e.host === 'shop.store.test') e.lines = e.lines.filter(([n]) => n !== 'alt-svc');
    });
    const seen = await runHttp3Flow(await freshClients());
    const findings = flowFindings(seen);
    expect(findings.filter((f) => f.verdict !== 'pass').map((f) => `${f.verdict} ${f.id}`)).toEqual([`warn ${HTTP3_SEEN} shop shop.store.test alt-svc`]);
    expect(findings.find((f) => f.id === HTTP3_SEEN)?.verdict).toBe('pass');
  });

  test(
    'TARGET_H3=0: no HTTP/3 request at all, every h3 leg and the service-level expectation skipped with that reason',
    async () => {
      p.proxy.setAltSvc(p.edge?.altSvc ?? 'h3=":1"');
      const c = await freshClients({ TARGET_H3: '0' });
      expect(c.h3).toBeUndefined();
      const seen = await runHttp3Flow(c);
      expect(flowFindings(seen).map((f) => `${f.verdict} ${f.id} ${f.actual}`)).toEqual([
        `skip ${HTTP3_SEEN} TARGET_H3=0 (no HTTP/3 legs: for networks that block UDP)`,
      ]);
      const [role, item] = ITEMS[0];
      expect(h3Leg(await replayItem(item, c, { role }))?.skipped).toBe('TARGET_H3=0 (no HTTP/3 legs: for networks that block UDP)');
    },
    WHOLE_RUN_MS,
  );
});

describe('the home page over HTTP/3 (site/browser/home-h3)', () => {
  beforeEach(() => {
    p.proxy.setMutation(undefined);
    p.proxy.setAltSvc(p.edge?.altSvc);
  });

  /** The flow in a Chromium with QUIC forced to the endpoints the target advertises now, as the browser project runs it. */
  async function homeOverH3(): Promise<BrowserFlowRecord> {
    const c = await freshClients();
    const endpoints = await serviceEndpoints(c.map, c.h1);
    const launch = quicLaunch(targetBrowserLaunch(c.map), endpoints);
    const browser = await chromium.launch(launch.options);
    try {
      const context = await browser.newContext({ ignoreHTTPSErrors: launch.ignoreHTTPSErrors });
      // The test budgets, not the product's 15 s wait for the page's load event, which a loaded machine can cross.
      const { record } = await runFlow(siteHomeH3(endpoints), context, flowEnvironment(c.map, path.join(REPO_ROOT, 'specs'), withTestBudgets({})));
      return record;
    } finally {
      await browser.close();
    }
  }
  const bad = (r: BrowserFlowRecord) => r.findings.filter((f) => f.verdict === 'fail' || f.verdict === 'error');

  h3Test(`unbroken: the page and every sub-resource of a forced origin over h3${WITHOUT}`, async () => {
    const record = await homeOverH3();
    expect(bad(record)).toEqual([]);
    const protocols = record.findings.filter((f) => f.id.startsWith('site/browser/home-h3 protocol '));
    expect(protocols.filter((f) => f.verdict === 'pass').length).toBeGreaterThan(3);
    expect(protocols.filter((f) => f.verdict === 'pass').every((f) => f.actual === 'h3')).toBe(true);
  });

  h3Test(`a stylesheet served with another type over h3 only: the flow fails on it${WITHOUT}`, async () => {
    p.proxy.setMutation((e) => {
      if (e.viaEdge && /\.css(\?|$)/.test(e.path)) e.lines = e.lines.map(([n, v]) => [n, n.toLowerCase() === 'content-type' ? 'text/plain' : v]);
    });
    const failures = bad(await homeOverH3());
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.map((f) => `${f.id} ${f.actual}`).join('\n')).toMatch(/\.css.*text\/plain|text\/plain.*\.css/);
  });
});

describe('the suite against the embedded reference on a machine without Caddy', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'h3-no-caddy-'));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  test(
    'passes: the service-level expectation, every h3 leg and the HTTP/3 browser flow are skipped, saying why',
    async () => {
      const run = await playwrightCli(
        [
          'test',
          '--grep',
          'service/http3-seen|site/home$|site/static/css$|site/browser/home-h3',
          `--reporter=${REPORTER}`,
          `--output=${path.join(work, 'results')}`,
        ],
        { REFERENCE_CADDY: path.join(work, 'no-caddy-here'), HARNESS_REPORT_DIR: path.join(work, 'report') },
      );
      expect(`${run.code}\n${run.stdout.slice(-2000)}`).toMatch(/^0\n/);
      const results = JSON.parse(fs.readFileSync(path.join(work, 'report', 'results.json'), 'utf8')) as ConformanceResults;
      const byId = new Map(results.tests.map((t) => [t.id, t]));
      expect([...byId.keys()].sort()).toEqual(['service/http3-seen', 'site/browser/home-h3', 'site/home', 'site/static/css']);
      const reason = 'the embedded reference serves no HTTP/3: caddy is not installed';
      expect(JSON.stringify(byId.get('service/http3-seen'))).toContain(reason);
      expect(JSON.stringify(byId.get('site/browser/home-h3'))).toContain(reason);
      for (const id of ['site/home', 'site/static/css']) {
        const t = byId.get(id)!;
        expect([id, t.status]).toEqual([id, 'passed']);
        const h3 = t.legs?.find((l) => l.protocol === 'h3');
        expect([id, h3?.skipped]).toEqual([id, expect.stringContaining(reason)]);
      }
    },
    WHOLE_RUN_MS,
  );
});
