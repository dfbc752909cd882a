import type { ReplayFinding, ReplayRecord } from '../record';
import * as path from 'node:path';
import { targetEnvOf } from '../embedded/start-reference';
import { sharedReference, type SharedReference } from './reference-per-kind';
import { replayDifferential } from '../diff/replay';
import { allFindings, ReplayClients } from '../replay';
import { chromiumOverQuic } from '../replay/clients';
import { H3Client } from '../transport/h3-client';
import { CHECKS } from '../checks';
import { loadSpecs } from '../spec-model/load';
import { BASELINE_SIDE, loadTargetMap, roleVariable, TARGET_SIDE, type TargetMap } from '../target-map';
import type { TestPki } from '../target-map/test-pki';
import type { MutatingProxy, ProxiedExchange } from './mutating-proxy';
import { REPO_ROOT, startProxiedReference, stopProxiedReference } from './proxied-reference';
import { REFERENCE_NAMES } from './reference-names';
import { TouchedRuns } from './touched';
import { WHOLE_RUN_MS, withTestBudgets } from './budgets';

/*
 * Differential runs, in process: the spec items replayed against a candidate and against a
 * baseline (the reference, a separate process), compared item by item. The reference against
 * itself shows no difference; against the second deployment, the differences are exactly its
 * choices; against a broken copy, exactly what was broken. The broken copies are the reference
 * behind a proxy, whose unmodified run is the comparison with itself: a broken copy re-runs only
 * the items its deviation touches, and the others keep their records of that run (touched.ts).
 */

const SPECS = loadSpecs(path.join(REPO_ROOT, 'specs'), CHECKS);
const SETTINGS = { allowUnsafe: false, maxRps: undefined };
const NAMES = REFERENCE_NAMES;

let baseline: SharedReference;
let alt: SharedReference;
let proxied: { reference: SharedReference; pki: TestPki; proxy: MutatingProxy };
let baselineClients: ReplayClients;

beforeAll(async () => {
  [baseline, alt, proxied] = await Promise.all([
    sharedReference('default'),
    sharedReference('alt'),
    startProxiedReference(NAMES, 'Differential Proxy Root', [], { h3: true }),
  ]);
  baselineClients = new ReplayClients(loadTargetMap(withTestBudgets(targetEnvOf(baseline.ready, BASELINE_SIDE)), BASELINE_SIDE));
}, WHOLE_RUN_MS);

afterAll(async () => {
  await baselineClients?.close();
  await Promise.all([baseline?.stop(), alt?.stop(), proxied && stopProxiedReference(proxied)]);
});

/** Every spec item (`only`: these alone) replayed against `map` and the baseline; the records by id. `h3Client`: a browser for the HTTP/3 legs to share. */
async function differential(map: TargetMap, only?: ReadonlySet<string>, h3Client?: H3Client): Promise<Map<string, ReplayRecord>> {
  const clients = new ReplayClients(map, h3Client ? { h3Client } : {});
  const out = new Map<string, ReplayRecord>();
  try {
    for (const spec of SPECS) {
      for (const item of [...spec.exchanges, ...(spec.flows ?? [])]) {
        if (only && !only.has(item.id)) continue;
        const { record } = await replayDifferential(item, clients, baselineClients, { role: spec.role, settings: SETTINGS });
        out.set(item.id, record);
      }
    }
  } finally {
    await clients.close();
  }
  return out;
}

const diffs = (records: Map<string, ReplayRecord>): ReplayFinding[] =>
  [...records.values()].flatMap((r) => r.diff ?? []).filter((f) => f.verdict !== 'pass' && f.verdict !== 'skip');
