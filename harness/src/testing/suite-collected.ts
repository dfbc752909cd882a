/**
 * Test support: the whole suite that `playwright test` runs (every spec folder's replay, the raw
 * flows, the browser flows and the HTTP/3 one), run in process against one target and collected as
 * the reporter collects each test: what `buildResults` turns into the run's results.json. A test
 * that checks what a failing run concludes pays no Playwright runner, which starts a new worker
 * after every failing test (about 0.9 CPU-s each: the first three-causes run failed 46).
 *
 * Each case is the Playwright test's own (harness/src/cases/, run and collected by
 * case-runs.ts), titled and annotated as the test files title them; `listedTests` reads what
 * Playwright lists for the same variables, so a test holds the two sets equal. What only a
 * Playwright run has is not here: the global set-up's reads (the clients read the section's page
 * and the discovery pages as they go), a browser flow's HAR and screenshot, the redaction of
 * attachments (the run's credentials are the test's own), and the run's known deviations
 * (HARNESS_KNOWN: the test that applies them runs Playwright).
 */
import { chromium, type Browser } from '@playwright/test';
import type { FailOn } from '../core';
import { CHECKS } from '../checks';
import { targetBrowserLaunch } from '../browser/launch';
import { quicLaunch } from '../browser/quic';
import { interceptRequests } from '../browser/request-gate';
import { flowEnvironment } from '../flows/browser/environment';
import { BROWSER_FLOWS, BROWSER_H3_FLOWS } from '../flows/browser/flows';
import { RAW_FLOWS, type RawFlowTest } from '../flows/raw/registry';
import type { CollectedTest } from '../report/collected';
import { ReplayClients } from '../replay';
import { http3FlowSkipped, http3Premise } from '../cases/http3-flow';
import { judgedAsOfFolder, parseSpecFolders } from '../settings/spec-folders';
import { harnessSettings } from '../settings/harness';
import { loadSpecFolders, type SpecSet } from '../spec-model/spec-folders';
import type { SpecFile } from '../spec-model/types';
import { loadTargetMap, type TargetMap } from '../target-map';
import { browserFlowRun, browserHead, collectedOf, rawFlowRun, replayRuns } from './case-runs';
import { playwrightCli } from './playwright-cli';

/** Every exchange and flow of `specs` replayed as tests/replay.test.ts replays it (judged by who answers), collected. */
export async function replayCollected(map: TargetMap, specs: readonly SpecFile[], failOn: FailOn = 'fail'): Promise<CollectedTest[]> {
  return (await replayRuns(map, [{ specs }])).map((run) => collectedOf(run, failOn));
}

/** Every raw flow of the registry, file by file, as tests/flows/flow-test.ts runs them. */
async function rawFlowsCollected(clients: ReplayClients, sets: readonly SpecSet[], failOn: FailOn): Promise<CollectedTest[]> {
  const out: CollectedTest[] = [];
  for (const [file, make] of Object.entries(RAW_FLOWS) as Array<[string, (s: readonly SpecSet[]) => RawFlowTest[]]>)
    for (const flow of make(sets)) out.push(collectedOf(await rawFlowRun(flow, file, clients), failOn));
  return out;
}

/** Launched as the browser project's worker launches it: from the target map, every request through the gate. */
async function launched(map: TargetMap, launch = targetBrowserLaunch(map)): Promise<Browser> {
  const browser = await chromium.launch(launch.options);
  await interceptRequests(browser, map);
  return browser;
}

/** Every browser flow, one after another in a fresh context, and the HTTP/3 flow in a Chromium forced to the advertised endpoints. */
async function browserFlowsCollected(map: TargetMap, env: NodeJS.ProcessEnv, h1: ReplayClients['h1']): Promise<CollectedTest[]> {
  const environment = flowEnvironment(map, parseSpecFolders(env), env);
  const out: CollectedTest[] = [];
  const browser = await launched(map);
  try {
    for (const flow of BROWSER_FLOWS) out.push(collectedOf(await browserFlowRun(browser, flow, environment), environment.failOn));
  } finally {
    await browser.close();
  }
  const { endpoints, off } = await http3Premise(map, h1);
  for (const make of BROWSER_H3_FLOWS) {
    if (off !== undefined) {
      out.push(collectedOf({ head: browserHead(make([])), end: { skipped: off, record: http3FlowSkipped(make, map, off) } }, environment.failOn));
      continue;
    }
    const quic = await launched(map, quicLaunch(targetBrowserLaunch(map), endpoints));
    try {
      out.push(collectedOf(await browserFlowRun(quic, make(endpoints), environment), environment.failOn));
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
export async function suiteCollected(env: NodeJS.ProcessEnv): Promise<CollectedTest[]> {
  const map = loadTargetMap(env);
  const failOn = harnessSettings(env).failOn;
  const sets = loadSpecFolders(parseSpecFolders(env), CHECKS);
  const replay = new ReplayClients(map);
  // The flows' clients share the replay's HTTP/3 browser, as the workers of a run each have one.
  const flows = new ReplayClients(map, replay.h3 ? { h3Client: replay.h3 } : { h3: false });
  try {
    // Each spec folder judged as the replay judges it: a folder other than specs/ at its own levels.
    const groups = sets.map((s) => {
      const judgedAs = judgedAsOfFolder(s.folder);
      return { specs: s.specs, ...(judgedAs ? { judgedAs } : {}) };
    });
    const replayed = (await replayRuns(map, groups, { clients: replay })).map((run) => collectedOf(run, failOn));
    const raw = await rawFlowsCollected(flows, sets, failOn);
    return [...replayed, ...raw, ...(await browserFlowsCollected(map, env, replay.h1))];
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
