/**
 * The HTTP/3 browser flow's premise, the same wherever it runs (tests/support/browser.ts, and the
 * suite in process: testing/suite-collected.ts): the endpoints every role advertises (Alt-Svc h3
 * on an answer over HTTP/1.1), or why there are none; and the record of the flow skipped for that
 * reason, so the report shows the flow and why it did not run.
 */
import type { Dispatcher } from 'undici';
import type { BrowserH3Flow } from '../flows/browser/flows';
import { newBrowserFlowRecord, type BrowserFlowRecord } from '../record';
import { serviceEndpoints } from '../replay/h3';
import type { QuicEndpoint } from '../target-map/browser';
import type { TargetMap } from '../target-map';

export interface Http3Premise {
  endpoints: QuicEndpoint[];
  /** Why there is no HTTP/3 browser: TARGET_H3=0, an embedded reference without its edge, no role advertising h3. */
  off?: string;
}

export async function http3Premise(map: TargetMap, h1: Dispatcher): Promise<Http3Premise> {
  const endpoints = map.h3Off ? [] : await serviceEndpoints(map, h1);
  const off = map.h3Off ?? (endpoints.length ? undefined : 'no role advertises HTTP/3 (Alt-Svc h3): service/http3-seen judges that');
  return { endpoints, ...(off !== undefined ? { off } : {}) };
}

/** The flow's record when it cannot run: skipped, with the reason. */
export function http3FlowSkipped(make: BrowserH3Flow, map: TargetMap, off: string): BrowserFlowRecord {
  const named = make([]);
  const record = newBrowserFlowRecord({ role: named.role, id: named.id, title: named.title, target: map.origin });
  record.skipped = off;
  return record;
}
