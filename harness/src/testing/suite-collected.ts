/**
 * Test support: the whole suite that `playwright test` runs (every spec folder's replay, the raw
 * flows, the browser flows and the HTTP/3 one), run in process against one target and collected as
 * the reporter collects each test: what `buildResults` turns into the run's results.json. A test
 * that checks what a failing run concludes pays no Playwright runner, which starts a new worker
 * after every failing test (about 0.9 CPU-s each: the first three-causes run failed 46).
 *
 * Each case is the Playwright test's own (harness/src/cases/), titled and annotated as the test
 * files title them; `listedTests` reads what Playwright lists for the same variables, so a test
 * holds the two sets equal. What only a Playwright run has is not here: the global set-up's reads
 * (the clients read the section's page and the discovery pages as they go), a browser flow's HAR
 * and screenshot, and the redaction of attachments (the run's credentials are the test's own).
 */
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { conclude, type FailOn, type Finding, type TargetOrigin } from '../core';
import { CHECKS } from '../checks';
import { httpCredentialsFor } from '../browser/extra-headers';
import { targetBrowserLaunch } from '../browser/launch';
import { quicLaunch } from '../browser/quic';
import { interceptRequests } from '../browser/request-gate';
import { runBrowserFlowCase } from '../cases/browser-flow';
import { runRawFlowCase } from '../cases/raw-flow';
import { runReplayCase } from '../cases/replay';
import { flowEnvironment } from '../flows/browser/environment';
import { BROWSER_FLOWS, BROWSER_H3_FLOWS } from '../flows/browser/flows';
import type { BrowserFlow } from '../flows/browser/session';
import { RAW_FLOWS, type RawFlowTest } from '../flows/raw/registry';
import type { KnownOnDay } from '../known';
import { checkedRecord } from '../record/check';
import { newBrowserFlowRecord, roleAnnotation, type TestRecord } from '../record';
import type { CollectedTest } from '../report/collected';
import { ReplayClients } from '../replay';
import { serviceEndpoints } from '../replay/h3';
import { judgedAsOfFolder, parseSpecFolders } from '../settings/spec-folders';
import { harnessSettings } from '../settings/harness';
import { loadSpecFolders, type SpecSet } from '../spec-model/spec-folders';
import type { SpecFile } from '../spec-model/types';
import { loadTargetMap, type TargetMap } from '../target-map';
import { pool } from './pool';
import { playwrightCli } from './playwright-cli';

type Annotation = { type: string; description?: string };

/** Where a test sits in the suite, as Playwright names it. */
interface CaseHead {
  project: 'raw' | 'browser';
  file: string;
  titlePath: string[];
  annotations: Annotation[];
}

/** What a case concluded: a skip (with its record when it ran), or a record and the findings its assertion judges. */
type CaseEnd = { skipped: string; record?: TestRecord } | { record: TestRecord; findings: readonly Finding[]; ran: readonly string[] };

/** One test as the reporter collects it: its record attached as `findings`, its status that of tests/support/assert.ts's assertion. */
function collect(head: CaseHead, end: CaseEnd, failOn: FailOn): CollectedTest {
  const attachments = end.record ? [{ name: 'findings', contentType: 'application/json', body: Buffer.from(JSON.stringify(checkedRecord(end.record))) }] : [];
  const base = { ...head, durationMs: 1, retry: 0, startTime: new Date().toISOString(), attachments };
  if ('skipped' in end) {
    const annotations = [...head.annotations, { type: 'skip', description: end.skipped }];
    return { ...base, annotations, status: 'skipped', expectedStatus: 'skipped', errors: [], assertionFailed: false };
  }
  const j = conclude(head.titlePath[head.titlePath.length - 1], end.findings, failOn, end.ran);
  return { ...base, status: j.passed ? 'passed' : 'failed', expectedStatus: 'passed', errors: j.passed ? [] : [j.message], assertionFailed: !j.passed };
}

export interface ReplayCollectOptions {
  failOn?: FailOn;
  /** Items replayed at once (default 4). */
  concurrency?: number;
  known?: KnownOnDay;
  /** The clients to replay with (closed by their owner); by default clients of their own. */
  clients?: ReplayClients;
}

