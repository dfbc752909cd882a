import * as fs from 'node:fs';
import * as http2 from 'node:http2';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { CHECKS } from '../checks';
import { BODY_SIZE_RULE } from '../har/answer-rules';
import { buildResults } from '../report/build';
import type { ConformanceResults } from '../report/types';
import { loadSpecs } from '../spec-model/load';
import { loadTargetMap } from '../target-map';
import { makeTestPki, type TestPki } from '../target-map/test-pki';
import { withTestBudgets } from '../testing/budgets';
import { replayCollected } from '../testing/suite-collected';
import { REFUSED_BY_LEVEL } from './levels';
import { propose } from './propose';
import { readSpecDocs } from './spec-files';

/*
 * From a replay to a spec change, with nothing hand-made in between: a target answers one exchange
 * over h1 and h2, the replay records it, the report builds results.json from the records, and accept
 * reads what each expectation is about from that file alone. The expectation ids are left as the
 * writers wrote them; accept must place each one by its fields.
 */
const HOST = 'www.accept.test';
let pki: TestPki;
let server: http2.Http2SecureServer;
let dir: string;

const SPEC = {
  $schema: './spec.schema.json',
  role: 'site',
  version: 1,
  description: 'One page',
  exchanges: [
    {
      id: 'site/page',
      title: 'a page',
      clause: 'a page of the test',
      source: 'capture',
      request: { path: '/page' },
      expect: {
        status: 200,
        headers: {
          'cache-control': { equals: 'no-cache', source: 'reference' },
          'x-frame-options': 'DENY',
        },
        cookies: { pref: { source: 'reference', path: '/' } },
        body: { source: 'reference', size: 5 },
      },
    },
  ],
};

beforeAll(async () => {
  pki = makeTestPki([HOST], 'Accept From Run Root');
  server = http2.createSecureServer({ key: pki.keyPem, cert: pki.certPem, allowHTTP1: true }, (req, res) => {
    res.writeHead(200, {
      'content-type': 'text/plain',
      'cache-control': 'max-age=60',
      'x-frame-options': 'SAMEORIGIN',
      'x-powered-by': 'Pages',
      'set-cookie': ['pref=dark; Path=/account'],
    });
    res.end('hello, world');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accept-from-run-'));
  fs.writeFileSync(path.join(dir, 'site.json'), `${JSON.stringify(SPEC, null, 2)}\n`);
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  pki?.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function run(): Promise<ConformanceResults> {
  const port = (server.address() as AddressInfo).port;
  const map = loadTargetMap(
    withTestBudgets({ TARGET_URL: `https://${HOST}:${port}`, TARGET_RESOLVE: `${HOST}:${port}:127.0.0.1`, TARGET_CA: pki.caFile, TARGET_H3: '0' }),
  );
  const built = buildResults({
    tests: await replayCollected(map, loadSpecs(dir, CHECKS)),
    run: {
      title: 'From run',
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1,
      playwrightStatus: 'failed',
      target: null,
      spec: { digest: '0', files: [] },
      rawSecrets: true,
      failOn: 'fail',
      runErrors: [],
    },
  });
  // As accept reads it: the file, not the objects the report built.
  return JSON.parse(JSON.stringify(built)) as ConformanceResults;
}

test('changed: a replayed answer moves the info expectations it missed and refuses the must one and the size, each placed by its fields', async () => {
  const results = await run();
  const failing = results.tests.flatMap((t) => t.expectations).filter((e) => e.verdict !== 'pass' && e.verdict !== 'n/a');
  expect(failing.map((e) => [e.id, e.verdict]).sort()).toEqual([
    ['site/page body size', 'info'],
    ['site/page cookie pref path', 'info'],
    ['site/page header cache-control', 'info'],
    ['site/page header x-frame-options', 'fail'],
  ]);
  const specs = readSpecDocs(dir);
  const p = propose({ results, specs, mode: 'all', ids: [] });
  expect([...p.changes].sort()).toEqual(['site/page cookie pref path', 'site/page header cache-control']);
  // A body's size is one deployment's file: har2spec never takes it from an answer, and neither does accept.
  expect(p.refused).toEqual([
    { id: 'site/page header x-frame-options', reason: REFUSED_BY_LEVEL.must },
    { id: 'site/page body size', reason: BODY_SIZE_RULE.reason },
  ]);
  expect(p.additions).toEqual(expect.arrayContaining(['site/page header x-powered-by', 'site/page header content-type']));
  const expect_ = specs[0].doc.exchanges[0].expect;
  expect(expect_.headers!['cache-control']).toEqual({ directives: { 'max-age': { min: 0, max: 120 } }, separator: ',', source: 'reference' });
  expect(expect_.headers!['x-frame-options']).toBe('DENY');
  expect(expect_.cookies!.pref).toEqual({ source: 'reference', path: '/account' });
  expect(expect_.body).toEqual({ source: 'reference', size: 5 });
});

test('the same run with its expectations renamed: accept places them by their fields, not their ids', async () => {
  const results = await run();
  for (const t of results.tests)
    for (const e of t.expectations) {
      e.id = `renamed ${e.key}`;
      for (const f of e.findings) f.id = e.id;
    }
  const p = propose({ results, specs: readSpecDocs(dir), mode: 'changed', ids: [] });
  expect(p.changes).toHaveLength(2);
  expect(p.refused).toHaveLength(2);
});
