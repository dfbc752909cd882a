import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { playwrightCli, REPORTER } from '../playwright-cli';
import type { ConformanceResults } from '../../report/types';
import { makeTestPki, type TestPki } from '../../target-map/test-pki';
import { startMisbehaving } from './misbehaving';

/*
 * The whole run, as a user starts it, against a target that misbehaves: it must end by its own
 * limits (the request timeout, the body cap), not Playwright's test timeout, exit 1, and leave an
 * intact report (results.json, junit.xml, index.html) whose one `error` names the exchange and
 * the cause, never a pass.
 */
const NAME = 'www.broken.test';
let pki: TestPki;
let work: string;

beforeAll(() => {
  pki = makeTestPki([NAME], 'Report Intact Root');
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'report-intact-'));
});
afterAll(() => {
  pki?.cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

const REQUEST_TIMEOUT_MS = 2500;
const BODY_CAP_BYTES = 1024 * 1024;

/** Ended by the request timer: the head may come after it on a loaded machine, which is no fault of the target's. */
const WITHIN_REQUEST_TIMEOUT = new RegExp(`^no complete response within ${REQUEST_TIMEOUT_MS} ms \\((no response head|status 200 and \\d+ body bytes)\\)$`);

/** The one error expectation of site/home, by its id, and the cause its finding gives after `site: <url>: `. */
const CAUSES: Record<Kind, Array<[string, RegExp]>> = {
  // 100 bytes announced, one a second: the request timeout ends it.
  slow: [['site/home transport', WITHIN_REQUEST_TIMEOUT]],
  // 1 GiB sent as fast as it is read: the cap or the request timeout, whichever the machine reaches first.
  'giant-body': [
    ['site/home body', new RegExp(`^body larger than the cap, truncated to ${BODY_CAP_BYTES} bytes$`)],
    ['site/home transport', WITHIN_REQUEST_TIMEOUT],
  ],
  // 500 of 1000 bytes, then the connection closed.
  'close-mid-body': [['site/home transport', /^other side closed \(UND_ERR_SOCKET\)$/]],
};

type Kind = 'slow' | 'giant-body' | 'close-mid-body';
const KINDS: readonly Kind[] = ['slow', 'giant-body', 'close-mid-body'];

/** One whole run against each misbehaving target, the three side by side: each waits on its own target's limits. */
let runs: Promise<Record<Kind, { url: string; code: number | null; out: string }>> | undefined;
function runAll() {
  runs ??= (async () => {
    const entries = await Promise.all(
      KINDS.map(async (kind) => {
        const target = await startMisbehaving(kind, pki, pki);
        const out = path.join(work, kind);
        const url = `${target.scheme}://${NAME}:${target.port}`;
        try {
          // Runs side by side each have their own output folders (Playwright clears its own when it starts).
          const own = [`--output=${path.join(work, `${kind}-results`)}`, `--reporter=${REPORTER}`];
          const run = await playwrightCli(['test', 'tests/replay.test.ts', '--project', 'raw', '--grep', 'site/home$', ...own], {
            TARGET_URL: url,
            TARGET_RESOLVE: `${NAME}:${target.port}:127.0.0.1`,
            TARGET_CA: pki.caFile,
            // A short request timeout where a timer ends the case; the test budget where the target's close does.
            ...(kind === 'close-mid-body' ? {} : { HARNESS_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) }),
            HARNESS_BODY_CAP_BYTES: String(BODY_CAP_BYTES),
            HARNESS_REPORT_DIR: out,
            PW_WORKERS: '1',
          });
          return [kind, { url, code: run.code, out }] as const;
        } finally {
          await target.close();
        }
      }),
    );
    return Object.fromEntries(entries) as Record<Kind, { url: string; code: number | null; out: string }>;
  })();
  return runs;
}

test.each(KINDS)('a target that is %s leaves an intact report with an error', async (kind) => {
  const { url, code, out } = (await runAll())[kind];
  expect(code).toBe(1);
  const results = JSON.parse(fs.readFileSync(path.join(out, 'results.json'), 'utf8')) as ConformanceResults;
  // The test failed on its findings (not `timedOut`: the harness's own limits ended the exchange).
  expect(results.tests.map((t) => [t.id, t.status])).toEqual([['site/home', 'failed']]);
  expect([results.run.playwrightStatus, results.run.status]).toEqual(['failed', 'failed']);
  const home = results.tests[0];
  // Exactly one error, on the h1 leg (the target offers no h2), naming the URL and the cause.
  expect(results.totals.error).toBe(1);
  const errors = home.expectations.flatMap((e) => e.findings.filter((f) => f.verdict === 'error').map((f) => ({ expectation: e.id, ...f })));
  expect(errors).toHaveLength(1);
  const [error] = errors;
  expect([error.expectation, error.protocol]).toEqual([error.id, 'h1']);
  expect(CAUSES[kind].map(([id]) => id)).toContain(error.id);
  const prefix = `site: ${url}/: `;
  expect(error.message?.slice(0, prefix.length)).toBe(prefix);
  expect(error.message!.slice(prefix.length)).toMatch(CAUSES[kind].find(([id]) => id === error.id)![1]);
  expect(home.errors.join('\n')).toContain(`${error.id}: error: ${error.message}`);
  const junit = fs.readFileSync(path.join(out, 'junit.xml'), 'utf8');
  expect(junit).toMatch(/<error /);
  expect(junit).toContain(error.id);
  expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toMatch(/<\/html>\s*$/);
});
