import * as path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { targetBrowserLaunch } from '../browser/launch';
import type { SharedReference } from './reference-per-kind';
import { loadTargetMap } from '../target-map';
import type { TestPki } from '../target-map/test-pki';
import { rewriteText, type MutatingProxy, type Mutation, type ProxiedExchange } from './mutating-proxy';
import { flowOutcomes } from './outcomes';
import { TouchedRuns } from './touched';
import { runForOutcomes } from './playwright-outcomes';
import { startProxiedReference, stopProxiedReference } from './proxied-reference';
import { WHOLE_RUN_MS, withTestBudgets } from './budgets';

/*
 * The browser flows must catch deviations, not just pass on the reference: each case runs the
 * browser project against the reference behind a proxy that breaks one thing (Chromium trusts the
 * proxy's root through TARGET_CA and the NSS database), and expects exactly the flow that owns
 * that thing to fail, with the deviation in its message. The robustness cases (a hanging
 * sub-resource, a page that never finishes, a certificate error, a redirect loop) must end as
 * findings within the flow's budget, never as a Playwright timeout. The unmodified target runs
 * through Playwright (the browser project as a user runs it, its screenshots and HARs); the broken
 * ones run the same flows in process, in one Chromium, judged by the same rule (core's `judge`),
 * and only the flows a case's deviations touch run again: the others keep the outcome they had on
 * the unmodified target, whose answers they would get again (touched.ts).
 */

const root = path.resolve(__dirname, '../../..');
const NAMES = [
  'www.lessons.test',
  'lessons.test',
  'media.lessons.test',
  'shop.store.test',
  'go.redirect.test',
  'hop2.redirect.test',
  'hop3.redirect.test',
  'analytics.beacon.test',
];
const FLOWS = [
  'site/browser/home',
  'site/browser/visitor-flag',
  'site/browser/lesson-plan',
  'bare/browser/redirect-to-www',
  'shop/browser/product',
  'redirector/browser/page',
  'redirector/browser/favicon-chain',
];
/** Short budgets so the robustness cases that end by a budget end quickly (navigation 4 s, settle and waits about 2.7 s), for the flow they break only. */
const FAST = { HARNESS_BROWSER_TIMEOUT_MS: '4000' };

let reference: SharedReference;
let pki: TestPki;
let proxy: MutatingProxy;
/** Chromium trusting the proxy's root, and one trusting the reference's (which did not sign the proxy's certificates). */
let browser: Browser;
let distrusting: Browser;

beforeAll(async () => {
  ({ reference, pki, proxy } = await startProxiedReference(NAMES, 'Browser Mutating Proxy Root'));
  browser = await chromium.launch(targetBrowserLaunch(loadTargetMap(targetEnv())).options);
  distrusting = await chromium.launch(targetBrowserLaunch(loadTargetMap(targetEnv(reference.ready.rootPath))).options);
}, WHOLE_RUN_MS);

afterAll(async () => {
  await browser?.close();
  await distrusting?.close();
  await stopProxiedReference({ reference, pki, proxy });
});

function targetEnv(caFile = pki.caFile): Record<string, string> {
  const env = proxy.targetEnv(
    {
      TARGET_URL: NAMES[0],
      TARGET_BARE_URL: NAMES[1],
      TARGET_ASSETS_URL: NAMES[2],
      TARGET_SHOP_URL: NAMES[3],
      TARGET_REDIRECTOR_URL: NAMES[4],
      TARGET_ANALYTICS_URL: NAMES[7],
    },
    caFile,
  );
  env.TARGET_REDIRECTOR_URL = NAMES.slice(4, 7)
    .map((n) => `https://${n}:${proxy.port}`)
    .join(',');
  return env;
}

/** Through Playwright, as a user runs the browser project: each flow's status and failure message. */
async function playwrightOutcomes(): Promise<Map<string, { status: string; message: string }>> {
  // The HTTP/3 flow needs an edge this proxy does not have (it is skipped, saying so): the flows compared here are the others.
  const results = (await runForOutcomes(root, ['--project', 'browser'], targetEnv())).filter((r) => !r.title.endsWith('site/browser/home-h3'));
  return new Map(results.map((r) => [r.title.replace(/^.* › /, ''), { status: r.status, message: r.message }]));
}

