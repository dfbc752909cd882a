import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CHECKS } from '../checks';
import type { SharedReference } from './reference-per-kind';
import { loadSpecs } from '../spec-model/load';
import { loadTargetMap } from '../target-map';
import type { TestPki } from '../target-map/test-pki';
import { rewriteText, type MutatingProxy, type Mutation, type ProxiedExchange } from './mutating-proxy';
import { replayOutcomes, type Outcome } from './outcomes';
import { onlyItems, touchedReplay, type TouchedRuns } from './touched';
import { runForOutcomes } from './playwright-outcomes';
import { startProxiedReference, stopProxiedReference } from './proxied-reference';
import { REFERENCE_NAMES, ROLE_HOSTS } from './reference-names';
import { writeDerivedSpecs } from './reference-recordings';
import { WHOLE_RUN_MS, withTestBudgets } from './budgets';

/*
 * The data-driven replay must catch deviations, not just pass on the reference: each case replays
 * every spec against the reference behind a proxy that breaks one thing, and expects exactly the
 * tests that own that thing to fail, with the deviation in the message. The OCSP role (plain
 * http) is left unmapped here: its tests are skipped. The unmodified target runs through
 * Playwright (tests/replay.test.ts as a user runs it); the broken ones are replayed in process and
 * judged by the same rule (core's `judge`), which keeps each case to the replay's own time. A case
 * replays only the tests its deviation touches; the others keep their outcome on the unmodified
 * target, whose answers they would get again (touched.ts). The case with ten deviations at once
 * replays every test.
 */

const root = path.resolve(__dirname, '../../..');
const SITE = 'www.lessons.test';
const NAMES = REFERENCE_NAMES;
const ROLES = { ...ROLE_HOSTS, TARGET_REDIRECTOR_URL: NAMES[5] };

let reference: SharedReference;
let pki: TestPki;
let proxy: MutatingProxy;

beforeAll(async () => {
  ({ reference, pki, proxy } = await startProxiedReference(NAMES, 'Replay Mutating Proxy Root'));
}, WHOLE_RUN_MS);

afterAll(async () => {
  await stopProxiedReference({ reference, pki, proxy });
});

const on =
  (predicate: (e: ProxiedExchange) => boolean, change: Mutation): Mutation =>
  (e) => {
    if (predicate(e)) change(e);
  };
const setHeader = (e: ProxiedExchange, name: string, value: string) => {
  e.lines = [...e.lines.filter(([n]) => n !== name), [name, value]];
};
const path0 = (e: ProxiedExchange) => e.path.split('?')[0];
const isHome = (e: ProxiedExchange) => e.host === SITE && e.path === '/';

function targetEnv(): Record<string, string> {
  const env = proxy.targetEnv(ROLES, pki.caFile);
  env.TARGET_REDIRECTOR_URL = NAMES.slice(5, 8)
    .map((n) => `https://${n}:${proxy.port}`)
    .join(',');
  return env;
}

const SPECS = loadSpecs(path.join(root, 'specs'), CHECKS);

/** Through Playwright, as a user runs the replay: each test's status and its failure message. */
async function playwrightOutcomes(): Promise<Map<string, Outcome>> {
  const results = await runForOutcomes(root, ['tests/replay.test.ts', '--project', 'raw'], targetEnv());
  return new Map(results.map((r) => [r.title.split(' › ').pop()!, { status: r.status as Outcome['status'], message: r.message }]));
}

/** The same tests, replayed in process: all at once, or (`hand`) each case's touched tests only (touched.ts). */
const outcomes = () => replayOutcomes(loadTargetMap(withTestBudgets(targetEnv())), SPECS);
let hand: TouchedRuns;
beforeAll(() => {
  hand = touchedReplay(proxy, targetEnv, SPECS, 'hand-written');
});
const outcomesUnder = async (mutation: Mutation) => (await hand.under(mutation)).outcomes;

