/**
 * Test support: the suite's cases run in process, each named as its Playwright test is named and
 * ended as it ends (a skip with its reason, or a record with the findings its assertion judges);
 * then read either as an outcome (`outcomeOf`: what the detection tests compare, outcomes.ts) or
 * as the reporter collects the test (`collectedOf`: what `buildResults` reads, suite-collected.ts).
 * Either way the conclusion is core's `conclude`, which tests/support/assert.ts asserts.
 */
import type { Browser, BrowserContext } from '@playwright/test';
import { conclude, type FailOn, type Finding, type TargetOrigin } from '../core';
import { targetContextOptions } from '../browser/context-options';
import { runBrowserFlowCase } from '../cases/browser-flow';
import { runRawFlowCase } from '../cases/raw-flow';
import { runReplayCase } from '../cases/replay';
import type { FlowEnvironment } from '../flows/browser/environment';
import type { BrowserFlow } from '../flows/browser/session';
import type { RawFlowTest } from '../flows/raw/registry';
import { roleAnnotation, type TestRecord } from '../record';
import { checkedRecord } from '../record/check';
import type { CollectedTest } from '../report/collected';
import { ReplayClients } from '../replay';
import type { SpecFile } from '../spec-model/types';
import type { TargetMap } from '../target-map';
import { pool } from './pool';

type Annotation = { type: string; description?: string };

/** Where a test sits in the suite, as Playwright names it. */
export interface CaseHead {
  project: 'raw' | 'browser';
  file: string;
  titlePath: string[];
  annotations: Annotation[];
}

/** How a case ended: a skip (with its record when it ran), or a record and the findings its assertion judges over the protocols that ran. */
export type CaseEnd = { skipped: string; record?: TestRecord } | { record: TestRecord; findings: readonly Finding[]; ran: readonly string[] };

export interface CaseRun {
  head: CaseHead;
  end: CaseEnd;
}

export interface Outcome {
  status: 'passed' | 'failed' | 'skipped';
  message: string;
  /** The case's findings (a case that ran). */
  findings?: readonly Finding[];
}

/** The id a case's findings and failure message carry: the last title of its path. */
const idOf = (head: CaseHead): string => head.titlePath[head.titlePath.length - 1];

/** What a case concludes, as the detection tests compare it: its record checked against the schema, as an attached one is. */
export function outcomeOf(run: CaseRun, failOn: FailOn): Outcome {
  if (run.end.record) checkedRecord(run.end.record);
  return concluded(run, failOn);
}

/** The case's conclusion: core's `conclude`, which tests/support/assert.ts asserts. */
function concluded({ head, end }: CaseRun, failOn: FailOn): Outcome {
  if ('skipped' in end) return { status: 'skipped', message: end.skipped };
  const j = conclude(idOf(head), end.findings, failOn, end.ran);
  return { status: j.passed ? 'passed' : 'failed', message: j.passed ? '' : j.message, findings: end.findings };
}

/** A case as the reporter collects its test: the record attached as `findings`, the status that of the test's assertion, a skip annotated with its reason. */
export function collectedOf(run: CaseRun, failOn: FailOn): CollectedTest {
  const { head, end } = run;
  const attachments = end.record ? [{ name: 'findings', contentType: 'application/json', body: Buffer.from(JSON.stringify(checkedRecord(end.record))) }] : [];
  const base = { ...head, durationMs: 1, retry: 0, startTime: new Date().toISOString(), attachments };
  if ('skipped' in end)
    return {
      ...base,
      annotations: [...head.annotations, { type: 'skip', description: end.skipped }],
      status: 'skipped',
      expectedStatus: 'skipped',
      errors: [],
      assertionFailed: false,
    };
  const { status, message } = concluded(run, failOn);
  const passed = status === 'passed';
  return { ...base, status: passed ? 'passed' : 'failed', expectedStatus: 'passed', errors: passed ? [] : [message], assertionFailed: !passed };
}

/** Spec files replayed together, judged by who answers unless `judgedAs` says (a spec folder other than specs/: at its own levels). */
export interface SpecGroup {
  specs: readonly SpecFile[];
  judgedAs?: TargetOrigin;
}

