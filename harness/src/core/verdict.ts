/**
 * Verdicts of findings, expectations and tests, in one order (worst first). Every renderer,
 * counter and threshold reads this list; nothing else spells the order.
 *
 * - `error`: the run could not judge (no answer, an undecodable body, a broken spec).
 * - `fail`: a `must` expectation is not met.
 * - `warn`: a `should` expectation is not met (an RFC SHOULD, a recommendation).
 * - `known`: a failure the team has listed as a known deviation (`specs/known-deviations.json`),
 *   with a reason, a ticket and an expiry date: shown, not failing the run at the default threshold.
 * - `diff`: a baseline and a candidate differ where the spec has no opinion (differential runs).
 * - `info`: an `info` expectation (the reference's own choice) is not met.
 * - `fixed`: the baseline failed the spec where the candidate passes (differential runs).
 * - `skip`: the expectation could not run here (a role not mapped, an earlier step missing).
 * - `n/a`: the rule's premise does not hold in what was observed (Allow only on a 405).
 * - `pass`: met.
 */
export const VERDICTS = ['error', 'fail', 'warn', 'known', 'diff', 'info', 'fixed', 'skip', 'n/a', 'pass'] as const;
export type Verdict = (typeof VERDICTS)[number];

const RANK: ReadonlyMap<string, number> = new Map(VERDICTS.map((v, i) => [v, i]));

export function isVerdict(value: unknown): value is Verdict {
  return typeof value === 'string' && RANK.has(value);
}

/** Position in VERDICTS: smaller is worse. */
/** A verdict as a record holds it: one that is not a verdict (a hand-edited or foreign file) reads as a run error, never as a pass. */
export function readVerdict(value: unknown): Verdict {
  return isVerdict(value) ? value : 'error';
}

export function rank(v: Verdict): number {
  return RANK.get(v)!;
}

/** The worst of several verdicts (`empty` when there are none). */
export function worst(verdicts: Iterable<Verdict>, empty: Verdict = 'pass'): Verdict {
  let best = -1;
  for (const v of verdicts) {
    const r = rank(v);
    if (best < 0 || r < best) best = r;
  }
  return best < 0 ? empty : VERDICTS[best];
}

/** Verdicts that say nothing about the target: the check did not run or did not apply. */
export const NOT_JUDGED: ReadonlySet<Verdict> = new Set(['skip', 'n/a']);

/**
 * The verdict shown for a group (a test, an expectation seen on several protocols): the worst of
 * the judged ones, so a test whose one rule did not apply still shows `pass`; only a group in
 * which nothing was judged shows `skip` or `n/a`.
 */
export function summaryVerdict(verdicts: Iterable<Verdict>): Verdict {
  const all = [...verdicts];
  const judged = all.filter((v) => !NOT_JUDGED.has(v));
  return judged.length ? worst(judged) : worst(all);
}

export type Counts = Record<Verdict, number>;

export function emptyCounts(): Counts {
  return Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Counts;
}
