import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import * as http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { ExchangeSpec, FlowSpec } from '../spec-model/types';
import { loadTargetMap } from '../target-map';
import { makeTestPki, type TestPki } from '../target-map/test-pki';
import { withTestBudgets } from '../testing/budgets';
import { buildResults } from '../report/build';
import { collected, runMeta } from '../report/fixtures';
import { causeHeadline, causes } from '../report/causes';
import { renderHtml } from '../report/html';
import { allFindings, ReplayClients, replayItem } from '.';
import type { ReplayRecord } from '../record';

// Two nodes behind one name: the second lacks X-Frame-Options and says which node it is; both send a fresh request id.
const NAME = 'www.nodes.test';
const NODES = ['127.0.0.1', '127.0.0.2'];
let pki: TestPki;
let servers: http2.Http2SecureServer[] = [];
let port = 0;
/** The cookies each node was sent on /next, by node. */
const seen: Record<string, string[]> = { a: [], b: [] };

function node(letter: 'a' | 'b', options: { frameOptions: boolean; nodeHeader: boolean }): http2.Http2SecureServer {
  return http2.createSecureServer({ allowHTTP1: true, key: pki.keyPem, cert: pki.certPem }, (req, res) => {
    res.setHeader('x-request-id', randomUUID());
    if (options.frameOptions) res.setHeader('x-frame-options', 'DENY');
    if (options.nodeHeader) res.setHeader('x-served-by', `node-${letter}`);
    if (req.url === '/start') {
      res.setHeader('set-cookie', [`sid=${letter}-${randomUUID()}; path=/; HttpOnly`]);
      res.setHeader('location', `https://${NAME}:${port}/next`);
      res.statusCode = 302;
      return res.end();
    }
    if (req.url === '/next') seen[letter].push(String(req.headers.cookie ?? ''));
    res.setHeader('content-type', 'text/plain');
    res.end('same body on every node');
  });
}

async function start(options: { frameOptions: boolean; nodeHeader: boolean }): Promise<void> {
  servers = [node('a', { frameOptions: true, nodeHeader: options.nodeHeader }), node('b', options)];
  servers[0].listen(port, NODES[0]);
  await once(servers[0], 'listening');
  port = (servers[0].address() as AddressInfo).port;
  servers[1].listen(port, NODES[1]);
  await once(servers[1], 'listening');
}

async function stop(): Promise<void> {
  await Promise.all(servers.map((s) => new Promise<void>((d) => s.close(() => d()))));
  port = 0;
}

beforeAll(() => {
  pki = makeTestPki([NAME]);
});
afterAll(() => pki.cleanup());
afterEach(stop);

const env = (extra: Record<string, string> = {}) =>
  withTestBudgets({
    TARGET_URL: `https://${NAME}:${port}`,
    TARGET_RESOLVE: `${NAME}:${port}:${NODES.join(',')}`,
    TARGET_CA: pki.caFile,
    TARGET_H3: '0',
    ...extra,
  });

const HOME: ExchangeSpec = {
  id: 'site/home',
  title: 'home',
  clause: 'the description: every page forbids framing',
  source: 'capture',
  level: 'must',
  request: { path: '/' },
  expect: { status: 200, headers: { 'x-frame-options': 'DENY' } },
};

async function replayed(item: ExchangeSpec | FlowSpec, extra: Record<string, string> = {}): Promise<ReplayRecord> {
  const clients = new ReplayClients(loadTargetMap(env(extra)));
  try {
    return await replayItem(item, clients, { role: 'site', judgedAs: 'user' });
  } finally {
    await clients.close();
  }
}

/** The report's results of records, each test's Playwright status as the replay's test would set it. */
const results = (...records: ReplayRecord[]) =>
  buildResults({
    run: runMeta(),
    tests: records.map((r) => collected(['site', r.id], r, { status: allFindings(r).some((f) => f.verdict === 'fail') ? 'failed' : 'passed' })),
  });

test('a node that drops a stated header fails on its own legs, and the run has one cause naming that node and what the other answers', async () => {
  await start({ frameOptions: false, nodeHeader: false });
  const record = await replayed(HOME);
  expect(record.nodes).toEqual(NODES);
  expect(record.legs.map((l) => [l.protocol, l.node ?? '-'])).toEqual([
    ['h1', NODES[0]],
    ['h2', NODES[0]],
    ['h3', '-'],
    ['h1', NODES[1]],
    ['h2', NODES[1]],
  ]);
  const failing = allFindings(record).filter((f) => f.verdict === 'fail');
  expect(failing.map((f) => [f.id, f.protocol, f.node])).toEqual([
    ['site/home header x-frame-options', 'h1', NODES[1]],
    ['site/home header x-frame-options', 'h2', NODES[1]],
  ]);
  // The request id differs between any two answers: learned as noise, never a node difference.
  expect(record.parity.filter((f) => f.verdict !== 'pass').map((f) => [f.id, f.verdict, f.level])).toEqual([
    [`site/home node ${NODES[1]} header x-frame-options`, 'warn', 'should'],
  ]);
  const r = results(record);
  const found = causes(r, (v) => v === 'fail');
  expect(found.map(causeHeadline)).toEqual([`site: header x-frame-options is "(absent)" on h1 and h2 at ${NODES[1]}; ${NODES[0]} answers "DENY"`]);
  // results.json's nodes, and the page's "Nodes" section reading them.
  expect(r.nodes).toEqual([
    {
      role: 'site',
      tests: 1,
      nodes: [
        { address: NODES[0], answers: 2, differs: 0, fails: 0 },
        { address: NODES[1], answers: 2, differs: 1, fails: 1 },
      ],
    },
  ]);
  const html = renderHtml(r);
  const section = html.slice(html.indexOf('<section class="nodes">'), html.indexOf('</section>', html.indexOf('<section class="nodes">')));
  expect(section).toContain('<h2>Nodes (1 role with several addresses)</h2>');
  expect(section).toContain(`<td class="mono">${NODES[1]}</td><td>2</td><td>✗ answers otherwise on 1 expectation; fails 1 the other nodes meet</td>`);
  expect(html).toContain(`site/home over h1 at ${NODES[1]}`);
  // The step's exchanges: the first node's legs (h1, h2, h3) in one row, the second node's in another.
  expect(html.match(/<div class="legs">/g)).toHaveLength(2);
});