const judged = (records: Map<string, ReplayRecord>) => {
  const out = [...records.values()].flatMap(allFindings).filter((f) => ['error', 'fail', 'warn', 'diff', 'fixed'].includes(f.verdict));
  // A run error's cause, on the console, where a failing assertion shows only its id.
  for (const f of out) if (f.verdict === 'error') console.log(`run error: ${f.protocol} ${f.id}: ${f.message ?? f.actual}`);
  return out;
};
/** `<step> diff <aspect>`, once whatever the protocol. */
const distinct = (fs: ReplayFinding[]) => [...new Set(fs.map((f) => f.id))].sort();

/** The target variables of the reference behind the proxy. */
const proxyMap = () => {
  const env = proxied.proxy.targetEnv(
    {
      TARGET_URL: NAMES[0],
      TARGET_BARE_URL: NAMES[1],
      TARGET_ASSETS_URL: NAMES[2],
      TARGET_MAINTENANCE_URL: NAMES[3],
      TARGET_SHOP_URL: NAMES[4],
      TARGET_ANALYTICS_URL: NAMES[8],
    },
    proxied.pki.caFile,
  );
  env.TARGET_REDIRECTOR_URL = NAMES.slice(5, 8)
    .map((n) => `https://${n}:${proxied.proxy.port}`)
    .join(',');
  // The OCSP responder (plain HTTP) is reached directly: no deviation here is about it.
  const direct = targetEnvOf(proxied.reference.ready);
  const ocsp = roleVariable(TARGET_SIDE, 'ocsp');
  const ocspHosts = new Set(direct[ocsp].split(',').map((u) => new URL(u).hostname));
  env[ocsp] = direct[ocsp];
  env.TARGET_RESOLVE = [env.TARGET_RESOLVE, ...direct.TARGET_RESOLVE.split(',').filter((e) => ocspHosts.has(e.split(':')[0]))].join(',');
  return loadTargetMap(withTestBudgets(env));
};

/** The reference behind the proxy as candidate; a case's deviations re-run only the items they touch (touched.ts). */
let proxiedRuns: TouchedRuns<ReplayRecord>;
/** One browser for the HTTP/3 legs of every item (its clean run replays each item with clients of its own). */
let h3: H3Client;
beforeAll(() => {
  const ids = SPECS.flatMap((s) => [...s.exchanges, ...(s.flows ?? [])].map((i) => i.id));
  h3 = new H3Client(proxyMap(), chromiumOverQuic(proxyMap()));
  proxiedRuns = new TouchedRuns(proxied.proxy, ids, (only) => differential(proxyMap(), only, h3), 'differential');
});
afterAll(() => h3?.close());

test(
  'the reference against itself (two processes, the candidate behind a faithful proxy): every exchange compared, no difference',
  async () => {
    const records = await proxiedRuns.cleanOutcomes();
    expect(judged(records).map((f) => `${f.verdict} ${f.protocol} ${f.id}: ${f.expected} / ${f.actual}${f.message ? ` (${f.message})` : ''}`)).toEqual([]);
    const compared = [...records.values()].filter((r) => r.diff?.some((f) => f.verdict === 'pass'));
    expect(compared.length).toBeGreaterThan(50);
    // What is not compared says why: an unsafe method is never sent to the baseline.
    const skipped = [...records.values()].filter((r) => r.diff?.every((f) => f.verdict === 'skip'));
    expect(skipped.map((r) => r.id).sort()).toEqual([
      'analytics/collect',
      'analytics/collect-echoes-origin',
      'bare/method-not-allowed',
      'maintenance/method-not-allowed',
      'ocsp/malformed',
      'ocsp/method-not-allowed',
      'ocsp/second-name',
      'ocsp/unknown-serial',
      'ocsp/wrong-content-type',
      'site/method-not-allowed',
    ]);
    expect(records.get('site/method-not-allowed')?.diff?.[0].actual).toBe(
      'not sent to the baseline: POST is not a safe method (only GET, HEAD and OPTIONS are; BASELINE_ALLOW_UNSAFE=1 sends it)',
    );
    // The baseline's noise was learned (asked twice) and excused, and is said.
    expect(records.get('site/home')?.diff?.[0].actual).toMatch(/^the same answer \(not compared, noise: .*cookie ASP\.NET_SessionId value; .*body\)$/);
  },
  WHOLE_RUN_MS,
);

