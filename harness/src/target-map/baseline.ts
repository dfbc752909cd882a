/**
 * The baseline of a differential run: the same variables as the target with the `BASELINE_`
 * prefix (read by the same parser, so mistakes get the same messages), `BASELINE=reference` for
 * an embedded reference of its own, and the two settings that protect a baseline that is often
 * production: only safe methods unless `BASELINE_ALLOW_UNSAFE=1`, and a request rate cap.
 */
import { shownValue, TargetConfigError } from './errors';
import { suggestion } from './parse-env';
import { ROLES } from './roles';
import { BASELINE_SIDE, roleVariables, valuePrefix, variableOf } from './side';
import { loadTargetMap, sideMapsRoles, type TargetMap } from './target-map';

export const ENV_BASELINE = 'BASELINE';
export const ENV_ALLOW_UNSAFE = variableOf(BASELINE_SIDE, 'ALLOW_UNSAFE');
export const ENV_MAX_RPS = variableOf(BASELINE_SIDE, 'MAX_RPS');
/** Requests per second to the baseline, over the whole run, unless BASELINE_MAX_RPS says otherwise. */
export const DEFAULT_MAX_RPS = 20;

/** Settings of the map itself, which `BASELINE=reference` sets on its own. */
const MAP_SETTINGS = ['RESOLVE', 'CA', 'INSECURE', 'SECTION', 'HEADERS'].map((s) => variableOf(BASELINE_SIDE, s));
const FILE_VARIABLES = [BASELINE_SIDE.filesVariable, ...BASELINE_SIDE.filesAliases];
const KNOWN = [ENV_BASELINE, ...ROLES.map((r) => roleVariables(BASELINE_SIDE)[r]), ...MAP_SETTINGS, ENV_ALLOW_UNSAFE, ENV_MAX_RPS, ...FILE_VARIABLES];

export type BaselineKind = 'none' | 'reference' | 'user';

/** Every BASELINE variable set in env (files included), in a stable order. */
function baselineVariables(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter((k) => env[k] !== undefined && (k === ENV_BASELINE || k.startsWith(`${ENV_BASELINE}_`) || FILE_VARIABLES.includes(k)))
    .sort();
}

/**
 * What the user asked for: no baseline, an embedded reference (`BASELINE=reference`), or their own
 * (a baseline role URL here or in BASELINES_FILE). Anything contradictory or misspelt is an error
 * naming the variable, before any request is sent.
 */
export function baselineRequested(env: NodeJS.ProcessEnv = process.env): BaselineKind {
  const set = baselineVariables(env);
  const valuePrefixOf = valuePrefix(BASELINE_SIDE);
  for (const name of set) {
    if (KNOWN.includes(name) || name.startsWith(valuePrefixOf) || /_URL$/.test(name)) continue;
    throw new TargetConfigError(
      name,
      shownValue(name, env[name] ?? ''),
      `is not a baseline variable${suggestion(name, KNOWN)}. Known: ${KNOWN.join(', ')}, ${valuePrefixOf}<NAME>`,
    );
  }
  const mode = env[ENV_BASELINE];
  if (mode !== undefined && mode !== 'reference') {
    throw new TargetConfigError(
      ENV_BASELINE,
      mode,
      'must be "reference" (an embedded reference of its own as the baseline) or unset; a baseline of your own is given by BASELINE_URL and the other BASELINE_<ROLE>_URL',
    );
  }
  const startedByRun = env[BASELINE_SIDE.kindVariable] === 'reference';
  if (mode === 'reference') {
    if (!startedByRun) {
      const clash = set.find((k) => /_URL$/.test(k) || MAP_SETTINGS.includes(k) || FILE_VARIABLES.includes(k) || k.startsWith(valuePrefixOf));
      if (clash)
        throw new TargetConfigError(
          clash,
          shownValue(clash, env[clash] ?? ''),
          'is set together with BASELINE=reference, which starts a reference of its own and describes it itself: unset one of them',
        );
    }
    return 'reference';
  }
  if (sideMapsRoles(env, BASELINE_SIDE)) return 'user';
  const stray = set.find((k) => k !== ENV_BASELINE);
  if (stray) {
    throw new TargetConfigError(
      stray,
      shownValue(stray, env[stray] ?? ''),
      `is set, but no baseline is: set ${roleVariables(BASELINE_SIDE).site} (and the other baseline roles) or BASELINE=reference`,
    );
  }
  return 'none';
}

/** The baseline's map, validated once; undefined when the run has no baseline. */
export function loadBaselineMap(env: NodeJS.ProcessEnv = process.env): TargetMap | undefined {
  const kind = baselineRequested(env);
  if (kind === 'none') return undefined;
  if (kind === 'reference' && env[BASELINE_SIDE.kindVariable] !== 'reference') {
    throw new TargetConfigError(
      ENV_BASELINE,
      'reference',
      'is set, but its reference was not started (the run\'s global set-up starts it): run through "npx playwright test"',
    );
  }
  return loadTargetMap(env, BASELINE_SIDE);
}

export interface BaselineSettings {
  /** Send methods other than GET, HEAD and OPTIONS to the baseline too. Default false. */
  allowUnsafe: boolean;
  /** Requests per second to the baseline over the whole run; undefined means no cap. Default 20. */
  maxRps: number | undefined;
}

const FLAG = new Map([
  ['1', true],
  ['true', true],
  ['0', false],
  ['false', false],
]);

export function baselineSettings(env: NodeJS.ProcessEnv = process.env): BaselineSettings {
  const unsafe = env[ENV_ALLOW_UNSAFE];
  let allowUnsafe = false;
  if (unsafe !== undefined) {
    const v = FLAG.get(unsafe.trim().toLowerCase());
    if (v === undefined)
      throw new TargetConfigError(ENV_ALLOW_UNSAFE, unsafe, 'must be 1 or true (send every method to the baseline), 0 or false (only GET, HEAD and OPTIONS)');
    allowUnsafe = v;
  }
  const rate = env[ENV_MAX_RPS];
  let maxRps: number | undefined = DEFAULT_MAX_RPS;
  if (rate !== undefined) {
    const t = rate.trim().toLowerCase();
    if (t === 'unlimited') maxRps = undefined;
    else {
      const n = Number(t);
      if (t === '' || !Number.isFinite(n) || n <= 0)
        throw new TargetConfigError(ENV_MAX_RPS, rate, `must be a positive number of requests per second (default ${DEFAULT_MAX_RPS}) or "unlimited"`);
      maxRps = n;
    }
  }
  return { allowUnsafe, maxRps };
}
