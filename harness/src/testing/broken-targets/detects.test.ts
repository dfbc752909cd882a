import type { ReplayRecord } from '../../record';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { valueVariables } from '../../embedded/start-reference';
import { sharedReference, type SharedReference } from '../reference-per-kind';
import { runCompressionFlow } from '../../flows/raw/compression';
import { runConditionalFlow } from '../../flows/raw/conditional';
import { runOcspFlow } from '../../flows/raw/ocsp';
import { redirectChains, runRedirectFlow } from '../../flows/raw/redirects';
import { resourceRows } from '../../flows/raw/resources';
import { allFindings, ReplayClients, replayItem } from '../../replay';
import { failingFindings } from '../../core';
import { CHECKS } from '../../checks';
import { loadSpecs } from '../../spec-model/load';
import { loadTargetMap, type Role } from '../../target-map';
import { makeTestPki, type TestPki } from '../../target-map/test-pki';
import { startMutatingProxy, type MutatingProxy, type Mutation, type ProxiedExchange } from '../mutating-proxy';
import { REFERENCE_NAMES } from '../reference-names';
import { WHOLE_RUN_MS, withTestBudgets } from '../budgets';

/*
 * Broken targets, in process: the reference behind a proxy that breaks one thing per case; the
 * replay and the raw flows must report each deviation as a failure with the owning id, and the
 * unbroken proxy must pass everything with zero failures. The OCSP role is reached through the
 * proxy over TLS (its names are on the reference's TLS port too) while the site keeps the
 * reference's own certificate, whose AIA names the responder.
 */
const root = path.resolve(__dirname, '../../../..');
const SPECS = loadSpecs(path.join(root, 'specs'), CHECKS);
const NAMES = [...REFERENCE_NAMES, 'r10.o.pki.test', 'r11.o.pki.test'];

let reference: SharedReference;
let pki: TestPki;
let proxy: MutatingProxy;
let clients: ReplayClients;
let ocspClients: ReplayClients;

beforeAll(async () => {
  reference = await sharedReference('no-http3');
  pki = makeTestPki(NAMES, 'Broken Targets Root');
  proxy = await startMutatingProxy({
    names: NAMES,
    upstreamPort: reference.ready.tlsPort,
    upstreamCaFile: reference.ready.rootPath,
    keyPem: pki.keyPem,
    certPem: pki.certPem,
  });
  const values = valueVariables(reference.ready.values);
  const p = proxy.port;
  const u = (n: string) => `https://${n}:${p}`;
  clients = new ReplayClients(
    loadTargetMap(
      withTestBudgets({
        TARGET_URL: u(NAMES[0]),
        TARGET_BARE_URL: u(NAMES[1]),
        TARGET_ASSETS_URL: u(NAMES[2]),
        TARGET_MAINTENANCE_URL: u(NAMES[3]),
        TARGET_SHOP_URL: u(NAMES[4]),
        TARGET_REDIRECTOR_URL: NAMES.slice(5, 8).map(u).join(','),
        TARGET_ANALYTICS_URL: u(NAMES[8]),
        TARGET_RESOLVE: NAMES.map((n) => `${n}:${p}:127.0.0.1`).join(','),
        TARGET_CA: pki.caFile,
        ...values,
      }),
    ),
  );
  const both = path.join(pki.dir, 'both.pem');
  fs.writeFileSync(both, pki.caPem + fs.readFileSync(reference.ready.rootPath, 'utf8'));
  const t = reference.ready.tlsPort;
  ocspClients = new ReplayClients(
    loadTargetMap(
      withTestBudgets({
        TARGET_URL: `https://www.lessons.test:${t}`,
        TARGET_OCSP_URL: `${u('r10.o.pki.test')},${u('r11.o.pki.test')}`,
        TARGET_RESOLVE: [`www.lessons.test:${t}:127.0.0.1`, `r10.o.pki.test:${p}:127.0.0.1`, `r11.o.pki.test:${p}:127.0.0.1`].join(','),
        TARGET_CA: both,
      }),
    ),
  );
}, WHOLE_RUN_MS);

afterAll(async () => {
  await clients?.close();
  await ocspClients?.close();
  await proxy?.close();
  await reference?.stop();
  pki?.cleanup();
});

const OPTS = {};
const exchange = (id: string) => {
  for (const s of SPECS) for (const x of [...s.exchanges, ...(s.flows ?? [])]) if (x.id === id) return { item: x, role: s.role as Role };
  throw new Error(`no spec item ${id}`);
};
const row = (key: string) => resourceRows(SPECS).find((r) => r.key === key)!;
const chain = (id: string) => redirectChains(SPECS).find((c) => c.flow.id === id)!;

type Runner = () => Promise<ReplayRecord>;
const RUN: Record<string, Runner> = {
  'site/home': () => replayItem(exchange('site/home').item, clients, { role: 'site', ...OPTS }),
  'site/static/css': () => replayItem(exchange('site/static/css').item, clients, { role: 'site', ...OPTS }),
  'shop/theme/css': () => replayItem(exchange('shop/theme/css').item, clients, { role: 'shop', ...OPTS }),
  'compression/assets/svg': () => runCompressionFlow(row('assets/svg'), clients, OPTS),
  'conditional/site/css': () => runConditionalFlow(row('site/css'), clients, OPTS),
  'redirects/bare/redirect-to-www': () => runRedirectFlow(chain('bare/redirect-to-www'), clients, OPTS),
  'redirects/redirector/favicon-chain': () => runRedirectFlow(chain('redirector/favicon-chain'), clients, OPTS),
  'ocsp/live/site': () => runOcspFlow('site', ocspClients, OPTS),
};

