/**
 * `runSettings(env)`: everything a run is configured by, parsed and validated once into one frozen
 * object: the `HARNESS_*` settings (./harness.ts) and both sides' maps, read by the target map's own
 * parsers (TARGET_*, TARGETS_FILE, BASELINE*, HTTPS_PROXY / HTTP_PROXY / NO_PROXY), whose errors
 * name the variable and the value. The global set-up calls it first, so a bad value stops the run
 * before any test.
 *
 * A side the run starts an embedded reference for has no map until the reference runs (the
 * global set-up starts it and describes it in the side's variables; its workers see the map).
 */
import {
  BASELINE_SIDE,
  baselineRequested,
  baselineSettings,
  loadBaselineMap,
  loadTargetMap,
  referenceRequested,
  TARGET_SIDE,
  TargetConfigError,
  type BaselineKind,
  type BaselineSettings,
  type TargetMap,
} from '../target-map';
import * as path from 'node:path';
import { DEFAULT_KNOWN_FILE, loadKnown, type KnownDeviations } from '../known';
import { suggestion } from '../target-map/parse-env';
import { readHarnessSettings, type HarnessSettings } from './harness';
import { parseSpecFolders, type SpecFolder } from './spec-folders';
import { INTERNAL_VARIABLES, isSettingsVariable, SETTINGS_VARIABLES } from './variables';

export interface SideSettings {
  /**
   * The side's validated map; undefined while the side's embedded reference is asked for but not
   * started yet (and for a run without a baseline).
   */
  readonly map?: TargetMap;
  /** The source pages the run's set-up read for this side (HARNESS_DISCOVERY_FILE, HARNESS_BASELINE_DISCOVERY_FILE; set by the run). */
  readonly discoveryFile?: string;
}

export interface TargetSettings extends SideSettings {
  /** `reference`: no role URL is given, the run targets an embedded reference (started by its set-up); `user`: the user's own target. */
  readonly kind: 'reference' | 'user';
}

export interface BaselineRunSettings extends SideSettings, Readonly<BaselineSettings> {
  /** `none` (default): no differential run; `reference`: BASELINE=reference; `user`: BASELINE_URL and the other baseline roles. */
  readonly kind: BaselineKind;
}

export interface RunSettings extends HarnessSettings {
  /** HARNESS_SPECS: the spec folders to replay, checked on disk (default the repository's specs/); labelled when there are several. */
  readonly specs: readonly SpecFolder[];
  readonly target: TargetSettings;
  /** BASELINE*, with BASELINE_ALLOW_UNSAFE (default false) and BASELINE_MAX_RPS (default 20; undefined: `unlimited`). */
  readonly baseline: BaselineRunSettings;
  /** The known deviations of HARNESS_KNOWN (default `specs/known-deviations.json`; missing default: none), read and validated. */
  readonly known: KnownDeviations;
}

/** The known deviations file a run reads: HARNESS_KNOWN against the working directory, else the repository's. */
export function knownDeviationsOf(settings: Pick<HarnessSettings, 'knownFile'>, cwd: string = process.cwd()): KnownDeviations {
  return settings.knownFile ? loadKnown(path.resolve(cwd, settings.knownFile), { explicit: true }) : loadKnown(DEFAULT_KNOWN_FILE);
}

function discoveryFileOf(env: NodeJS.ProcessEnv, variable: string): { discoveryFile?: string } {
  const file = env[variable];
  return file === undefined ? {} : { discoveryFile: file };
}

