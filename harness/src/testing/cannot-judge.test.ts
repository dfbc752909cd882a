/**
 * A target that cannot be judged stops the run at its set-up, within the connect budget (plus a
 * few seconds to start and stop), with exit status 2 and one line per role naming what failed and
 * the variable to check: a refused port, a silent one, a certificate for other names. A target one
 * of whose roles cannot be reached is judged for the others; that role's tests are skipped with
 * why, and the run says it could not judge it (exit 2).
 */
import * as net from 'node:net';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { targetEnvOf } from '../embedded/start-reference';
import { sharedReference, type SharedReference } from './reference-per-kind';
import type { ConformanceResults } from '../report/types';
import { WHOLE_RUN_MS } from './budgets';
import { playwrightCli } from './playwright-cli';

const CONNECT_MS = 3000;
let reference: SharedReference;
let silent: net.Server;
const sockets = new Set<net.Socket>();
let silentPort: number;
let refusedPort: number;
let work: string;

beforeAll(async () => {
  reference = await sharedReference('default');
  silent = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  silentPort = (silent.address() as net.AddressInfo).port;
  // A port nothing listens on: taken, then freed.
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  refusedPort = (probe.address() as net.AddressInfo).port;
  await new Promise((r) => probe.close(r));
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cannot-judge-'));
}, WHOLE_RUN_MS);

afterAll(async () => {
  await reference?.stop();
  for (const s of sockets) s.destroy();
  await new Promise((r) => silent?.close(r));
  fs.rmSync(work, { recursive: true, force: true });
});

const site = (port: number, name = 'www.example.test') => ({ TARGET_URL: `https://${name}:${port}`, TARGET_RESOLVE: `${name}:${port}:127.0.0.1` });

test.each<[string, () => Record<string, string>, RegExp]>([
  [
    'a refused port',
    () => site(refusedPort),
    /^ {2}site: https:\/\/www\.example\.test:\d+: connection refused at 127\.0\.0\.1:\d+ \(TARGET_RESOLVE\); check TARGET_RESOLVE and that the target is up$/m,
  ],
  [
    'a silent port',
    () => site(silentPort),
    new RegExp(
      `^ {2}site: https://www\\.example\\.test:\\d+: no answer within ${CONNECT_MS} ms from 127\\.0\\.0\\.1:\\d+ \\(TARGET_RESOLVE\\); check TARGET_RESOLVE, a firewall, or HARNESS_CONNECT_TIMEOUT_MS$`,
      'm',
    ),
  ],
  [
    'a certificate for other names',
    () => ({ ...site(reference.ready.tlsPort), TARGET_CA: reference.ready.rootPath }),
    /^ {2}site: https:\/\/www\.example\.test:\d+: its certificate is not for www\.example\.test \(.*\); check TARGET_URL, or TARGET_RESOLVE if it sends this name elsewhere$/m,
  ],
])(
  '%s: the run ends at set-up, within the connect budget, exit 2, one message',
  async (_what, env, message) => {
    const started = Date.now();
    const run = await playwrightCli(['test'], {
      ...env(),
      HARNESS_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
      HARNESS_REPORT_DIR: path.join(work, String(started)),
    });
    const took = Date.now() - started;
    expect(run.code).toBe(2);
    expect(`${run.stdout}\n${run.stderr}`).toMatch(message);
    expect(`${run.stdout}\n${run.stderr}`).toMatch(/no role of the target answered, so nothing can be judged/);
    // No test ran, no stack trace was printed.
    expect(run.stdout).not.toMatch(/✘|✓|\d+ passed|\d+ failed/);
    expect(`${run.stdout}\n${run.stderr}`).not.toMatch(/^\s+at /m);
    expect(took).toBeLessThan(CONNECT_MS + 5000 + 8000);
  },
  WHOLE_RUN_MS,
);

test(
  'one role not reached: the others are judged, its tests skipped with why, the run says it could not judge it (exit 2)',
  async () => {
    const env = targetEnvOf(reference.ready);
    delete env.HARNESS_TARGET_KIND;
    env.TARGET_SHOP_URL = `https://shop.store.test:${refusedPort}`;
    env.TARGET_RESOLVE = `${env.TARGET_RESOLVE},shop.store.test:${refusedPort}:127.0.0.1`;
    const out = path.join(work, 'partial');
    const run = await playwrightCli(['test', 'tests/replay.test.ts', '--project', 'raw', '--grep', 'site/home$|shop/product$'], {
      ...env,
      HARNESS_REPORT_DIR: out,
    });
    expect(run.code).toBe(2);
    const results = JSON.parse(fs.readFileSync(path.join(out, 'results.json'), 'utf8')) as ConformanceResults;
    const shop = results.tests.find((t) => t.role === 'shop')!;
    const home = results.tests.find((t) => t.role === 'site')!;
    expect([shop.status, shop.skipped]).toEqual([
      'skipped',
      `role not reachable: https://shop.store.test:${refusedPort}: connection refused at 127.0.0.1:${refusedPort} (TARGET_RESOLVE); check TARGET_RESOLVE and that the target is up`,
    ]);
    expect([home.id, home.status]).toEqual(['site/home', 'passed']);
    expect(results.tests).toHaveLength(2);
    expect(results.run.runErrors).toEqual([
      expect.stringMatching(/^target role shop not reached, so not judged: https:\/\/shop\.store\.test:\d+: connection refused/),
    ]);
  },
  WHOLE_RUN_MS,
);