function failing(record: ReplayRecord): string[] {
  return [...new Set(failingFindings(allFindings(record), 'fail').map((f) => f.id))];
}

const on =
  (predicate: (e: ProxiedExchange) => boolean, change: Mutation): Mutation =>
  (e) => {
    if (predicate(e)) change(e);
  };
const setHeader = (e: ProxiedExchange, name: string, value: string) => {
  e.lines = [...e.lines.filter(([n]) => n !== name), [name, value]];
};
const path0 = (e: ProxiedExchange) => e.path.split('?')[0];
const isOcspSuccess = (e: ProxiedExchange) => e.host.endsWith('.o.pki.test') && e.status === 200 && e.body.length > 100;

test(
  'the unbroken target passes every slice with zero failures',
  async () => {
    proxy.setMutation(undefined);
    for (const [name, run] of Object.entries(RUN)) {
      const record = await run();
      expect({ name, failing: failing(record) }).toEqual({ name, failing: [] });
      expect(allFindings(record).filter((f) => f.verdict === 'pass').length).toBeGreaterThan(0);
    }
  },
  WHOLE_RUN_MS,
);

// [deviation, mutation, slice, failing ids (each must be present, as a regex)]
const CASES: Array<[string, Mutation, string, RegExp[]]> = [
  [
    'a cookie without HttpOnly',
    on(
      (e) => e.host === 'www.lessons.test' && e.path === '/',
      (e) => (e.lines = e.lines.map(([n, v]) => [n, n === 'set-cookie' && v.startsWith('SC_ANALYTICS') ? v.replace(/;\s*HttpOnly/i, '') : v])),
    ),
    'site/home',
    [/^site\/home cookie SC_ANALYTICS_GLOBAL_COOKIE httponly$/i],
  ],
  [
    'a missing header',
    on(
      (e) => path0(e).endsWith('/css/main.css'),
      (e) => (e.lines = e.lines.filter(([n]) => n !== 'x-content-type-options')),
    ),
    'site/static/css',
    [/^site\/static\/css check security\/header-set-per-role x-content-type-options$/],
  ],
  [
    'a wrong max-age',
    on(
      (e) => path0(e).endsWith('/assets/base.css'),
      (e) => setHeader(e, 'cache-control', 'public, max-age=86400'),
    ),
    'shop/theme/css',
    [/^shop\/theme\/css header cache-control$/],
  ],
  [
    'a lowercase OCSP ETag',
    on(isOcspSuccess, (e) => setHeader(e, 'etag', (e.lines.find(([n]) => n === 'etag')?.[1] ?? '').toLowerCase())),
    'ocsp/live/site',
    [/^ocsp\/live\/site\/aia\/post header etag$/, /^ocsp\/live\/site\/aia\/get header etag$/],
  ],
  [
    'a bad OCSP signature',
    on(isOcspSuccess, (e) => {
      e.body = Buffer.from(e.body);
      e.body[e.body.length - 1] ^= 0xff;
    }),
    'ocsp/live/site',
    [/^ocsp\/live\/site\/aia\/post signature$/, /^ocsp\/live\/site\/name-r11\.o\.pki\.test\/get signature$/],
  ],
  [
    'gzip where br is expected',
    on(
      (e) => e.host === 'media.lessons.test' && /\bbr\b/.test(e.lines.find(([n]) => n === 'content-encoding')?.[1] ?? ''),
      (e) => {
        e.body = zlib.gzipSync(zlib.brotliDecompressSync(e.body));
        setHeader(e, 'content-encoding', 'gzip');
      },
    ),
    'compression/assets/svg',
    [/^compression\/assets\/svg\/gzip-deflate-br content-encoding$/, /^compression\/assets\/svg\/br content-encoding$/],
  ],
  [
    'a 302 where 301 is expected',
    on(
      (e) => e.host === 'lessons.test' && e.status === 301,
      (e) => (e.status = 302),
    ),
    'redirects/bare/redirect-to-www',
    [/^redirects\/bare\/redirect-to-www\/bare status$/],
  ],
  [
    'a redirect loop',
    on(
      (e) => e.host === 'hop3.redirect.test' && path0(e) === '/',
      (e) => {
        e.status = 301;
        setHeader(e, 'location', `https://go.redirect.test:${proxy.port}/favicon.ico`);
      },
    ),
    'redirects/redirector/favicon-chain',
    [/^redirects\/redirector\/favicon-chain chain$/],
  ],
  [
    'a duplicate header sent once',
    on(
      (e) => e.host === 'www.lessons.test' && e.path === '/',
      (e) => {
        const v = e.lines.filter(([n]) => n === 'x-frame-options');
        e.lines = [...e.lines.filter(([n]) => n !== 'x-frame-options'), ...v.slice(0, 1)];
      },
    ),
    'site/home',
    [/^site\/home header x-frame-options$/],
  ],
  [
    'an ETag the server does not honour (200 to If-None-Match)',
    on(
      (e) => path0(e).endsWith('/css/main.css') && e.status === 304,
      (e) => (e.status = 200),
    ),
    'conditional/site/css',
    [/^conditional\/site\/css\/if-none-match status$/],
  ],
];

test.each(CASES)('a target with %s fails with the owning id', async (_name, mutation, slice, ids) => {
  proxy.setMutation(mutation);
  try {
    const ids0 = failing(await RUN[slice]());
    for (const re of ids) expect(ids0).toContainEqual(expect.stringMatching(re));
  } finally {
    proxy.setMutation(undefined);
  }
});