/**
 * The second deployment's choices (docs/reference-server.md, "A second deployment"), each with where it shows: a
 * step pattern and the aspect that differs. Nothing else may differ.
 */
/** `optional`: a difference that may or may not show on a given checkout (it is explained when it does). */
const ALT_CHOICES: Array<[string, RegExp, string, 'optional'?]> = [
  ['a per-request trace header on every role', /./, 'header x-trace-id'],
  ['media cache status and request trace by other names', /^assets\//, 'header cache-status'],
  ['media cache status and request trace by other names', /^assets\//, 'header x-amzn-trace-id'],
  ['media cache status and request trace by other names', /^assets\//, 'header x-cache'],
  ['media cache status and request trace by other names', /^assets\//, 'header x-azure-ref'],
  [
    'no Vary on dynamic responses',
    /^(site\/home|site\/visitor-flip\/(home|css|lesson-plan)|bare\/redirect-to-www\/www|site\/lesson-plan\/|site\/visitor-identification\/flip|redirector\/(directory|cf-errors-css))/,
    'header vary',
  ],
  ['its own session cookie name', /home$|redirect-to-www\/www$/, 'cookie ASP.NET_SessionId'],
  ['its own session cookie name', /home$|redirect-to-www\/www$/, 'cookie AzureAppService_SessionId'],
  ['its own sxa_site value', /home$|redirect-to-www\/www$/, 'cookie sxa_site value'],
  ['its own App Service instance (ARRAffinity)', /home$|redirect-to-www\/www$/, 'cookie ARRAffinity value'],
  ['its own App Service instance (ARRAffinity)', /home$|redirect-to-www\/www$/, 'cookie ARRAffinitySameSite value'],
  ['its own request-context appId', /^(site|bare|assets)\//, 'header request-context'],
  ['its own storefront country (localization, and the consent that names it)', /^shop\/product/, 'cookie localization value'],
  ['its own storefront country (localization, and the consent that names it)', /^shop\/product/, 'cookie _tracking_consent value'],
  ['its maintenance request id header and server', /^maintenance\/|malformed-to-maintenance\/refused$/, 'header x-request-id'],
  ['its maintenance request id header and server', /^maintenance\/|malformed-to-maintenance\/refused$/, 'header server'],
  ['its maintenance request id header and server', /^maintenance\/|malformed-to-maintenance\/refused$/, 'header x-ms-request-id'],
  ['its own error bodies (lesson plan, site 404)', /^site\/(lesson-plan\/invalid|not-found)$/, 'body'],
  ['its own error bodies (lesson plan, site 404)', /^site\/(lesson-plan\/invalid|not-found)$/, 'header content-length'],
  ['its own file names (media)', /^assets\//, 'header content-disposition'],
  ['its own file names (the stylesheet names its fonts)', /^site\/static\/css/, 'body'],
  ['its own file names (the stylesheet names its fonts)', /^site\/static\/css/, 'header content-length'],
  ['its own product handles (the page names its canonical address)', /^shop\/product/, 'body'],
  ['its own product handles (the page names its canonical address)', /^shop\/product/, 'header etag'],
  ['its own theme number and files (the canonical Link)', /^shop\/(theme|compiled-script)/, 'header link'],
  ['its HTTP/3 edge advertised with another ma (its port is written relative to the answer)', /./, 'header alt-svc'],
  ['its redirecting host behind another edge', /^redirector\//, 'header server'],
  ['its redirecting host behind another edge', /^redirector\//, 'header cf-ray'],
  ['its redirecting host behind another edge', /^redirector\//, 'header x-akamai-request-id'],
  ['storefront HSTS with preload', /^shop\//, 'header strict-transport-security'],
  ['its static text files labelled with a charset', /^site\/(static\/(css|css-unversioned|js)|visitor-identification\/script)$/, 'header content-type'],
  [
    '"10 years" counted as 3,653 days',
    /^(site\/(home|visitor-flip\/(home|css)|visitor-identification\/flip)|bare\/redirect-to-www\/www)$/,
    'cookie SC_ANALYTICS_GLOBAL_COOKIE expiry',
  ],
  ['"1 year" counted as 365.25 days', /^shop\/product/, 'cookie localization expiry'],
  ['"1 year" counted as 365.25 days', /^shop\/product/, 'cookie secure_customer_sig expiry'],
  ['"1 year" counted as 365.25 days', /^shop\/product/, 'cookie _tracking_consent expiry'],
  ['its own CSP: script-src first, its own tag host', /^(site|assets)\/|^bare\/redirect-to-www\/www$/, 'header content-security-policy'],
  [
    'its own redirect bodies (the bare 301, the malformed path 302)',
    /^(bare\/(root|path-and-query|redirect-to-www\/bare)|site\/malformed-(path|to-maintenance\/redirect))$/,
    'body',
  ],
  [
    'its own redirect bodies (the bare 301, the malformed path 302)',
    /^(bare\/(root|path-and-query|redirect-to-www\/bare)|site\/malformed-(path|to-maintenance\/redirect))$/,
    'header content-length',
  ],
  ['its own favicon', /^site\/static\/favicon$/, 'body'],
  ['its own favicon', /^site\/static\/favicon$/, 'header content-length'],
  // Its icon's validators come from its file's time: they differ unless the two files were written in the same instant (a fresh checkout may).
  ['its own favicon (its validators)', /^site\/static\/favicon$/, 'header etag', 'optional'],
  ['its own favicon (its validators)', /^site\/static\/favicon$/, 'header last-modified', 'optional'],
  ["its edge's minified stylesheet", /^redirector\/cf-errors-css$/, 'body'],
  ["its edge's minified stylesheet", /^redirector\/cf-errors-css$/, 'header content-length'],
  ["its redirect hops' own edge headers", /^redirector\/favicon/, 'header referrer-policy'],
  ["its redirect hops' own edge headers", /^redirector\/favicon/, 'header x-content-type-options'],
  ["no X-Frame-Options on the chain's arrival page", /^redirector\/favicon-chain\/third$/, 'header x-frame-options'],
  ['its own storefront edge headers (no nosniff)', /^shop\//, 'header cross-origin-resource-policy'],
  ['its own storefront edge headers (no nosniff)', /^shop\//, 'header x-content-type-options'],
  ['its own storefront edge headers (no nosniff)', /^shop\//, 'header x-download-options'],
  ['Timing-Allow-Origin on theme assets only', /^shop\/(font|image-(avif|webp|original)|platform-script)$/, 'header timing-allow-origin'],
  ['"1 year" of 365 days on images', /^shop\/image-(avif|webp|original)$/, 'header cache-control'],
];

test(
  'the reference as baseline, the second deployment as candidate: the differences are exactly its choices, each shown with both values',
  async () => {
    const env = targetEnvOf(alt.ready);
    delete env.HARNESS_TARGET_KIND;
    const records = await differential(loadTargetMap(withTestBudgets(env)));
    // It keeps every stated fact: nothing fails, nothing is a run error, nothing of the baseline's is "fixed" (its warnings are its own: no Vary).
    expect(
      judged(records)
        .filter((f) => f.verdict !== 'diff' && f.verdict !== 'warn')
        .map((f) => `${f.verdict} ${f.id}: ${f.expected} / ${f.actual}${f.message ? ` (${f.message})` : ''}`),
    ).toEqual([]);
    const found = diffs(records);
    const explains = ([, step, aspect]: (typeof ALT_CHOICES)[number], f: ReplayFinding) =>
      f.id.endsWith(` diff ${aspect}`) && step.test(f.id.slice(0, -` diff ${aspect}`.length));
    const unexplained = found.filter((f) => !ALT_CHOICES.some((c) => explains(c, f)));
    expect(distinct(unexplained)).toEqual([]);
    const unseen = ALT_CHOICES.filter((c) => c[3] !== 'optional' && !found.some((f) => explains(c, f)));
    expect(unseen.map(([choice, , aspect]) => `${choice}: ${aspect}`)).toEqual([]);
    // Both values, on both protocols.
    const localization = found.filter((f) => f.id === 'shop/product diff cookie localization value');
    expect(localization.map((f) => [f.protocol, f.baseline, f.actual, f.secrets?.length])).toEqual([
      ['h1', 'US', 'GB', 2],
      ['h2', 'US', 'GB', 2],
    ]);
    const altSvc = found.find((f) => f.id === 'site/home diff header alt-svc')!;
    expect(`${altSvc.expected} / ${altSvc.actual}`).toMatch(/^h3=":[^"]+"; ma=86400 \/ h3=":[^"]+"; ma=3600$/);
    const trace = found.find((f) => f.id === 'site/home diff header x-trace-id')!;
    expect([trace.expected, trace.actual]).toEqual(['(absent)', '(a new value on every request: traceparent)']);
    const notFound = found.find((f) => f.id === 'site/not-found diff body')!;
    expect(notFound.detail).toMatch(/^--- baseline\n\+\+\+ candidate\n@@ .* @@\n-<!DOCTYPE html/);
    // A discovered address that differs is shown on each side, not counted.
    const css = records.get('site/static/css')!;
    const urlOf = (legs: ReplayRecord['legs']) => legs[0].steps[0].discovered?.url;
    expect(urlOf(css.legs)).toMatch(/\/content\/css\/portal\.css\?lw=/);
    expect(urlOf(css.baseline!.legs)).toMatch(/\/static\/css\/main\.css\?lw=/);
    expect(found.filter((f) => f.id.startsWith('site/static/css ') && /url|path|discover/.test(f.id))).toEqual([]);
  },
  WHOLE_RUN_MS,
);

describe('a broken copy of the reference as candidate', () => {
  afterEach(() => proxied.proxy.setMutation(undefined));

  test(
    'one change no expectation covers (a header the baseline does not send): exactly that diff, with both values',
    async () => {
      const { outcomes: records } = await proxiedRuns.under((e: ProxiedExchange) => {
        if (e.host === NAMES[0] && e.path.startsWith('/layouts/system/VisitorIdentification.js')) e.lines.push(['x-aspnet-version', '4.0.30319']);
      });
      expect(judged(records).map((f) => [f.verdict, f.protocol, f.id, f.baseline, f.actual])).toEqual([
        ['diff', 'h1', 'site/visitor-identification/script diff header x-aspnet-version', '(absent)', '4.0.30319'],
        ['diff', 'h2', 'site/visitor-identification/script diff header x-aspnet-version', '(absent)', '4.0.30319'],
      ]);
    },
    WHOLE_RUN_MS,
  );

  test(
    "a stated fact broken: a fail that shows the baseline's value, and no separate diff",
    async () => {
      const { outcomes: records } = await proxiedRuns.under((e: ProxiedExchange) => {
        if (e.host === NAMES[4] && e.path.split('?')[0].endsWith('/assets/base.css'))
          e.lines = [...e.lines.filter(([n]) => n !== 'cache-control'), ['cache-control', 'public, max-age=86400']];
      });
      expect(judged(records).map((f) => [f.verdict, f.protocol, f.id, f.expected, f.actual, f.baseline])).toEqual([
        ['fail', 'h1', 'shop/theme/css header cache-control', 'public, max-age=31557600', 'public, max-age=86400', 'public, max-age=31557600'],
        ['fail', 'h2', 'shop/theme/css header cache-control', 'public, max-age=31557600', 'public, max-age=86400', 'public, max-age=31557600'],
      ]);
    },
    WHOLE_RUN_MS,
  );
});