/** Every exchange and flow of the spec sets replayed as tests/replay.test.ts replays it (a folder other than specs/ at its own levels). */
export async function replayCollected(
  map: TargetMap,
  sets: readonly SpecSet[] | readonly SpecFile[],
  options: ReplayCollectOptions = {},
): Promise<CollectedTest[]> {
  const { failOn = 'fail', concurrency = 4, known } = options;
  const clients = options.clients ?? new ReplayClients(map);
  // Spec files alone are judged by who answers; a spec folder other than specs/, at its own levels.
  const groups: Array<{ specs: readonly SpecFile[]; judgedAs?: TargetOrigin }> =
    sets.length && 'folder' in sets[0]
      ? (sets as SpecSet[]).map((s) => ({ specs: s.specs, judgedAs: judgedAsOfFolder(s.folder) }))
      : [{ specs: sets as SpecFile[] }];
  try {
    const items = groups.flatMap(({ specs, judgedAs }) =>
      specs.flatMap((spec) => [...spec.exchanges, ...(spec.flows ?? [])].map((item) => ({ spec, item, judgedAs }))),
    );
    return await pool(items, concurrency, async ({ spec, item, judgedAs }) => {
      const kind = 'steps' in item ? 'flow' : 'exchange';
      const head: CaseHead = {
        project: 'raw',
        file: 'tests/replay.test.ts',
        titlePath: [spec.role, item.id],
        annotations: [{ type: kind, description: item.title }, roleAnnotation(spec.role)],
      };
      const run = await runReplayCase(item, clients, { role: spec.role, ...(judgedAs ? { judgedAs } : {}), ...(known ? { known } : {}) });
      if ('unmapped' in run) return collect(head, { skipped: run.unmapped }, failOn);
      const legs = run.record.legs.filter((l) => l.skipped).map((l) => ({ type: `${l.protocol} skipped`, description: l.skipped }));
      const withLegs = { ...head, annotations: [...head.annotations, ...legs] };
      if (run.record.skipped !== undefined) return collect(withLegs, { skipped: run.record.skipped, record: run.record }, failOn);
      return collect(withLegs, run, failOn);
    });
  } finally {
    if (!options.clients) await clients.close();
  }
}

/** Every raw flow of the registry, file by file, as tests/flows/flow-test.ts runs it. */
async function rawFlowsCollected(clients: ReplayClients, sets: readonly SpecSet[], failOn: FailOn, known?: KnownOnDay): Promise<CollectedTest[]> {
  const out: CollectedTest[] = [];
  for (const [key, make] of Object.entries(RAW_FLOWS) as Array<[string, (s: readonly SpecSet[]) => RawFlowTest[]]>) {
    for (const flow of make(sets)) {
      const head: CaseHead = {
        project: 'raw',
        file: `tests/flows/${key}.test.ts`,
        titlePath: [flow.title],
        annotations: [{ type: 'flow', description: flow.description }, roleAnnotation(flow.roles[0] ?? 'service')],
      };
      const run = await runRawFlowCase(flow, clients, known);
      if ('unmapped' in run) out.push(collect(head, { skipped: run.unmapped }, failOn));
      else out.push(collect(head, run.skipped !== undefined ? { skipped: run.skipped, record: run.record } : run, failOn));
    }
  }
  return out;
}

/** A flow context as tests/support/browser.ts makes it (credentials for their one origin, certificate errors ignored only with TARGET_INSECURE=1). */
async function flowContext(browser: Browser, map: TargetMap): Promise<BrowserContext> {
  const credentials = httpCredentialsFor(map);
  return browser.newContext({ ignoreHTTPSErrors: map.insecure, ...(credentials ? { httpCredentials: credentials } : {}) });
}

/** Launched as the browser project's worker launches it: from the target map, every request through the gate. */
async function launched(map: TargetMap, launch = targetBrowserLaunch(map)): Promise<Browser> {
  const browser = await chromium.launch(launch.options);
  await interceptRequests(browser, map);
  return browser;
}

