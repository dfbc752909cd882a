/**
 * The version of the test record (`record/types.ts`). Raise it when a field changes meaning or a
 * reader could no longer read an older record; `results.json` names the version its tests wrote.
 */
// 2: a step's noise is structured (RecordedNoise: status, fields, presence, cookies, body), no longer words.
// 3: nodes. A record names the addresses asked (`nodes`), each leg and finding its node; the certs flow's `certificate` became `certificates`, one per node.
export const RECORD_VERSION = 'harness-record/3';
