import * as path from 'node:path';
import { valueVariables } from '../embedded/start-reference';
import { sharedReference, type SharedReference } from './reference-per-kind';
import { runForOutcomes } from './playwright-outcomes';
import { REFERENCE_NAMES } from './reference-names';
import { WHOLE_RUN_MS } from './budgets';
import { CHECKS } from '../checks';
import { RAW_FLOWS } from '../flows/raw/registry';
import { parseSpecFolders } from '../settings/spec-folders';
import { loadSpecFolders } from '../spec-model/spec-folders';

/*
 * TARGET_* point the run at another server: a second reference on its own ports, addressed by
 * the production-looking names on their default ports through `--connect-to` style
 * TARGET_RESOLVE entries (host:443:127.0.0.1:<port>) and its root through TARGET_CA.
 */
const root = path.resolve(__dirname, '../../..');
const GREP = 'site/home|site/static/css$|bare/|redirector/favicon|ocsp/|compression/(site|assets)/|conditional/site/css|redirects/';
let reference: SharedReference;

beforeAll(async () => {
  reference = await sharedReference('default');
}, WHOLE_RUN_MS);
afterAll(async () => reference?.stop());

test(
  'the raw replay and flows pass against a second reference reached by name through TARGET_RESOLVE and TARGET_CA',
  async () => {
    const { tlsPort, httpPort, rootPath } = reference.ready;
    const tlsNames = REFERENCE_NAMES;
    const env = {
      TARGET_URL: 'https://www.lessons.test',
      TARGET_BARE_URL: 'https://lessons.test',
      TARGET_ASSETS_URL: 'https://media.lessons.test',
      TARGET_MAINTENANCE_URL: 'https://maintenance.lessons.test',
      TARGET_SHOP_URL: 'https://shop.store.test',
      TARGET_REDIRECTOR_URL: 'https://go.redirect.test,https://hop2.redirect.test,https://hop3.redirect.test',
      TARGET_ANALYTICS_URL: 'https://analytics.beacon.test',
      TARGET_OCSP_URL: 'http://r10.o.pki.test,http://r11.o.pki.test',
      TARGET_RESOLVE: [
        ...tlsNames.map((n) => `${n}:443:127.0.0.1:${tlsPort}`),
        `r10.o.pki.test:80:127.0.0.1:${httpPort}`,
        `r11.o.pki.test:80:127.0.0.1:${httpPort}`,
      ].join(','),
      TARGET_CA: rootPath,
      ...valueVariables(reference.ready.values),
      HARNESS_REPORT_DIR: path.join(root, 'reports', 'second-instance'),
    };
    const results = await runForOutcomes(root, ['tests/replay.test.ts', 'tests/flows', '--project', 'raw', '--grep', GREP], env);
    // Exactly the tests the grep selects: the spec items of specs/ and the raw flows of tests/flows whose title it matches.
    const sets = loadSpecFolders(parseSpecFolders({}, root), CHECKS);
    const titles = [
      ...sets.flatMap((set) => set.specs.flatMap((f) => [...f.exchanges, ...(f.flows ?? [])].map((i) => i.id))),
      ...Object.values(RAW_FLOWS).flatMap((make) => make(sets).map((t) => t.title)),
    ];
    const selected = new RegExp(GREP);
    expect(results.map((r) => r.title.split(' › ').pop()).sort()).toEqual(titles.filter((t) => selected.test(t)).sort());
    const bad = results.filter((r) => r.status !== 'passed').map((r) => `${r.title}: ${r.status} ${r.message}`);
    expect(bad).toEqual([]);
    // The OCSP flows ran (not skipped): the live status of the site's certificate was checked by name.
    expect(results.some((r) => r.title.endsWith('ocsp/live/site') && r.status === 'passed')).toBe(true);
  },
  WHOLE_RUN_MS,
);
