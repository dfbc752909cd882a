/**
 * The contract of a named check. It is the spec model's (spec-model/check.ts: the evaluator runs
 * checks and the loader validates their names); the checks implement it.
 */
export type { Check, CheckContext, CheckResult } from '../spec-model/check';
export type { Finding, FindingFields, Verdict } from '../core';