test(
  'the unmodified reference behind the proxy passes every mapped replay test; OCSP is skipped as not mapped',
  async () => {
    proxy.setMutation(undefined);
    const results = await playwrightOutcomes();
    // In process, item by item: the answers each test got, which the cases below start from.
    const inProcess = await hand.cleanOutcomes();
    // The in-process judgement the other cases use agrees with Playwright's, test by test.
    expect([...inProcess].map(([id, r]) => `${id}: ${r.status}`).sort()).toEqual([...results].map(([id, r]) => `${id}: ${r.status}`).sort());
    // Exactly one test per item of the hand-written specs, exchanges and flows alike.
    expect([...results.keys()].sort()).toEqual(SPECS.flatMap((f) => [...f.exchanges, ...(f.flows ?? [])].map((i) => i.id)).sort());
    const bad = [...results].filter(([id, r]) => (id.startsWith('ocsp/') ? r.status !== 'skipped' : r.status !== 'passed'));
    expect(bad.map(([id, r]) => `${id}: ${r.status} ${r.message}`)).toEqual([]);
  },
  WHOLE_RUN_MS,
);

// Rows have five elements each: a shorter row would make Jest take the test's last parameter for `done`.
const CASES: Array<[string, Mutation, string[], RegExp, Record<string, RegExp>]> = [
  [
    'a header changed (theme stylesheet cached for a day)',
    on(
      (e) => path0(e).endsWith('/assets/base.css'),
      (e) => setHeader(e, 'cache-control', 'public, max-age=86400'),
    ),
    ['shop/theme/css'],
    /shop\/theme\/css header cache-control: expected "public, max-age=31557600", got "public, max-age=86400"/,
    {},
  ],
  [
    'a cookie attribute dropped (ARRAffinitySameSite without SameSite=None)',
    on(isHome, (e) => {
      e.lines = e.lines.map(([n, v]) => [n, n === 'set-cookie' ? v.replace(';SameSite=None', '') : v]);
    }),
    ['site/home'],
    /site\/home cookie ARRAffinitySameSite samesite: expected "None", got "\(absent\)"/,
    {},
  ],
  [
    'a body size changed (the 452-byte icon cut short)',
    on(
      (e) => path0(e) === '/cdn-cgi/images/icon-exclamation.png',
      (e) => (e.body = e.body.subarray(0, 400)),
    ),
    ['redirector/icon'],
    /redirector\/icon body size: expected "452", got "400"/,
    {},
  ],
  [
    'the home page repetition of X-Frame-Options dropped over HTTP/1.1',
    on(
      (e) => isHome(e) && e.httpVersion === '1.1',
      (e) => setHeader(e, 'x-frame-options', 'SAMEORIGIN'),
    ),
    // Every test that fetches the home page sees the protocols differ; site/home also checks the repetition.
    ['site/home', 'site/visitor-flip', 'bare/redirect-to-www'],
    /parity header x-frame-options: expected "h2 as h1: SAMEORIGIN", got "h2: SAMEORIGIN, SAMEORIGIN"/,
    {
      'site/home':
        /site\/home header x-frame-options \(h1 only\): expected "the list SAMEORIGIN, SAMEORIGIN \(2 members, in one field line or several\)", got "SAMEORIGIN \(1 member\)"/,
    },
  ],
  [
    // Not a deviation: "repeated twice, comma-separated" is one field value, on two lines or one (RFC 9110 §5.3).
    'the home page X-Frame-Options joined into one line on both protocols',
    on(isHome, (e) => {
      const values = e.lines.filter(([n]) => n === 'x-frame-options').map(([, v]) => v);
      setHeader(e, 'x-frame-options', values.join(', '));
    }),
    [],
    /^$/,
    {},
  ],
  [
    'a CORS answer that stops echoing the Origin',
    on(
      (e) => path0(e) === '/ccm/collect' && e.method === 'POST',
      (e) => setHeader(e, 'access-control-allow-origin', '*'),
    ),
    ['analytics/collect', 'analytics/collect-echoes-origin'],
    /analytics\/collect(-echoes-origin\/(site|other))? header access-control-allow-origin: expected "(https:\/\/www\.lessons\.test:\d+|https:\/\/other-origin\.example)", got "\*"/,
    {},
  ],
];

// The home page's stylesheet names a PNG too (a background): a browser loads it, so discovery finds it; both are broken here.
const isSiteStylesheet = (e: ProxiedExchange) => e.host === SITE && /^\/static\/css\/[^/?]+\.css(\?|$)/.test(e.path);

