/**
 * `runFlow`, which never lets a flow end without a verdict: an unmapped role or a missing value
 * skips it with the reason, and a flow that overruns its budget or throws ends as a finding, never
 * as a bare Playwright timeout.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { closeToInput } from '../../browser/input-gate';
import { newBrowserFlowRecord, type BrowserFlowRecord } from '../../record';
import { roleUrls, skipReason } from '../../target-map';
import { nodesFor } from '../../target-map/nodes';
import { MissingValueError } from '../../spec-model/placeholders';
import type { FlowEnvironment } from './environment';
import { FlowAbort } from './errors';
import type { SupplementEntry } from './har-supplement';
import { FlowSession, type BrowserFlow } from './session';

export interface FlowRun {
  record: BrowserFlowRecord;
  page: Page;
  /** HAR entries to add to the flow's recording (see FlowSession.noteForHar). */
  harSupplement: SupplementEntry[];
}

/** Runs one flow in a fresh page of `context`; always returns a record. */
export async function runFlow(flow: BrowserFlow, context: BrowserContext, env: FlowEnvironment): Promise<FlowRun> {
  const page = await context.newPage();
  // No input reaches the page until the flow acts (see input-gate.ts: Chromium's synthesized pointer).
  const input = await closeToInput(context, page);
  const harSupplement: SupplementEntry[] = [];
  const record = newBrowserFlowRecord({ role: flow.role, id: flow.id, title: flow.title, target: env.map.origin });
  // Chromium resolves a name to its first node (its resolver rules): a flow on a pool says which node it stayed on.
  const home = roleUrls(env.map, flow.role)[0];
  const node = home ? nodesFor(env.map, home)[0] : undefined;
  if (node) record.node = node;
  const unmapped = flow.requires.filter((r) => skipReason(env.map, r) !== undefined);
  if (unmapped.length) {
    record.skipped = `${unmapped.join(', ')}: role not mapped`;
    return { record, page, harSupplement };
  }
  const missing = (flow.values ?? []).filter((name) => env.values[`{value:${name}}`] === undefined);
  if (missing.length) {
    record.skipped = missing.map((name) => new MissingValueError(name).message).join('; ');
    return { record, page, harSupplement };
  }
  const s = new FlowSession(flow, page, context, env, input);
  const budget = env.timeouts.flowMs;
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<'overrun'>((resolve) => {
    timer = setTimeout(() => resolve('overrun'), budget);
  });
  const running = flow.run(s).then(
    () => 'done' as const,
    (e: unknown) => e,
  );
  const outcome = await Promise.race([running, overrun]);
  clearTimeout(timer);
  if (outcome === 'overrun') {
    const pending = await s.network
      .snapshot()
      .then((all) => all.filter((r) => r.pending).map((r) => `${r.method} ${s.label(r.url)}`))
      .catch(() => []);
    s.findings.add(`${flow.id} run`, 'error', `the flow finished within ${budget / 1000} s`, `still running after ${budget / 1000} s`, {
      message: pending.length ? `pending: ${pending.join(', ')}` : 'no request pending: a step waited on the page',
    });
  } else if (outcome !== 'done' && !(outcome instanceof FlowAbort)) {
    const e = outcome as Error;
    s.findings.add(`${flow.id} run`, 'error', 'the flow ran to its end', `${e?.name ?? 'Error'}: ${String(e?.message ?? e).split('\n')[0]}`, {
      message: String(e?.stack ?? e)
        .split('\n')
        .slice(0, 3)
        .map((l) => l.trim())
        .join(' | ')
        .slice(0, 600),
    });
  }
  record.findings = s.findings.items;
  if (s.redirects.length) record.redirects = s.redirects;
  for (const e of await Promise.all(s.harSupplement)) if (e) harSupplement.push(e);
  return { record, page, harSupplement };
}
