/**
 * The one finding builder. Every verdict the harness writes is made here: a comparison's (`judged`:
 * pass when met, else the verdict its level gives against this target), an outcome that compares
 * nothing (`unjudged`: a step that could not run, a premise that did not hold, a note, a run error),
 * and the two marks a later stage puts on a finding (`excused` by a known deviation, `fixedNow` in a
 * differential run). A lint rule (eslint.config.mjs, VERDICTS) refuses a verdict written anywhere else.
 *
 * Each copies its fields with `Object.assign`, never as `{ ...fields, verdict }`: in Node 20's V8 an
 * object literal that opens with a spread and then adds a property the spread object lacks takes a
 * slow path (0.5-1 us an object against 0.04), and every finding of a run is made here
 * (docs/performance.md, "Object spread"; `npm run bench:object-copy` measures it).
 */
import type { Finding, KnownMark } from './finding';
import { defaultLevel, verdictFor, type TargetOrigin } from './level';
import type { Verdict } from './verdict';

export const REFERENCE_NOTE = "the reference's own choice where the description is silent: informational (HARNESS_FAIL_ON=info fails it)";
export const SHOULD_NOTE = 'a recommendation (SHOULD): a warning (HARNESS_FAIL_ON=warn fails it)';

/** A finding's fields before its verdict: the level is taken from its provenance when not given. */
export type FindingFields = Omit<Finding, 'verdict' | 'level'> & Partial<Pick<Finding, 'level'>>;

/** The note a missed expectation of this verdict carries, when it has none of its own. */
export function verdictNote(verdict: Verdict): string | undefined {
  return verdict === 'info' ? REFERENCE_NOTE : verdict === 'warn' ? SHOULD_NOTE : undefined;
}

/** A comparison's finding: its level (default: from its provenance), the verdict, the note. */
export function judged<F extends FindingFields>(ok: boolean, fields: F, targetOrigin: TargetOrigin): F & Finding {
  const level = fields.level ?? defaultLevel(fields.source);
  const verdict = verdictFor(ok, level, targetOrigin);
  const note = fields.message ?? verdictNote(verdict);
  const f: F & Finding = Object.assign({}, fields, { verdict, level });
  if (note !== undefined) f.message = note;
  return f;
}

/**
 * What compares nothing: `skip` (the step could not run: a role not mapped, an option off), `n/a`
 * (the rule's premise does not hold for this answer), `info` (reported, never failing), `error`
 * (the run could not get a usable answer). None is ever a pass.
 */
export type Unjudged = Extract<Verdict, 'skip' | 'n/a' | 'info' | 'error'>;

export function unjudged<F extends FindingFields>(verdict: Unjudged, fields: F): F & Finding {
  const level = fields.level ?? (verdict === 'info' ? 'info' : verdict === 'error' ? 'must' : defaultLevel(fields.source));
  return Object.assign({}, fields, { verdict, level });
}

/** A failing finding a known deviation excuses: `known`, with the entry and the verdict it replaced. */
export function excused(f: Finding, mark: Omit<KnownMark, 'was'>): void {
  f.known = Object.assign({}, mark, { was: f.verdict });
  f.verdict = 'known';
}

/** A differential finding whose failure the baseline has and the candidate no longer does. */
export function fixedNow(f: Finding): void {
  f.verdict = 'fixed';
}

/** What a differential run finds different between the baseline and the candidate where no spec speaks: `diff`. */
export function differs<F extends FindingFields>(fields: F): F & Finding {
  return Object.assign({}, fields, { verdict: 'diff' as const, level: fields.level ?? 'info' });
}
