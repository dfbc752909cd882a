import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { targetEnvOf } from '../embedded/start-reference';
import { sharedReference, type SharedReference } from './reference-per-kind';
import { playwrightCli } from './playwright-cli';
import type { ConformanceResults, Expectation } from '../report/types';
import { WHOLE_RUN_MS } from './budgets';
import { noiseText } from '../core';
import { propose } from '../accept/propose';
import { readSpecDocs } from '../accept/spec-files';
import type { SpecFile } from '../spec-model/types';
import { ROOT } from './playwright-cli';

/*
 * The reference's second deployment (`--deployment alt`) keeps every fact the description states
 * and chooses differently wherever it is silent. The whole Playwright suite runs against it as a
 * user's target (TARGET_* variables, no TARGET_SECTION): no test fails, and each of its choices
 * shows in results.json with the verdict its level gives it.
 */

let alt: SharedReference;
let env: Record<string, string>;
let results: ConformanceResults;
let run: { code: number | null; stdout: string; stderr: string };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'alt-deployment-'));

beforeAll(async () => {
  alt = await sharedReference('alt');
  env = targetEnvOf(alt.ready);
  // A user's target: the section is read from its home page, and it is judged as the user's.
  delete env.TARGET_SECTION;
  delete env.HARNESS_TARGET_KIND;
  run = await playwrightCli(['test'], { ...env, HARNESS_REPORT_DIR: path.join(work, 'all') });
  results = JSON.parse(fs.readFileSync(path.join(work, 'all', 'results.json'), 'utf8')) as ConformanceResults;
}, WHOLE_RUN_MS);

