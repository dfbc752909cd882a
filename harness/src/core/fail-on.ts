/**
 * `HARNESS_FAIL_ON`: the threshold on the verdict order at and above which a run fails.
 * `fail` (default): errors and fails. `warn`: also warns. `diff`: also diffs. `info`: everything
 * that differs from the spec, the reference's own choices included.
 */
import { SettingsError } from './errors';
import { rank, type Verdict } from './verdict';

export const FAIL_ON_VALUES = ['fail', 'warn', 'diff', 'info'] as const;
export type FailOn = (typeof FAIL_ON_VALUES)[number];
export const DEFAULT_FAIL_ON: FailOn = 'fail';

export function failsRun(verdict: Verdict, failOn: FailOn): boolean {
  return rank(verdict) <= rank(failOn);
}

/**
 * Reads HARNESS_FAIL_ON. HARNESS_STRICT=1, the older spelling of `info`, is still understood; set
 * together with a different HARNESS_FAIL_ON it is an error rather than a silent choice.
 */
export function failOnFromEnv(env: NodeJS.ProcessEnv): FailOn {
  const raw = env.HARNESS_FAIL_ON;
  const strict = env.HARNESS_STRICT;
  if (strict !== undefined && strict !== '' && strict !== '0' && strict !== '1') {
    throw new SettingsError('HARNESS_STRICT', strict, 'must be 1 or 0; it is the older spelling of HARNESS_FAIL_ON=info');
  }
  let value: FailOn | undefined;
  if (raw !== undefined && raw !== '') {
    const v = raw.trim().toLowerCase();
    if (!(FAIL_ON_VALUES as readonly string[]).includes(v)) {
      throw new SettingsError('HARNESS_FAIL_ON', raw, `is not one of ${FAIL_ON_VALUES.join(', ')} (the verdict at and above which the run fails)`);
    }
    value = v as FailOn;
  }
  if (strict === '1') {
    if (value !== undefined && value !== 'info') {
      throw new SettingsError(
        'HARNESS_STRICT',
        strict,
        `contradicts HARNESS_FAIL_ON=${value}: HARNESS_STRICT=1 means HARNESS_FAIL_ON=info; set only HARNESS_FAIL_ON`,
      );
    }
    return 'info';
  }
  return value ?? DEFAULT_FAIL_ON;
}
