import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { playwrightCli } from './playwright-cli';
import type { ConformanceResults } from '../report/types';
import { WHOLE_RUN_MS } from './budgets';

/*
 * The raw replay's `network` kind: an address only a page's script builds (the reference's
 * tracking pixel) is found in what Chromium requested while the run's set-up loaded the page, and
 * the exchange is replayed on it; a shape the browser never requested fails, naming the browser's
 * requests among the sources looked at.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'network-discovery-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const exchange = (id: string, template: string) => ({
  id,
  title: 'The tracking pixel the home page builds in script',
  clause: 'Third-party beacons called by the site: GET tracking beacon with query parameters a..h -> 200, image/gif, 1x1 pixel (43 bytes)',
  source: 'capture',
  request: { path: '{{found}}' },
  discover: { from: '{base_url}/', select: ['network'], template },
  expect: { status: 200, headers: { 'content-type': 'image/gif' }, body: { size: 43 } },
});

test(
  'a beacon built by script is found in the browser requests of the set-up, and replayed; a shape never requested fails naming them',
  async () => {
    const dir = path.join(work, 'network');
    fs.mkdirSync(dir);
    fs.writeFileSync(
      path.join(dir, 'analytics.json'),
      JSON.stringify({
        $schema: './spec.schema.json',
        role: 'analytics',
        version: 1,
        exchanges: [exchange('analytics/beacon-found', '{analytics_url}/{file}.gif'), exchange('analytics/beacon-never', '{analytics_url}/{file}.png')],
      }),
    );
    const report = path.join(work, 'report');
    const run = await playwrightCli(['test', '--project', 'raw', '--grep', 'analytics/beacon-'], { HARNESS_SPECS: dir, HARNESS_REPORT_DIR: report });
    const results = JSON.parse(fs.readFileSync(path.join(report, 'results.json'), 'utf8')) as ConformanceResults;
    expect(results.tests.map((t) => `${t.id} ${t.status}`).sort()).toEqual(['analytics/beacon-found passed', 'analytics/beacon-never failed']);
    expect(run.code).toBe(1);
    const found = results.tests.find((t) => t.id === 'analytics/beacon-found')!.legs![0].steps[0];
    expect(found.discovered).toMatchObject({ via: 'network', url: expect.stringMatching(/^https:\/\/analytics\.beacon\.test:\d+\/t\.gif\?a=/) });
    const miss = results.tests.find((t) => t.id === 'analytics/beacon-never')!.expectations.find((e) => e.id === 'analytics/beacon-never discover')!;
    expect(miss.verdict).toBe('fail');
    expect(miss.findings[0].actual).toMatch(
      /^https:\/\/www\.lessons\.test:\d+\/ links nothing of the shape; it links .* and \d+ more; looked at https:\/\/www\.lessons\.test:\d+\/ \(the page\), https:\/\/www\.lessons\.test:\d+\/ \(the browser's requests for the page\), /,
    );
  },
  WHOLE_RUN_MS,
);