/** The same flows in process, in the shared Chromium (`perFlow`: budgets such as HARNESS_BROWSER_TIMEOUT_MS; `only`: these flows alone). */
function outcomes(perFlow: Record<string, Record<string, string>> = {}, caFile?: string, only?: ReadonlySet<string>) {
  const env = targetEnv(caFile);
  return flowOutcomes(caFile ? distrusting : browser, loadTargetMap(withTestBudgets(env)), path.join(root, 'specs'), env, perFlow, only);
}

/** The flows under a case's deviations run only where the deviations touch what they were answered (touched.ts). */
let flows: TouchedRuns;
beforeAll(() => {
  flows = new TouchedRuns(proxy, FLOWS, (only) => outcomes({}, undefined, only), 'browser flows');
});

const on =
  (predicate: (e: ProxiedExchange) => boolean, change: Mutation): Mutation =>
  (e) => {
    if (predicate(e)) change(e);
  };
const pathOf = (e: ProxiedExchange) => e.path.split('?')[0];
const isHome = (e: ProxiedExchange) => e.host === NAMES[0] && e.path === '/';

test(
  'the unmodified reference behind the proxy passes every browser flow (the proxy itself is faithful)',
  async () => {
    proxy.setMutation(undefined);
    const results = await playwrightOutcomes();
    // The in-process judgement the other cases use agrees with Playwright's (flow by flow, recording what each was answered).
    const inProcess = await flows.cleanOutcomes();
    expect([...inProcess].map(([t, r]) => `${t}: ${r.status} ${r.message}`).sort()).toEqual(
      [...results].map(([t, r]) => `${t}: ${r.status} ${r.message}`).sort(),
    );
    expect([...results.keys()].sort()).toEqual([...FLOWS].sort());
    for (const [title, r] of results) expect(`${title}: ${r.status} ${r.message}`).toBe(`${title}: passed `);
  },
  WHOLE_RUN_MS,
);

// Every row has its five values: a row shorter than the callback's parameter list makes Jest pass `done`.
const NONE: Record<string, string> = {};
const CASES: Array<[string, Mutation, string, RegExp, Record<string, string>]> = [
  [
    'ARRAffinity set without HttpOnly',
    on(isHome, (e) => {
      e.lines = e.lines.map(([n, v]) => [n, n === 'set-cookie' && v.startsWith('ARRAffinity=') ? v.replace(/;\s*HttpOnly/i, '') : v]);
    }),
    'site/browser/home',
    /site\/browser\/home cookie ARRAffinity httpOnly: expected "HttpOnly", got "not HttpOnly"/,
    NONE,
  ],
  [
    'product images served as PNG to a browser that accepts AVIF',
    on(
      (e) => e.host === NAMES[3] && pathOf(e).startsWith('/cdn/shop/files/'),
      (e) => {
        e.lines = e.lines.map(([n, v]) => [n, n === 'content-type' ? 'image/png' : v]);
      },
    ),
    'shop/browser/product',
    /shop\/browser\/product \{shop_url\}\/cdn\/shop\/files\/[^ ]+\.png content-type: expected "image\/avif", got "image\/png"/,
    NONE,
  ],
  [
    'a home-page image answered 404',
    on(
      (e) => e.host === NAMES[0] && pathOf(e).endsWith('/img/spacer.gif'),
      (e) => (e.status = 404),
    ),
    'site/browser/home',
    /site\/browser\/home \{base_url\}\/[^ ]+\/img\/spacer\.gif status: expected "200", got "404"/,
    NONE,
  ],
  [
    // Its stylesheet names a PNG too (a background), which a browser loads: both are broken here.
    'a home page (and its stylesheet) that link no PNG image of the described shape',
    on(
      (e) => isHome(e) || (e.host === NAMES[0] && /^\/static\/css\/[^/?]+\.css(\?|$)/.test(e.path)),
      (e) => rewriteText(e, (text) => text.replace(/\.png\b/g, '.PNG')),
    ),
    'site/browser/home',
    /site\/browser\/home discover \/\{section\}\/img\/\{name\}\.png: expected "an address of the shape \/\{section\}\/img\/\{name\}\.png \(img\[src\], img\[srcset\], source\[src\], source\[srcset\], css\) on \{base_url\}\/", got "https:\/\/www\.lessons\.test:\d+\/ links nothing of the shape; it links https:\/\/www\.lessons\.test:\d+\/static\/img\/logo\.PNG/,
    NONE,
  ],
  [
    'a home-page image that hangs (robustness)',
    on(
      (e) => e.host === NAMES[0] && pathOf(e).endsWith('/img/spacer.gif'),
      (e) => (e.stall = true),
    ),
    'site/browser/home',
    /site\/browser\/home \{base_url\}\/[^ ]+\/img\/spacer\.gif answer: expected "an answer before the page settles", got "no answer \(still pending\)"/,
    FAST,
  ],
  [
    'a product page that never finishes loading (robustness)',
    on(
      (e) => e.host === NAMES[3] && pathOf(e).startsWith('/products/'),
      (e) => (e.stall = true),
    ),
    'shop/browser/product',
    /shop\/browser\/product navigation \{shop_url\}\/products\/[^ ]+: expected "the \\"load\\" event within 4 s", got "no \\"load\\" event after 4 s"/,
    FAST,
  ],
  [
    'a bare host that redirects to itself (robustness)',
    on(
      (e) => e.host === NAMES[1],
      (e) => {
        e.status = 301;
        e.lines = [...e.lines.filter(([n]) => n !== 'location'), ['location', `https://${NAMES[1]}:${proxy.port}/`]];
      },
    ),
    'bare/browser/redirect-to-www',
    /bare\/browser\/redirect-to-www navigation \{bare_url\}\/: expected "a redirect chain that ends on a page", got "net::ERR_TOO_MANY_REDIRECTS"/,
    NONE,
  ],
];