export interface ReplayRunOptions {
  /** Items replayed at once (default 4). */
  concurrency?: number;
  /** The clients to replay with (closed by their owner); by default clients of their own. */
  clients?: ReplayClients;
  /** Called as each item starts; with `concurrency: 1`, every request until the next call is that item's. */
  onItem?: (id: string) => void;
}

/** Every exchange and flow of the groups replayed as tests/replay.test.ts replays it, in the specs' order. */
export async function replayRuns(map: TargetMap, groups: readonly SpecGroup[], options: ReplayRunOptions = {}): Promise<CaseRun[]> {
  const { concurrency = 4, onItem } = options;
  const clients = options.clients ?? new ReplayClients(map);
  try {
    const items = groups.flatMap(({ specs, judgedAs }) =>
      specs.flatMap((spec) => [...spec.exchanges, ...(spec.flows ?? [])].map((item) => ({ spec, item, judgedAs }))),
    );
    return await pool(items, concurrency, async ({ spec, item, judgedAs }): Promise<CaseRun> => {
      onItem?.(item.id);
      const head: CaseHead = {
        project: 'raw',
        file: 'tests/replay.test.ts',
        titlePath: [spec.role, item.id],
        annotations: [{ type: 'steps' in item ? 'flow' : 'exchange', description: item.title }, roleAnnotation(spec.role)],
      };
      const run = await runReplayCase(item, clients, { role: spec.role, ...(judgedAs ? { judgedAs } : {}) });
      if ('unmapped' in run) return { head, end: { skipped: run.unmapped } };
      const legs = run.record.legs.filter((l) => l.skipped).map((l) => ({ type: `${l.protocol} skipped`, description: l.skipped }));
      const withLegs = { ...head, annotations: [...head.annotations, ...legs] };
      return { head: withLegs, end: run.record.skipped !== undefined ? { skipped: run.record.skipped, record: run.record } : run };
    });
  } finally {
    if (!options.clients) await clients.close();
  }
}

/** One raw flow as tests/flows/flow-test.ts runs it, in the file `tests/flows/<file>.test.ts`. */
export async function rawFlowRun(flow: RawFlowTest, file: string, clients: ReplayClients): Promise<CaseRun> {
  const head: CaseHead = {
    project: 'raw',
    file: `tests/flows/${file}.test.ts`,
    titlePath: [flow.title],
    annotations: [{ type: 'flow', description: flow.description }, roleAnnotation(flow.roles[0] ?? 'service')],
  };
  const run = await runRawFlowCase(flow, clients);
  if ('unmapped' in run) return { head, end: { skipped: run.unmapped } };
  return { head, end: run.skipped !== undefined ? { skipped: run.skipped, record: run.record } : run };
}

/** A flow's context as tests/support/browser.ts makes it: credentials for their one origin, certificate errors ignored only with TARGET_INSECURE=1. */
async function flowContext(browser: Browser, map: TargetMap): Promise<BrowserContext> {
  return browser.newContext(targetContextOptions(map));
}

/** A browser flow's test as tests/support/browser.ts names it (its file is the test's key only: they are compared by title path). */
export function browserHead(flow: Pick<BrowserFlow, 'role' | 'id' | 'title'>): CaseHead {
  return {
    project: 'browser',
    file: 'tests/browser',
    titlePath: [flow.role, flow.id],
    annotations: [{ type: 'flow', description: flow.title }, roleAnnotation(flow.role)],
  };
}

/** One browser flow as tests/support/browser.ts runs it, in a fresh context of `browser` (closed within the settle budget). */
export async function browserFlowRun(browser: Browser, flow: BrowserFlow, environment: FlowEnvironment): Promise<CaseRun> {
  const head = browserHead(flow);
  const context = await flowContext(browser, environment.map);
  try {
    const { record } = await runBrowserFlowCase(flow, context, environment);
    return { head, end: record.skipped !== undefined ? { skipped: record.skipped, record } : { record, findings: record.findings, ran: [] } };
  } finally {
    await Promise.race([context.close().catch(() => undefined), new Promise((r) => setTimeout(r, environment.timeouts.settleMs).unref())]);
  }
}
