/**
 * The replay, as the tests, the flows and the differential mode use it: the clients of a target
 * (`clients.ts`), one item replayed (`item.ts`: its legs sent by `step.ts`, judged by `evaluate-leg.ts`),
 * and the record it writes (`record.ts`).
 */
export { chromiumOverQuic, ReplayClients, type BeforeRequest } from './clients';
export { replayItem, replayWithAnswers } from './item';
export { bodyError, stepNoise, type ReplayAnswers } from './evaluate-leg';
export { allFindings, PROTOCOLS, responseRecord } from './response-record';
export { buildRequest, replayPlaceholders } from './request';
export { missFinding, resolveDiscover } from './discovered';
export type { ReplayOptions, SentStep } from './step';
export { sendObserved, transportAspect, transportFinding } from './exchange';