/**
 * Deviations whose owning flows differ go in one run together (each still fails exactly its own
 * flow, with its own message, and the flows no deviation touches pass); the cases of one flow run
 * apart, so that one deviation never hides another. The robustness budget (FAST) applies to the
 * flow a case breaks, where the case ends by a budget; every other flow has the test budgets.
 */
const RUNS: number[][] = [[0, 1], [2, 6], [3, 5], [4]];

test('the runs cover every case once', () => {
  expect(RUNS.flat().sort()).toEqual(CASES.map((_, i) => i));
  for (const run of RUNS) expect(new Set(run.map((i) => CASES[i][2])).size).toBe(run.length);
});

test.each(RUNS.map((run) => [run.map((i) => CASES[i][0]).join('; '), run] as const))(
  'a target with %s fails exactly the owning flows, each with a precise finding',
  async (_names, run) => {
    const cases = run.map((i) => CASES[i]);
    const perFlow = Object.fromEntries(cases.map(([, , owner, , extra]) => [owner, extra]));
    const { outcomes: results, ran } = await flows.under(
      (e) => {
        for (const [, mutation] of cases) mutation(e);
      },
      (only) => outcomes(perFlow, undefined, only),
    );
    // Each owner was answered something its deviation changes, so it ran against it.
    expect(cases.map(([, , owner]) => owner).filter((owner) => !ran.includes(owner))).toEqual([]);
    const failed = [...results].filter(([, r]) => r.status !== 'passed');
    expect(failed.map(([t]) => t).sort()).toEqual(cases.map(([, , owner]) => owner).sort());
    for (const [name, , owner, message] of cases) {
      expect(`${name}: ${results.get(owner)?.message}`).toMatch(message);
      expect(results.get(owner)?.message).not.toMatch(/Test timeout/);
    }
  },
);

test(
  'a certificate the browser does not trust fails every flow with the certificate error, not a timeout (robustness)',
  async () => {
    proxy.setMutation(undefined);
    // Chromium is told to trust the reference's root, which did not sign the proxy's certificates.
    const results = await outcomes({}, reference.ready.rootPath);
    expect([...results.keys()].sort()).toEqual([...FLOWS].sort());
    for (const [title, r] of results) {
      expect(`${title}: ${r.status}`).toBe(`${title}: failed`);
      expect(r.message).toMatch(/navigation [^ ]+: expected "a certificate the browser trusts for [^"]+", got "net::ERR_CERT_AUTHORITY_INVALID"/);
      expect(r.message).not.toMatch(/Test timeout/);
    }
  },
  WHOLE_RUN_MS,
);