/** Parses and validates every setting of env; the first bad value throws its error (SettingsError, TargetConfigError, ...). */
export function readRunSettings(env: NodeJS.ProcessEnv): RunSettings {
  const harness = readHarnessSettings(env);
  const specs = Object.freeze(parseSpecFolders(env));
  const rate = baselineSettings(env);
  const baselineKind = baselineRequested(env);
  const targetStarted = env[TARGET_SIDE.kindVariable] === 'reference';
  const targetKind = targetStarted || referenceRequested(env) ? 'reference' : 'user';
  const targetMap = targetKind === 'reference' && !targetStarted ? undefined : loadTargetMap(env);
  const baselineStarted = env[BASELINE_SIDE.kindVariable] === 'reference';
  const baselineMap = baselineKind === 'none' || (baselineKind === 'reference' && !baselineStarted) ? undefined : loadBaselineMap(env);
  const target: TargetSettings = Object.freeze({
    kind: targetKind,
    ...(targetMap ? { map: targetMap } : {}),
    ...discoveryFileOf(env, TARGET_SIDE.discoveryFileVariable),
  });
  const baseline: BaselineRunSettings = Object.freeze({
    kind: baselineKind,
    ...(baselineMap ? { map: baselineMap } : {}),
    ...discoveryFileOf(env, BASELINE_SIDE.discoveryFileVariable),
    allowUnsafe: rate.allowUnsafe,
    maxRps: rate.maxRps,
  });
  checkUnknownSettings(env);
  return Object.freeze({ ...harness, specs, target, baseline, known: knownDeviationsOf(harness) });
}

/**
 * A TARGET_*, BASELINE_* or HARNESS_* variable the harness does not read (TARGET_HEADER for
 * TARGET_HEADERS, TARGET_CA_FILE) would be ignored and the run go on without it: it stops the run,
 * with the nearest name. The run's own HARNESS_* variables are allowed.
 */
export function checkUnknownSettings(env: NodeJS.ProcessEnv): void {
  const names = SETTINGS_VARIABLES.filter((v) => !v.includes('<'));
  for (const key of Object.keys(env).sort()) {
    if (env[key] === undefined || !/^(TARGET_|TARGETS_|BASELINE_|BASELINES_|HARNESS_)/.test(key)) continue;
    if (isSettingsVariable(key) || INTERNAL_VARIABLES.includes(key) || !/^[A-Z0-9_]+$/.test(key)) continue;
    if (key.startsWith('HARNESS_') && !names.some((n) => n.startsWith('HARNESS_') && suggestion(key, [n]) !== '')) continue;
    const known = key.startsWith('HARNESS_') ? names.filter((n) => n.startsWith('HARNESS_')) : names.filter((n) => !n.startsWith('HARNESS_'));
    // TARGET_CA_FILE is TARGET_CA with a word more: the variable it starts with is the better guess.
    const longer = known.filter((k) => key.startsWith(`${k}_`)).sort((a, b) => b.length - a.length)[0];
    // Its value is never shown, only its length: a misspelt TARGET_HEADERS holds credentials.
    throw new TargetConfigError(
      key,
      `‹${(env[key] ?? '').length} chars›`,
      `is set, but the harness reads no variable ${key}${longer ? `; did you mean ${longer}?` : suggestion(key, known)}`,
    );
  }
}

/** The variable families runSettings reads, for the cache key (files the variables name are read once per key). */
const READ = /^(?:HARNESS_|TARGET|BASELINE|GITHUB_)|^(?:https?_proxy|no_proxy)$/i;

let cached: { env: NodeJS.ProcessEnv; key: string; settings: RunSettings } | undefined;

/**
 * The run's settings from env (in the harness: `runSettings(process.env)`), computed once and
 * cached: the same frozen object comes back while the variables it reads keep their values (the
 * global set-up describing an embedded reference in the side's variables changes them, and the next
 * call reads the maps again). Tests pass an env of their own.
 */
export function runSettings(env: NodeJS.ProcessEnv): RunSettings {
  const key = JSON.stringify(
    Object.keys(env)
      .filter((k) => READ.test(k) && env[k] !== undefined)
      .sort()
      .map((k) => [k, env[k]]),
  );
  if (cached && cached.env === env && cached.key === key) return cached.settings;
  const settings = readRunSettings(env);
  cached = { env, key, settings };
  return settings;
}