/** Every browser flow, one after another in a fresh context, and the HTTP/3 flow in a Chromium forced to the advertised endpoints. */
async function browserFlowsCollected(map: TargetMap, env: NodeJS.ProcessEnv, h1: ReplayClients['h1'], known?: KnownOnDay): Promise<CollectedTest[]> {
  const environment = flowEnvironment(map, parseSpecFolders(env), env);
  const head = (flow: { role: BrowserFlow['role']; id: string; title: string }, file: string): CaseHead => ({
    project: 'browser',
    file,
    titlePath: [flow.role, flow.id],
    annotations: [{ type: 'flow', description: flow.title }, roleAnnotation(flow.role)],
  });
  const runIn = async (browser: Browser, flow: BrowserFlow): Promise<CollectedTest> => {
    const context = await flowContext(browser, map);
    try {
      const { record } = await runBrowserFlowCase(flow, context, environment, known);
      const end: CaseEnd = record.skipped !== undefined ? { skipped: record.skipped, record } : { record, findings: record.findings, ran: [] };
      return collect(head(flow, 'tests/browser'), end, environment.failOn);
    } finally {
      await Promise.race([context.close().catch(() => undefined), new Promise((r) => setTimeout(r, environment.timeouts.settleMs).unref())]);
    }
  };
  const out: CollectedTest[] = [];
  const browser = await launched(map);
  try {
    for (const flow of BROWSER_FLOWS) out.push(await runIn(browser, flow));
  } finally {
    await browser.close();
  }
  const endpoints = map.h3Off ? [] : await serviceEndpoints(map, h1);
  const off = map.h3Off ?? (endpoints.length ? undefined : 'no role advertises HTTP/3 (Alt-Svc h3): service/http3-seen judges that');
  for (const make of BROWSER_H3_FLOWS) {
    const named = make([]);
    if (off !== undefined) {
      const record = newBrowserFlowRecord({ role: named.role, id: named.id, title: named.title, target: map.origin });
      record.skipped = off;
      out.push(collect(head(named, 'tests/browser'), { skipped: off, record }, environment.failOn));
      continue;
    }
    const quic = await launched(map, quicLaunch(targetBrowserLaunch(map), endpoints));
    try {
      out.push(await runIn(quic, make(endpoints)));
    } finally {
      await quic.close();
    }
  }
  return out;
}

/**
 * The whole suite against the target `env` describes (its TARGET_* and HARNESS_* variables, the
 * test budgets applied by the caller): the replay of every spec folder of HARNESS_SPECS, the raw
 * flows and the browser flows, in Playwright's order of projects.
 */
export async function suiteCollected(env: NodeJS.ProcessEnv, known?: KnownOnDay): Promise<CollectedTest[]> {
  const map = loadTargetMap(env);
  const failOn = harnessSettings(env).failOn;
  const sets = loadSpecFolders(parseSpecFolders(env), CHECKS);
  const replay = new ReplayClients(map);
  // The flows' clients share the replay's HTTP/3 browser, as the workers of a run each have one.
  const flows = new ReplayClients(map, replay.h3 ? { h3Client: replay.h3 } : { h3: false });
  try {
    const replayed = await replayCollected(map, sets, { failOn, clients: replay, ...(known ? { known } : {}) });
    const raw = await rawFlowsCollected(flows, sets, failOn, known);
    return [...replayed, ...raw, ...(await browserFlowsCollected(map, env, replay.h1, known))];
  } finally {
    await flows.close();
    await replay.close();
  }
}

/** A test as both sides name it: its project and title path. */
export const testName = (t: { project: string; titlePath: readonly string[] }): string => `[${t.project}] ${t.titlePath.join(' › ')}`;

interface ListedSuite {
  title: string;
  suites?: ListedSuite[];
  specs?: Array<{ title: string; tests: Array<{ projectName: string }> }>;
}

/** The tests `playwright test --list` names for these variables (no set-up runs, no request is sent), sorted. */
export async function listedTests(env: Record<string, string>): Promise<string[]> {
  const run = await playwrightCli(['test', '--list', '--reporter=json'], env);
  if (run.code !== 0) throw new Error(`playwright test --list exited ${run.code}: ${run.stderr.slice(-2000)}`);
  const out: string[] = [];
  // The root's suites are files (no title of the test's path); below them, describe blocks, then specs.
  const walk = (suite: ListedSuite, titles: string[]) => {
    for (const s of suite.suites ?? []) walk(s, [...titles, s.title]);
    for (const spec of suite.specs ?? []) for (const t of spec.tests) out.push(testName({ project: t.projectName, titlePath: [...titles, spec.title] }));
  };
  for (const file of (JSON.parse(run.stdout) as { suites: ListedSuite[] }).suites) walk(file, []);
  return out.sort();
}
