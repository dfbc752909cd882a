import * as path from 'node:path';
import { CHECKS } from '../checks';
import type { SharedReference } from './reference-per-kind';
import { loadSpecs } from '../spec-model/load';
import { loadTargetMap } from '../target-map';
import type { TestPki } from '../target-map/test-pki';
import type { MutatingProxy, Mutation, ProxiedExchange } from './mutating-proxy';
import { replayOutcomes } from './outcomes';
import { startProxiedReference, stopProxiedReference } from './proxied-reference';
import { REFERENCE_NAMES, ROLE_HOSTS } from './reference-names';
import { WHOLE_RUN_MS, withTestBudgets } from './budgets';

/*
 * Deviations in files whose addresses the replay discovers: the reference's second deployment
 * (its own section, file names, theme number and font family) behind a proxy that breaks five of
 * its files at once. Each fails the exchanges replayed on that file, found on the target's pages.
 * Replayed in process and judged as the Playwright tests judge (core's `judge`), with the
 * deployment's `{section}` given as a user may give it (reading it from the home page is
 * tests/flows/section.test.ts's business).
 */

const root = path.resolve(__dirname, '../../..');
/** The second deployment's names: the reference's, with its own favicon-chain hops (checked against its ready line below). */
const ALT_HOPS = ['relay.redirect.test', 'landing.redirect.test'];
const NAMES = REFERENCE_NAMES.map((n) => (n === 'hop2.redirect.test' ? ALT_HOPS[0] : n === 'hop3.redirect.test' ? ALT_HOPS[1] : n));
const ROLES = ROLE_HOSTS;

let reference: SharedReference;
let pki: TestPki;
let proxy: MutatingProxy;

beforeAll(async () => {
  ({ reference, pki, proxy } = await startProxiedReference(NAMES, 'Discovered Files Proxy Root', ['--deployment', 'alt']));
  expect(reference.ready.urls.redirector.map((u) => new URL(u).hostname)).toEqual(['go.redirect.test', ...ALT_HOPS]);
}, WHOLE_RUN_MS);

afterAll(async () => {
  await stopProxiedReference({ reference, pki, proxy });
});

const file = (e: ProxiedExchange) => e.path.split('?')[0];
const set = (e: ProxiedExchange, name: string, value: string) => {
  e.lines = [...e.lines.filter(([n]) => n !== name), [name, value]];
};
const DEVIATIONS: Array<[string, (e: ProxiedExchange) => boolean, (e: ProxiedExchange) => void]> = [
  ["a wrong MIME type on the site's own PNG", (e) => file(e) === '/content/img/brand-mark.png', (e) => set(e, 'content-type', 'image/jpeg')],
  ["a weak ETag on the site's own stylesheet", (e) => file(e) === '/content/css/portal.css', (e) => set(e, 'etag', 'W/"1d2c3b4a"')],
  ["a short max-age on the theme's own stylesheet", (e) => file(e).endsWith('/assets/theme.css'), (e) => set(e, 'cache-control', 'public, max-age=300')],
  [
    "a wrong type on the storefront's own font",
    (e) => file(e).startsWith('/cdn/fonts/portal_serif/'),
    (e) => set(e, 'content-type', 'application/octet-stream'),
  ],
  [
    "the site's own WOFF2 without its signature bytes",
    (e) => file(e) === '/content/fonts/portal-glyphs.woff2' && e.status === 200,
    (e) => (e.body = Buffer.concat([Buffer.from('0000', 'hex'), e.body.subarray(2)])),
  ],
];

test(
  'five deviations in discovered files fail exactly the exchanges replayed on them, each with its deviation',
  async () => {
    const mutation: Mutation = (e) => {
      for (const [, applies, change] of DEVIATIONS) if (applies(e)) change(e);
    };
    proxy.setMutation(mutation);
    const env = {
      ...proxy.targetEnv(ROLES, pki.caFile),
      TARGET_REDIRECTOR_URL: NAMES.slice(5, 8)
        .map((n) => `https://${n}:${proxy.port}`)
        .join(','),
    };
    const byId = await replayOutcomes(
      loadTargetMap(withTestBudgets({ ...env, TARGET_SECTION: reference.ready.section })),
      loadSpecs(path.join(root, 'specs'), CHECKS),
    );
    const failed = [...byId].filter(([id, r]) => r.status !== 'passed' && !(id.startsWith('ocsp/') && r.status === 'skipped')).map(([id]) => id);
    expect(failed.sort()).toEqual(
      [
        'site/static/png',
        'site/static/head',
        'site/static/range',
        'site/static/css',
        'site/static/css-unversioned',
        'shop/theme/css',
        'shop/font',
        'site/static/woff2',
      ].sort(),
    );
    const message = (id: string) => `${id}: ${byId.get(id)?.message ?? ''}`;
    expect(message('site/static/png')).toMatch(/site\/static\/png header content-type: expected "image\/png", got "image\/jpeg"/);
    expect(message('site/static/css')).toMatch(/site\/static\/css header etag: expected "iis-etag .*", got "W\/\\"1d2c3b4a\\""/);
    expect(message('shop/theme/css')).toMatch(/shop\/theme\/css header cache-control: expected "public, max-age=31557600", got "public, max-age=300"/);
    expect(message('shop/font')).toMatch(/shop\/font header content-type: expected "font\/woff2", got "application\/octet-stream"/);
    expect(message('site/static/woff2')).toMatch(
      /site\/static\/woff2 body starts-with: expected "starts with bytes 774f4632", got "starts with bytes 00004632"/,
    );
  },
  WHOLE_RUN_MS,
);