test('with two nodes that answer alike the exchange passes on both, and the record names both', async () => {
  await start({ frameOptions: true, nodeHeader: false });
  const record = await replayed(HOME);
  expect(record.nodes).toEqual(NODES);
  expect(allFindings(record).filter((f) => f.verdict !== 'pass' && f.verdict !== 'n/a' && f.verdict !== 'skip')).toEqual([]);
  expect(record.parity.filter((f) => f.id.startsWith('site/home node')).map((f) => [f.id, f.verdict])).toEqual([[`site/home node ${NODES[1]}`, 'pass']]);
  const r = results(record);
  expect(r.run.status).toBe('passed');
  const html = renderHtml(r);
  const section = html.slice(html.indexOf('<section class="nodes">'), html.indexOf('</section>', html.indexOf('<section class="nodes">')));
  expect(section).toContain(`<td class="mono">${NODES[0]}</td><td>2</td><td>✓ the first node: the others are compared with it</td>`);
  expect(section).toContain(`<td class="mono">${NODES[1]}</td><td>2</td><td>✓ agrees with the first node</td>`);
});

test('a field the description does not state that differs between nodes (and not between two answers of one node) warns, as one cause naming both', async () => {
  await start({ frameOptions: true, nodeHeader: true });
  const record = await replayed(HOME);
  expect(record.parity.filter((f) => f.verdict !== 'pass').map((f) => [f.id, f.verdict])).toEqual([[`site/home node ${NODES[1]} header x-served-by`, 'warn']]);
  expect(causes(results(record), (v) => v === 'fail')).toEqual([]);
  expect(causes(results(record), (v) => v === 'warn').map(causeHeadline)).toEqual([
    `site: header x-served-by differs between the answers: ${NODES[0]}: node-a; ${NODES[1]}: node-b`,
  ]);
});

test('HARNESS_NODES=first asks the first node only, and the record names no nodes', async () => {
  await start({ frameOptions: false, nodeHeader: false });
  const record = await replayed(HOME, { HARNESS_NODES: 'first' });
  expect(record.nodes).toBeUndefined();
  expect(record.legs.map((l) => l.protocol)).toEqual(['h1', 'h2', 'h3']);
  expect(allFindings(record).filter((f) => f.verdict === 'fail')).toEqual([]);
});

test('a flow stays on one node, as a sticky session does: the cookie a node set goes back to that node only', async () => {
  await start({ frameOptions: true, nodeHeader: false });
  seen.a = [];
  seen.b = [];
  const flow: FlowSpec = {
    id: 'site/session',
    title: 'session',
    clause: 'test',
    source: 'capture',
    steps: [
      {
        id: 'site/session/start',
        title: '',
        clause: '',
        source: 'capture',
        request: { path: '/start' },
        expect: { status: 302 },
        capture: { next: { header: 'location' } },
      },
      { id: 'site/session/next', title: '', clause: '', source: 'capture', request: { path: '{{next}}' }, expect: { status: 200 } },
    ],
  };
  const record = await replayed(flow);
  expect(record.legs.filter((l) => l.protocol !== 'h3').map((l) => [l.protocol, l.node, l.steps.map((s) => s.response?.status)])).toEqual([
    ['h1', NODES[0], [302, 200]],
    ['h2', NODES[0], [302, 200]],
    ['h1', NODES[1], [302, 200]],
    ['h2', NODES[1], [302, 200]],
  ]);
  // Node a: h1 and h2, then both again (the session cookie differs between the protocols, so its value is learned as noise);
  // node b: h1 and h2 only, its difference from node a being that same noise.
  expect([seen.a.length, seen.b.length]).toEqual([4, 2]);
  expect(seen.a.every((c) => /^sid=a-/.test(c))).toBe(true);
  expect(seen.b.every((c) => /^sid=b-/.test(c))).toBe(true);
  // The session cookie's value differs between nodes and between two answers of one node alike: noise, not a node difference.
  expect(record.parity.filter((f) => f.verdict !== 'pass' && f.id.includes(' node '))).toEqual([]);
});
