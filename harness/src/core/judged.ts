/**
 * The one finding builder of a comparison, for the spec evaluator, the raw flows and the browser
 * flows alike: pass when the expectation is met, else the verdict its level gives against this
 * target, with the note a miss of that verdict carries unless the finding has a message of its own.
 */
import type { Finding } from './finding';
import { defaultLevel, verdictFor, type TargetOrigin } from './level';

export const REFERENCE_NOTE = "the reference's own choice where the description is silent: informational (HARNESS_FAIL_ON=info fails it)";
export const SHOULD_NOTE = 'a recommendation (SHOULD): a warning (HARNESS_FAIL_ON=warn fails it)';

/** The note a missed expectation of this verdict carries, when it has none of its own. */
export function verdictNote(verdict: Finding['verdict']): string | undefined {
  return verdict === 'info' ? REFERENCE_NOTE : verdict === 'warn' ? SHOULD_NOTE : undefined;
}

/** A comparison's finding: its level (default: from its provenance), the verdict, the note. */
export function judged(ok: boolean, fields: Omit<Finding, 'verdict' | 'level'> & Partial<Pick<Finding, 'level'>>, targetOrigin: TargetOrigin): Finding {
  const level = fields.level ?? defaultLevel(fields.source);
  const verdict = verdictFor(ok, level, targetOrigin);
  const note = fields.message ?? verdictNote(verdict);
  return { ...fields, verdict, level, ...(note !== undefined ? { message: note } : {}) };
}
