/**
 * The version of the test record (`record/types.ts`). Raise it when a field changes meaning or a
 * reader could no longer read an older record; `results.json` names the version its tests wrote.
 */
export const RECORD_VERSION = 'harness-record/1';