test(
  'a home page (and its stylesheet) that link no PNG image of the described shape: every exchange on the discovered PNG fails with what was looked for, what they link and every source looked at',
  async () => {
    const results = await outcomesUnder(
      on(
        (e) => isHome(e) || isSiteStylesheet(e),
        (e) => rewriteText(e, (text) => text.replace(/\.png\b/g, '.PNG')),
      ),
    );
    const failed = [...results].filter(([id, r]) => r.status !== 'passed' && !(id.startsWith('ocsp/') && r.status === 'skipped'));
    expect(failed.map(([id]) => id).sort()).toEqual([
      'site/static/conditional',
      'site/static/head',
      'site/static/if-none-match-other',
      'site/static/png',
      'site/static/range',
      'site/static/range-unsatisfiable',
    ]);
    expect(results.get('site/static/png')?.message).toMatch(
      /site\/static\/png discover: expected "an address of the shape \/\{section\}\/img\/\{name\}\.png \(img\[src\], img\[srcset\], source\[src\], source\[srcset\], css\) on https:\/\/www\.lessons\.test:\d+\/", got "https:\/\/www\.lessons\.test:\d+\/ links nothing of the shape; it links https:\/\/www\.lessons\.test:\d+\/static\/img\/logo\.PNG, /,
    );
    expect(results.get('site/static/png')?.message).toMatch(
      /; looked at https:\/\/www\.lessons\.test:\d+\/ \(the page\), https:\/\/www\.lessons\.test:\d+\/static\/css\/main\.css\?lw=\w+ \(stylesheet linked by https:\/\/www\.lessons\.test:\d+\/\)"/,
    );
    expect(results.get('site/static/conditional')?.message).toMatch(/site\/static\/conditional\/get discover: expected "an address of the shape/);
  },
  WHOLE_RUN_MS,
);

/** Several deviations on disjoint resources in one run: each fails exactly its own tests, with its own message. */
const mapCookies = (e: ProxiedExchange, f: (line: string) => string) => {
  e.lines = e.lines.map(([n, v]) => [n, n === 'set-cookie' ? f(v) : v]);
};
/** Each with the hand-written tests that own it (MANY_OWNERS below holds their messages). */
const MANY: Array<{ what: string; mutation: Mutation; owners: string[] }> = [
  {
    what: 'analytics cookie expiring after nine years',
    owners: ['site/home', 'site/visitor-flip'],
    mutation: on(isHome, (e) =>
      mapCookies(e, (l) =>
        l.startsWith('SC_ANALYTICS') ? l.replace(/expires=[^;]+/, `expires=${new Date(Date.now() + 9 * 365 * 86400e3).toUTCString()}`) : l,
      ),
    ),
  },
  {
    what: 'session cookie sent once',
    owners: ['site/home'],
    mutation: on(isHome, (e) => {
      let seen = false;
      e.lines = e.lines.filter(([n, v]) => !(n === 'set-cookie' && v.startsWith('ASP.NET_SessionId') && (seen ? true : ((seen = true), false))));
    }),
  },
  {
    what: 'woff2 served as application/octet-stream',
    owners: ['site/static/woff2'],
    mutation: on(
      (e) => e.host === SITE && path0(e).endsWith('.woff2'),
      (e) => setHeader(e, 'content-type', 'application/octet-stream'),
    ),
  },
  {
    what: 'site stylesheet with a weak ETag',
    owners: ['site/static/css', 'site/static/css-unversioned'],
    mutation: on(
      (e) => e.host === SITE && path0(e).endsWith('/css/main.css'),
      (e) => setHeader(e, 'etag', 'W/"abc"'),
    ),
  },
  {
    what: 'visitor flag flip that changes the id',
    owners: ['site/visitor-identification/flip', 'site/visitor-flip'],
    mutation: on(
      (e) => path0(e).endsWith('VisitorIdentificationCSS.aspx'),
      (e) => mapCookies(e, (l) => l.replace(/=[0-9a-f]{32}\|/, `=${'f'.repeat(32)}|`)),
    ),
  },
  {
    what: 'lesson-plan answer cacheable and with another referrer-policy',
    owners: ['site/lesson-plan/empty'],
    mutation: on(
      (e) => path0(e).startsWith('/api/'),
      (e) => (setHeader(e, 'cache-control', 'private, max-age=60'), setHeader(e, 'referrer-policy', 'no-referrer')),
    ),
  },
  {
    what: 'malformed path answered 404',
    owners: ['site/malformed-path', 'site/malformed-to-maintenance'],
    mutation: on(
      (e) => e.host === SITE && e.path.startsWith('/%7B'),
      (e) => (e.status = 404),
    ),
  },
  {
    what: 'bare host redirecting with 302',
    owners: ['bare/root', 'bare/redirect-to-www'],
    mutation: on(
      (e) => e.host === NAMES[1],
      (e) => (e.status = 302),
    ),
  },
  {
    what: 'media cached for a day',
    owners: ['assets/media/icon', 'assets/media/subject', 'assets/media/head'],
    mutation: on(
      (e) => e.host === NAMES[2],
      (e) => setHeader(e, 'cache-control', 'public, max-age=86400'),
    ),
  },
  {
    what: 'maintenance document without its BOM',
    owners: ['maintenance/page'],
    mutation: on(
      (e) => e.host === NAMES[3],
      (e) => (e.body = e.body.subarray(3)),
    ),
  },
];
const MANY_OWNERS: Record<string, RegExp> = {
  'site/home':
    /(?=[\s\S]*site\/home cookie SC_ANALYTICS_GLOBAL_COOKIE expires: expected "Date \+ 315792000 s \(3655 d\) \(± 518400 s \(6 d\)\))(?=[\s\S]*site\/home check cookie\/expires-matches-lifetime SC_ANALYTICS_GLOBAL_COOKIE)(?=[\s\S]*site\/home check cookie\/session-cookie-sent-twice: expected "one cookie not named by the description, on exactly 2 Set-Cookie lines)/,
  'site/visitor-flip': /site\/visitor-flip\/(home cookie SC_ANALYTICS_GLOBAL_COOKIE expires|css check cookie\/flip-keeps-id)/,
  'site/static/woff2': /site\/static\/woff2 header content-type: expected "application\/font-woff2", got "application\/octet-stream"/,
  'site/static/css': /site\/static\/css header etag: expected "iis-etag \(.*\)", got "W\/\\"abc\\""/,
  'site/static/css-unversioned': /site\/static\/css-unversioned header etag: expected "iis-etag/,
  'site/visitor-identification/flip':
    /site\/visitor-identification\/flip cookie SC_ANALYTICS_GLOBAL_COOKIE value: expected "0123456789abcdef0123456789abcdef\|True", got "‹secret: 32 chars›\|True"/,
  'site/lesson-plan/empty':
    /(?=[\s\S]*site\/lesson-plan\/empty header cache-control: expected "no-cache", got "private, max-age=60")(?=[\s\S]*security\/header-set-per-role referrer-policy: expected "no-referrer-when-downgrade", got "no-referrer")/,
  'site/malformed-path': /site\/malformed-path status: expected "302", got "404"/,
  'site/malformed-to-maintenance': /site\/malformed-to-maintenance\/redirect status: expected "302", got "404"/,
  'bare/root': /bare\/root status: expected "301", got "302"/,
  'bare/redirect-to-www': /bare\/redirect-to-www\/bare status: expected "301", got "302"/,
  'assets/media/icon': /assets\/media\/icon header cache-control: expected "public, max-age=604800", got "public, max-age=86400"/,
  'assets/media/subject': /assets\/media\/subject header cache-control: expected "public, max-age=604800"/,
  'assets/media/head': /assets\/media\/head header cache-control: expected "public, max-age=604800"/,
  'maintenance/page': /maintenance\/page body size: expected "246", got "243"/,
};

test(
  'a target with ten deviations at once fails exactly the tests that own them, each with its own message',
  async () => {
    proxy.setMutation((e) => {
      for (const m of MANY) m.mutation(e);
    });
    const results = await outcomes();
    const failed = [...results].filter(([id, r]) => r.status !== 'passed' && !(id.startsWith('ocsp/') && r.status === 'skipped'));
    expect(failed.filter(([id]) => !(id in MANY_OWNERS)).map(([id, r]) => `${id}: ${r.status} ${r.message}`)).toEqual([]);
    expect(failed.map(([id]) => id).sort()).toEqual(Object.keys(MANY_OWNERS).sort());
    expect([...new Set(MANY.flatMap((m) => m.owners))].sort()).toEqual(Object.keys(MANY_OWNERS).sort());
    for (const [id, re] of Object.entries(MANY_OWNERS)) expect(`${id}: ${results.get(id)?.message}`).toMatch(re);
  },
  WHOLE_RUN_MS,
);

test.each(CASES)('a target with %s fails exactly the owning replay tests', async (_name, mutation, owners, message, perTest) => {
  const { outcomes: results, ran } = await hand.under(mutation);
  // The owners are among the tests its deviation touches, so they were replayed against it.
  expect(owners.filter((id) => !ran.includes(id))).toEqual([]);
  const failed = [...results].filter(([id, r]) => r.status !== 'passed' && !(id.startsWith('ocsp/') && r.status === 'skipped'));
  // A test that fails and owns no deviation shows its message: what it saw is the lead.
  expect(failed.filter(([id]) => !owners.includes(id)).map(([id, r]) => `${id}: ${r.status} ${r.message}`)).toEqual([]);
  expect(failed.map(([id]) => id).sort()).toEqual([...owners].sort());
  for (const [, r] of failed) expect(r.message).toMatch(message);
  for (const [id, re] of Object.entries(perTest)) expect(results.get(id)?.message).toMatch(re);
});

/*
 * Specs derived by har2spec from the reference's recordings (one deployment) against the same
 * deviations: replayed one deviation at a time, each counts as caught where a derived test fails.
 * The hand-written count replays the tests that own each deviation. The derived specs must catch
 * at least 90% of what the hand-written ones catch, and pass on the unmodified target.
 */
test(
  'specs derived from one deployment catch at least 90% of the deviations the hand-written specs catch',
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'derived-detects-'));
    try {
      writeDerivedSpecs(dir);
      const derived = loadSpecs(dir, CHECKS);
      const failing = (results: Map<string, Outcome>) =>
        [...results].filter(([id, r]) => r.status !== 'passed' && !(id.startsWith('ocsp/') && r.status === 'skipped'));
      const fromHar = touchedReplay(proxy, targetEnv, derived, 'derived');
      const clean = failing(await fromHar.cleanOutcomes());
      expect(clean.map(([id, r]) => `${id}: ${r.message}`)).toEqual([]);
      const deviations = [...CASES.filter(([, , owners]) => owners.length > 0).map(([what, mutation, owners]) => ({ what, mutation, owners })), ...MANY];
      const caught = { hand: [] as string[], derived: [] as string[] };
      const why = new Map<string, string>();
      for (const d of deviations) {
        proxy.setMutation(d.mutation);
        if (failing(await replayOutcomes(loadTargetMap(withTestBudgets(targetEnv())), onlyItems(SPECS, new Set(d.owners)))).length) caught.hand.push(d.what);
        const derivedOutcomes = (await fromHar.under(d.mutation)).outcomes;
        if (failing(derivedOutcomes).length) caught.derived.push(d.what);
        else {
          // Why the derived specs let it pass: they saw it only as a warning (a fact only the capture shows), or no derived test reads it.
          const warned = [...derivedOutcomes.values()].flatMap((r) => (r.findings ?? []).filter((f) => f.verdict === 'warn').map((f) => f.id));
          why.set(d.what, warned.length ? `only a warning: ${[...new Set(warned)].join(', ')}` : 'no derived expectation reads it');
        }
      }
      const missed = caught.hand.filter((w) => !caught.derived.includes(w));
      console.log(
        `deviations caught: hand-written ${caught.hand.length} of ${deviations.length} (${caught.hand.join('; ')}), derived ${caught.derived.length} of ${deviations.length}; ` +
          `missed by the derived specs: ${missed.map((w) => `${w} (${why.get(w)})`).join('; ') || 'none'}`,
      );
      expect(caught.hand.length).toBe(deviations.length);
      expect(caught.derived.length).toBeGreaterThanOrEqual(Math.ceil(0.9 * caught.hand.length));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
  WHOLE_RUN_MS,
);