afterAll(async () => {
  await alt?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

const expectation = (id: string): Expectation => {
  for (const t of results.tests) for (const e of t.expectations) if (e.id === id) return e;
  throw new Error(`no expectation ${id} in results.json`);
};
const verdictOf = (id: string) => [expectation(id).verdict, expectation(id).level];
const noiseOf = (stepId: string) => [
  ...new Set(
    results.tests
      .flatMap((t) => t.legs ?? [])
      .flatMap((l) => l.steps)
      .filter((s) => s.id === stepId)
      .flatMap((s) => (s.noise ? noiseText(s.noise) : [])),
  ),
];

test('the whole suite passes: no fail, no error; its differences are warnings and information', () => {
  expect(`${run.code}\n${run.stdout.slice(-2500)}`).toMatch(/^0\n/);
  expect(results.run.target?.origin).toBe('user');
  expect(results.totals.fail).toBe(0);
  expect(results.totals.error).toBe(0);
  // Its answers test something: no role is inconclusive, and the exit code says conforming.
  expect(results.run.inconclusive).toBeUndefined();
  expect(results.run.exitCode).toBe(0);
  expect(results.totals.warn).toBeGreaterThan(0);
  expect(results.totals.info).toBeGreaterThan(0);
  expect(results.tests.length).toBeGreaterThan(100);
  expect(results.tests.filter((t) => t.status === 'failed')).toEqual([]);
  // The page of the whole suite stays small enough to open and attach: its data is in results.json, its screenshots beside it.
  expect(fs.statSync(path.join(work, 'all', 'index.html')).size).toBeLessThan(2 * 1024 * 1024);
  expect(fs.readdirSync(path.join(work, 'all', 'screenshots')).filter((f) => f.endsWith('.png')).length).toBeGreaterThan(3);
});

test('another {section}: read from the home page, and the static files found there', () => {
  expect(results.run.target?.section).toBe('content');
  expect(results.run.target?.sectionSource).toMatch(/^read from https:\/\/www\.lessons\.test:\d+\/ \(.*\/content\/css\/portal\.css\)$/);
  expect(verdictOf('site/section from the page')).toEqual(['pass', 'should']);
  expect(verdictOf('site/static/css status')).toEqual(['pass', 'must']);
});

test('its own file names, media, products, theme, fonts and images: every such exchange is replayed on the address its own page links, and says where it was found', () => {
  const discovered = (id: string) => {
    const steps = results.tests.find((t) => t.id === id)?.legs?.flatMap((l) => l.steps) ?? [];
    return [...new Set(steps.map((s) => (s.discovered ? `${s.discovered.url} (${s.discovered.via} on ${s.discovered.from.replace(/:\d+/, '')})` : '(none)')))];
  };
  const port = /:\d+/;
  const expected: Record<string, RegExp> = {
    'site/static/css': /^https:\/\/www\.lessons\.test:\d+\/content\/css\/portal\.css\?lw=\w+ \(link\[href\] on https:\/\/www\.lessons\.test\/\)$/,
    'site/static/png': /\/content\/img\/brand-mark\.png \(img\[src\] on https:\/\/www\.lessons\.test\/\)$/,
    // Declared in an inline <style> of the home page, not in the linked stylesheet.
    'site/static/woff2': /\/content\/fonts\/portal-glyphs\.woff2 \(font-face on https:\/\/www\.lessons\.test\/\)$/,
    'site/static/woff': /\/content\/fonts\/portal-glyphs\.woff \(font-face on https:\/\/www\.lessons\.test\/\)$/,
    'assets/media/icon':
      /^https:\/\/media\.lessons\.test:\d+\/-\/media\/Sites\/Portal\/icons\/find\.svg\?rev=0f1e2d3c4b5a69788796a5b4c3d2e1f0 \(img\[src\] on https:\/\/www\.lessons\.test\/\)$/,
    'shop/theme/css': /\/cdn\/shop\/t\/149911223344\/assets\/theme\.css\?v=\d+ \(link\[href\] on https:\/\/shop\.store\.test\/products\/flax-apron\)$/,
    'shop/platform-script': /\/cdn\/platform-cdn\/v2\/assets\/storefront\/features-[0-9a-f]{64}\.js \(script\[src\]/,
    // The signature is the deployment's secret: the report shows its shape, not its value.
    'shop/font':
      // Its signature redacted, by its field (percent-encoded in the address) or by its value (wherever it travelled).
      /\/cdn\/fonts\/portal_serif\/portal_serif_n4\.woff2\?h1=%E2%80%B9secret[^&]+&h2=[^&]+&hmac=(%E2%80%B9secret%3A%20hex64|‹secret: hex64, 64 chars›)[^ ]* \((link\[href\]|font-face) on/,
    'shop/image-original': /\/cdn\/shop\/files\/flax-apron\.png\?v=\d+&width=\d+ \(img\[(src|srcset)\]/,
  };
  for (const [id, re] of Object.entries(expected)) {
    const found = discovered(id);
    expect([id, found.length]).toEqual([id, 1]);
    expect(`${id}: ${found[0]}`).toMatch(new RegExp(`^${id.replace(/\//g, '\\/')}: `));
    expect(found[0]).toMatch(re);
    expect(found[0]).toMatch(port);
  }
  // The font's own address with another hmac: refused (the 403 is the reference's choice, so it informs).
  expect(verdictOf('shop/font-bad-signature status')).toEqual(['pass', 'info']);
  // Target values: the storefront product page and the redirector directory are the deployment's own.
  expect(results.tests.find((t) => t.id === 'shop/product')?.legs?.[0].steps[0].request?.url).toMatch(/\/products\/flax-apron\?utm_source=/);
  expect(results.tests.find((t) => t.id === 'redirector/directory')?.legs?.[0].steps[0].request?.url).toMatch(/\/journal\/$/);
  expect(results.tests.find((t) => t.id === 'analytics/beacon')?.legs?.[0].steps[0].request?.url).toMatch(/\/px\.gif\?a=1&/);
});

test('another trace header: learned as noise on every step, never a protocol difference', () => {
  expect(noiseOf('site/home')).toContain('header x-trace-id');
  expect(noiseOf('shop/product')).toContain('header x-trace-id');
  expect(verdictOf('site/home parity')).toEqual(['pass', 'must']);
  expect(expectation('site/home parity').findings[0].actual).toContain('header x-trace-id');
  expect(verdictOf('conditional/site/css/head fields')).toEqual(['pass', 'should']);
});

test('another cache-status and request-trace header on media: the facts by meaning pass, the reference names inform', () => {
  expect(verdictOf('assets/media/icon check headers/cache-status')).toEqual(['pass', 'must']);
  expect(expectation('assets/media/icon check headers/cache-status').findings[0].actual).toMatch(/^cache-status: "media-edge"; (hit|fwd=uri-miss)$/);
  expect(verdictOf('assets/media/icon check headers/request-id')).toEqual(['pass', 'must']);
  expect(verdictOf('assets/media/icon header x-cache')).toEqual(['info', 'info']);
  expect(verdictOf('assets/media/icon header x-azure-ref')).toEqual(['info', 'info']);
  expect(verdictOf('maintenance/page check headers/request-id')).toEqual(['pass', 'must']);
  expect(verdictOf('maintenance/page header x-ms-request-id')).toEqual(['info', 'info']);
});

test('no Vary on dynamic responses: a warning (RFC SHOULD), where the description states none', () => {
  for (const id of ['site/home', 'site/lesson-plan/empty', 'site/visitor-identification/flip', 'redirector/directory', 'redirector/cf-errors-css']) {
    expect([id, ...verdictOf(`${id} check vary/negotiated-response-has-vary accept-encoding`)]).toEqual([id, 'warn', 'should']);
  }
  expect(verdictOf('compression/site/page/gzip vary')).toEqual(['warn', 'should']);
  expect(verdictOf('site/static/css header vary')).toEqual(['pass', 'must']);
});

test('its static text files labelled with a charset: the stated media type passes, in the replay and in the browser', () => {
  for (const id of ['site/static/css', 'site/static/js']) {
    const ct = expectation(`${id} header content-type`);
    expect([id, ct.verdict, ct.level, ct.findings[0].actual]).toEqual([id, 'pass', 'must', expect.stringMatching(/; charset=utf-8 \(RFC 9110 §8\.3\.1: /)]);
  }
  const browser = results.tests
    .flatMap((t) => t.expectations)
    .filter((e) => e.id.startsWith('site/browser/home ') && e.id.endsWith(' content-type') && /charset/.test(e.findings[0].actual));
  expect(browser.length).toBeGreaterThan(0);
  expect(browser.filter((e) => e.verdict !== 'pass')).toEqual([]);
});

test('media Cache-Control, Vary and Content-Disposition spelt as an edge rewrites them: the stated values by their grammar pass', () => {
  const cd = expectation('assets/media/icon header content-disposition');
  expect([cd.verdict, cd.level, cd.findings[0].actual]).toEqual([
    'pass',
    'must',
    expect.stringMatching(/^inline; filename="[a-z-]+\.svg" \(RFC 6266 §4\.1: the same disposition and parameters, in any case and quoting\)$/),
  ]);
  const cc = expectation('assets/media/icon header cache-control');
  expect([cc.verdict, cc.level, cc.findings[0].actual]).toEqual([
    'pass',
    'must',
    'max-age=604800,public (RFC 9111 §5.2: the same directives, in any order and case)',
  ]);
  const vary = expectation('assets/media/icon header vary');
  expect([vary.verdict, vary.level, vary.findings[0].actual]).toEqual([
    'pass',
    'must',
    'accept-encoding (RFC 9110 §12.5.5: the same field names, in any order and case)',
  ]);
});

test('X-Frame-Options "repeated twice, comma-separated" on one line passes', () => {
  expect(verdictOf('site/home header x-frame-options')).toEqual(['pass', 'must']);
});

test('301 and 403 instead of 405 for other methods: the status informs, Allow does not apply', () => {
  expect(verdictOf('bare/method-not-allowed status')).toEqual(['info', 'info']);
  expect(verdictOf('bare/method-not-allowed header allow')).toEqual(['n/a', 'must']);
  expect(expectation('bare/method-not-allowed header allow').findings[0].message).toBe('premise not met: the rule applies to a 405 answer; this one is 301');
  expect(verdictOf('maintenance/method-not-allowed status')).toEqual(['info', 'info']);
  expect(verdictOf('maintenance/method-not-allowed header allow')).toEqual(['n/a', 'must']);
});

test('its own cookie names and values: the session cookie found by meaning, the reference name informs', () => {
  expect(verdictOf('site/home check cookie/session-cookie-sent-twice')).toEqual(['pass', 'must']);
  expect(verdictOf('site/home cookie ASP.NET_SessionId')).toEqual(['info', 'info']);
  expect(verdictOf('site/home cookie sxa_site value')).toEqual(['pass', 'must']);
  expect(noiseOf('site/home')).toContain('cookie AzureAppService_SessionId value');
  expect(verdictOf('shop/product cookie _tracking_consent domain')).toEqual(['pass', 'must']);
  expect(verdictOf('shop/browser/product cookie _shopify_y stored')).toEqual(['pass', 'must']);
});

test('its ARRAffinity in uppercase hex ("<64 hex chars>", no case stated): the value passes, and both cookies still carry one value', () => {
  const value = expectation('site/home cookie ARRAffinity value');
  // A cookie value is a secret: the report names its shape only.
  expect([value.verdict, value.level, value.findings[0].actual]).toEqual(['pass', 'must', '‹secret: HEX64, 64 chars›']);
  expect(verdictOf('site/home check cookie/pair-same-value ARRAffinitySameSite')).toEqual(['pass', 'must']);
});

test('"expires -1" written as a date in the past: already expired, as RFC 9111 reads both', () => {
  for (const id of ['site/home', 'site/lesson-plan/empty']) {
    const e = expectation(`${id} header expires`);
    expect([id, e.verdict, e.level, e.findings[0].actual]).toEqual([
      id,
      'pass',
      'must',
      expect.stringMatching(/^Thu, 01 Jan 1970 00:00:00 GMT \(RFC 9111 §5\.3: /),
    ]);
  }
});

test('its own error body: informational', () => {
  expect(verdictOf('site/lesson-plan/invalid status')).toEqual(['pass', 'info']);
  expect(verdictOf('site/lesson-plan/invalid body contains "\\"code\\":\\"invalid_guids\\""')).toEqual(['info', 'info']);
});

const testOf = (id: string) => {
  const t = results.tests.find((x) => x.id === id);
  if (!t) throw new Error(`no test ${id} in results.json`);
  return t;
};

test('fonts declared in an inline <style>: the WOFF exchanges, and the compression and conditional flows built on them, pass; the browser finds them too', () => {
  for (const id of [
    'site/static/woff2',
    'site/static/woff',
    'compression/site/woff2',
    'compression/site/woff',
    'conditional/site/woff2',
    'conditional/site/woff',
  ])
    expect([id, testOf(id).status]).toEqual([id, 'passed']);
  expect(verdictOf('site/static/woff2 status')).toEqual(['pass', 'must']);
  expect(verdictOf('site/browser/home discover /{section}/fonts/{name}.woff2')).toEqual(['pass', 'must']);
  expect(expectation('site/browser/home discover /{section}/fonts/{name}.woff')?.findings[0].actual).toMatch(/portal-glyphs\.woff \(font-face\)$/);
});

test('its own favicon-chain hops: the chain is followed through the names its Locations give', () => {
  const urls = testOf('redirector/favicon-chain').legs![0].steps.map((st) => st.request?.url.replace(/:\d+/, ''));
  expect(urls).toEqual(['https://go.redirect.test/favicon.ico', 'https://relay.redirect.test/', 'https://landing.redirect.test/']);
  expect(testOf('redirects/redirector/favicon-chain').status).toBe('passed');
  expect(testOf('redirector/browser/favicon-chain').status).toBe('passed');
});

test("another edge on the redirecting host: the reference's server and CF-RAY inform", () => {
  expect(verdictOf('redirector/directory header server')).toEqual(['info', 'info']);
  expect(verdictOf('redirector/directory header cf-ray')).toEqual(['info', 'info']);
  expect(expectation('redirector/directory header server').findings[0].actual).toBe('AkamaiGHost');
});

test('storefront HSTS with includeSubDomains and preload: the stated max-age passes', () => {
  expect(verdictOf('shop/product header strict-transport-security')).toEqual(['pass', 'must']);
  expect(verdictOf('shop/product check security/hsts-per-role')).toEqual(['pass', 'must']);
  expect(expectation('shop/product header strict-transport-security').findings[0].actual).toBe('max-age=63072000; includeSubDomains; preload');
});

test('"10 years" counted as 3,653 days, and "1 year" as 365.25 days written as Max-Age alone, pass in the replay and in the browser', () => {
  expect(verdictOf('site/home cookie SC_ANALYTICS_GLOBAL_COOKIE expires')).toEqual(['pass', 'must']);
  expect(verdictOf('site/home check cookie/expires-matches-lifetime SC_ANALYTICS_GLOBAL_COOKIE lifetime')).toEqual(['pass', 'must']);
  // An answer's Expires and its Date are written a moment apart: a second may tick between them.
  expect(expectation('site/home check cookie/expires-matches-lifetime SC_ANALYTICS_GLOBAL_COOKIE lifetime').findings[0].actual).toMatch(
    /^lifetime (315619199|315619200|315619201) s \(≈?3653(\.0)? d\)/,
  );
  // keep_alive's lifetime is stated by the page with its query; the browser opens the plain page, whose spec states only its flags.
  for (const name of ['keep_alive', 'secure_customer_sig', 'localization', '_tracking_consent', '_cmp_a']) {
    expect([name, ...verdictOf(`shop/product cookie ${name} expires`)]).toEqual([name, 'pass', 'must']);
    if (name !== 'keep_alive') expect([name, ...verdictOf(`shop/browser/product cookie ${name} expires`)]).toEqual([name, 'pass', 'must']);
  }
  expect(expectation('shop/product cookie localization expires').findings[0].actual).toMatch(/^Max-Age=31557600 \(no Expires\): /);
  expect(expectation('shop/product check cookie/expires-matches-lifetime localization lifetime').findings[0].actual).toMatch(
    /^lifetime (31557599|31557600|31557601) s/,
  );
});

test('its HTTP/3 edge on another port, advertised with ma=3600: the h3 legs run on every role, its own hop names included', () => {
  const altSvc = expectation('service/http3-seen redirector relay.redirect.test alt-svc');
  expect(altSvc.verdict).toBe('pass');
  expect(altSvc.findings[0].actual).toMatch(/^h3=":\d+"; ma=3600$/);
  expect(testOf('site/home').legs!.some((l) => l.protocol === 'h3' && !l.skipped)).toBe(true);
});

test(
  'HARNESS_FAIL_ON=warn turns its warnings into a failed run',
  async () => {
    const strict = await playwrightCli(['test', '--project', 'raw', '--grep', 'site/home$'], {
      ...env,
      HARNESS_FAIL_ON: 'warn',
      HARNESS_REPORT_DIR: path.join(work, 'warn'),
    });
    expect(strict.code).toBe(1);
    const r = JSON.parse(fs.readFileSync(path.join(work, 'warn', 'results.json'), 'utf8')) as ConformanceResults;
    expect(r.run).toMatchObject({ failOn: 'warn', status: 'failed' });
    expect(strict.stdout).toContain(
      '! [1] site: header vary is "(absent)" on h1 and h2\n      expected "vary includes Accept-Encoding (content-encoding: gzip)"',
    );
    expect(fs.readFileSync(path.join(work, 'warn', 'junit.xml'), 'utf8')).toContain('type="warn/should/rfc"');
  },
  WHOLE_RUN_MS,
);

test('accept on this deployment, on ports of its own: no port, no Content-Length value and no validator value proposed', () => {
  const specs = path.join(work, 'specs');
  fs.cpSync(path.join(ROOT, 'specs'), specs, { recursive: true });
  const proposal = propose({ results, specs: readSpecDocs(specs), mode: 'all', ids: [] });
  expect(proposal.files.length).toBeGreaterThan(0);
  const ports = [alt.ready.tlsPort, alt.ready.httpPort].map((p) => `:${p}`);
  const literal = (m: unknown) => typeof m === 'string' || typeof m === 'number' || (typeof m === 'object' && m !== null && 'equals' in m);
  const problems: string[] = [];
  for (const f of proposal.files) {
    // The clause names the run's target, its port included: what it says of where the value came from is no expectation.
    const text = f.after
      .split('\n')
      .filter((l) => !l.includes('"clause": "accepted from'))
      .join('\n');
    for (const p of ports) if (text.includes(p)) problems.push(`${f.spec.name}: the port ${p}`);
    // A literal the hand-written spec already stated (before accept) is the description's, not this run's.
    const stepsOf = (doc: SpecFile) => new Map([...doc.exchanges, ...(doc.flows ?? []).flatMap((fl) => fl.steps)].map((s) => [s.id, s]));
    const before = stepsOf(JSON.parse(fs.readFileSync(f.spec.file, 'utf8')) as SpecFile);
    for (const [id, s] of stepsOf(JSON.parse(f.after) as SpecFile))
      for (const [name, m] of Object.entries(s.expect.headers ?? {}))
        if (/^(content-length|etag|last-modified)$/i.test(name) && literal(m) && JSON.stringify(before.get(id)?.expect.headers?.[name]) !== JSON.stringify(m))
          problems.push(`${id}: ${name} ${JSON.stringify(m)}`);
  }
  expect(problems).toEqual([]);
});
