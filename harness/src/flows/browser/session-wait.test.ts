/**
 * A wait for a response that runs out while its trigger is still running (a slow machine) ends as
 * the flow's finding, and never as an unhandled rejection outside the flow.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { loadTargetMap } from '../../target-map';
import type { FlowEnvironment } from './environment';
import { FlowAbort } from './errors';
import { FlowSession, type BrowserFlow } from './session';

const FLOW: BrowserFlow = { id: 'site/browser/test', role: 'site', title: 't', clause: 'c', requires: ['site'], har: 'test', run: async () => undefined };

function session(waitMs: number): FlowSession {
  const page = {
    on: () => page,
    waitForResponse: () =>
      new Promise((_, reject) => setTimeout(() => reject(new Error(`Timeout ${waitMs}ms exceeded while waiting for event "response"`)), waitMs)),
  } as unknown as Page;
  const env = {
    map: loadTargetMap({ TARGET_URL: 'https://www.example.test' }),
    timeouts: { navigationMs: 100, settleMs: 100, responseMs: waitMs, flowMs: 1000 },
  } as unknown as FlowEnvironment;
  return new FlowSession(FLOW, page, {} as BrowserContext, env);
}

test('the wait runs out before its trigger ends: a finding, and no unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const listener = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', listener);
  try {
    const s = session(10);
    const slowTrigger = () => new Promise((resolve) => setTimeout(resolve, 200));
    await expect(s.waitForResponse('the lookup', () => true, slowTrigger)).rejects.toBeInstanceOf(FlowAbort);
    // Unhandled rejections are reported after the microtask queue drains: give them their turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
    expect(s.findings.items.map((f) => [f.id, f.verdict, f.expected, f.actual])).toEqual([
      ['site/browser/test the lookup', 'fail', 'the lookup within 0.01 s', 'no such response after 0.01 s'],
    ]);
  } finally {
    process.off('unhandledRejection', listener);
  }
});
