import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { playwrightCli, ROOT } from './playwright-cli';
import type { ConformanceResults } from '../report/types';
import { WHOLE_RUN_MS } from './budgets';

/*
 * HARNESS_SPECS as a user sets it: a second spec folder beside specs/, whose files define the same
 * ids (a copy, as derived files of the same service would), runs side by side with it: every id of
 * each folder prefixed with the folder's name, the raw flows built from each folder too, and the
 * report naming each folder's files. A bad value stops the run before any test, naming it.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-folders-run-'));
const derived = path.join(work, 'derived');
fs.mkdirSync(derived);
for (const f of ['site.json', 'redirector.json']) fs.copyFileSync(path.join(ROOT, 'specs', f), path.join(derived, f.replace('.json', '.derived.json')));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const SPECS = `specs,${derived}`;

test(
  'two folders with the same ids: each test titled by its folder, the raw flows of each folder listed',
  async () => {
    const run = await playwrightCli(['test', '--list', '--project', 'raw'], { HARNESS_SPECS: SPECS });
    expect(`${run.code}\n${run.stderr.slice(-1500)}`).toMatch(/^0\n/);
    for (const title of [
      'site › specs:site/home',
      'site › derived:site/home',
      'redirector › derived:redirector/favicon-chain',
      'derived:compression/site/css',
      'specs:conditional/site/png',
      'derived:redirects/redirector/favicon-chain',
    ])
      expect([title, run.stdout.includes(title)]).toEqual([title, true]);
    expect(run.stdout).not.toMatch(/› site\/home$/m);
  },
  WHOLE_RUN_MS,
);

test(
  'the same test from each folder runs against the reference and passes; the report names every file of both folders',
  async () => {
    const dir = path.join(work, 'report');
    const run = await playwrightCli(['test', '--project', 'raw', '--grep', '(specs|derived):site/home$'], { HARNESS_SPECS: SPECS, HARNESS_REPORT_DIR: dir });
    expect(`${run.code}\n${run.stdout.slice(-2000)}`).toMatch(/^0\n/);
    const results = JSON.parse(fs.readFileSync(path.join(dir, 'results.json'), 'utf8')) as ConformanceResults;
    expect(results.tests.map((t) => `${t.id} ${t.status}`).sort()).toEqual(['derived:site/home passed', 'specs:site/home passed']);
    expect(results.tests.find((t) => t.id === 'derived:site/home')!.expectations.some((e) => e.id === 'derived:site/home status' && e.verdict === 'pass')).toBe(
      true,
    );
    expect(results.run.spec.files).toEqual(
      expect.arrayContaining(['specs/site.json', 'specs/shop.json', 'derived/redirector.derived.json', 'derived/site.derived.json']),
    );
  },
  WHOLE_RUN_MS,
);

test(
  'a folder that does not exist stops the run before any test, naming HARNESS_SPECS and the folder',
  async () => {
    const run = await playwrightCli(['test', '--project', 'raw', '--grep', 'site/home$'], {
      HARNESS_SPECS: `specs,${path.join(work, 'nowhere')}`,
      HARNESS_REPORT_DIR: path.join(work, 'bad'),
    });
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain(`HARNESS_SPECS: "specs,${path.join(work, 'nowhere')}" names ${path.join(work, 'nowhere')}, which does not exist`);
    expect(run.stdout).not.toMatch(/✓|passed/);
  },
  WHOLE_RUN_MS,
);
