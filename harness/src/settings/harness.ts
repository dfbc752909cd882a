/**
 * The `HARNESS_*` settings a user may set, parsed and validated together into one frozen object.
 * This part reads no file and imports nothing of the harness but the core, so the transport and
 * the target map's dispatchers (below the map parsers in the layering) can take their limits from
 * it; `runSettings` (./run.ts) adds the target and baseline maps.
 *
 * | variable | default | field |
 * |---|---|---|
 * | HARNESS_FAIL_ON (HARNESS_STRICT=1: the older spelling of `info`) | `fail` | `failOn` |
 * | HARNESS_CONNECT_TIMEOUT_MS | 10000 | `limits.connectTimeoutMs` |
 * | HARNESS_REQUEST_TIMEOUT_MS | 30000 | `limits.requestTimeoutMs` |
 * | HARNESS_BODY_CAP_BYTES | 16777216 (16 MiB) | `limits.bodyCapBytes` |
 * | HARNESS_BROWSER_TIMEOUT_MS | 15000 | `browserTimeouts` (navigation 15 s; settle 10 s, response 10 s, flow 45 s, scaled with it) |
 * | HARNESS_REPORT_DIR | unset: the reporter's `outputFolder` option, `reports/conformance` | `report.dir` |
 * | HARNESS_REPORT_TITLE | unset: the reporter's `title` option, `Conformance report` | `report.title` |
 * | HARNESS_REPORT_RAW_SECRETS | unset: the reporter's `rawSecrets` option, off | `report.rawSecrets` |
 * | HARNESS_SPEC_COMMIT | unset: `git rev-parse HEAD` of the specs folder | `specCommit` |
 * | HARNESS_KNOWN | unset: `specs/known-deviations.json` (missing: none) | `knownFile` |
 * | HARNESS_TICKET_URL | unset: a ticket id is shown as written, not as a link | `ticketUrl` |
 * | HARNESS_GITHUB (GITHUB_ACTIONS, GITHUB_STEP_SUMMARY) | on when GITHUB_ACTIONS=true | `ci` |
 * | HARNESS_PREVIOUS | unset: the results.json already in the report folder | `history.previous` |
 * | HARNESS_RERUN | unset: run everything | `history.rerun` |
 * | HARNESS_KEEP_PLAYWRIGHT_FILES | unset: off, the reporter removes Playwright's own files | `keepPlaywrightFiles` |
 * | HARNESS_CERT_MIN_DAYS | 14 | `certMinDays` |
 * | HARNESS_NODES | `all`: every address behind a name | `nodes` (and each target map's `nodes`) |
 *
 * HARNESS_SPECS (the spec folders) is parsed with the run settings (`spec-folders.ts`): it names
 * folders, which are checked on disk.
 */
import { failOnFromEnv, SettingsError, type FailOn } from '../core';
import { LimitConfigError, ReportOptionsError } from './errors';

/**
 * Time and size limits of every request the raw replay and the raw flows send: a target that
 * refuses, hangs, trickles, or streams without end ends as an `error` finding within these bounds,
 * never as a hung run or an exhausted heap.
 */
export interface TransportLimits {
  /** TCP connect plus TLS handshake. */
  connectTimeoutMs: number;
  /** The whole exchange, from dispatch to the last body byte. */
  requestTimeoutMs: number;
  /** Body bytes kept; beyond, the body is hashed (SHA-256) and counted, not held. */
  bodyCapBytes: number;
}

export const DEFAULT_LIMITS: Readonly<TransportLimits> = Object.freeze({
  connectTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  bodyCapBytes: 16 * 1024 * 1024,
});

export const LIMIT_VARIABLES: Readonly<Record<keyof TransportLimits, string>> = Object.freeze({
  connectTimeoutMs: 'HARNESS_CONNECT_TIMEOUT_MS',
  requestTimeoutMs: 'HARNESS_REQUEST_TIMEOUT_MS',
  bodyCapBytes: 'HARNESS_BODY_CAP_BYTES',
});

/** Reads the three variables (unset or empty = default); a value that is not a positive integer stops the run. */
export function parseLimits(env: NodeJS.ProcessEnv): TransportLimits {
  const out: TransportLimits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(LIMIT_VARIABLES) as Array<keyof TransportLimits>) {
    const variable = LIMIT_VARIABLES[key];
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    if (!/^[0-9]+$/.test(raw.trim()) || Number(raw) <= 0 || !Number.isSafeInteger(Number(raw))) {
      throw new LimitConfigError(`${variable}=${JSON.stringify(raw)}: expected a positive whole number (default ${DEFAULT_LIMITS[key]})`);
    }
    out[key] = Number(raw);
  }
  return out;
}

/** The budgets of a browser flow. */
export interface FlowTimeouts {
  /** A navigation must reach its load state within this (the document and what blocks `load`). */
  navigationMs: number;
  /** After load, the page's network must go quiet within this; what is still pending then hangs. */
  settleMs: number;
  /** A response the flow waits for (the flag flip's stylesheet, the lookup) must come within this. */
  responseMs: number;
  /** The whole flow; past it the flow is cut short with an error finding (a safety net). */
  flowMs: number;
}

/** Defaults fit inside Playwright's 60 s test timeout with room for the screenshot and the HAR. */
export const DEFAULT_TIMEOUTS: FlowTimeouts = { navigationMs: 15000, settleMs: 10000, responseMs: 10000, flowMs: 45000 };

export const BROWSER_TIMEOUT_VARIABLE = 'HARNESS_BROWSER_TIMEOUT_MS';

/**
 * HARNESS_BROWSER_TIMEOUT_MS scales every budget from one number (the navigation budget); the
 * others keep their proportions. Used by the robustness tests to fail fast.
 */
export function parseBrowserTimeouts(env: NodeJS.ProcessEnv): FlowTimeouts {
  const raw = env[BROWSER_TIMEOUT_VARIABLE];
  if (raw === undefined || raw === '') return { ...DEFAULT_TIMEOUTS };
  const nav = Number(raw);
  if (!Number.isFinite(nav) || nav < 500) throw new LimitConfigError(`${BROWSER_TIMEOUT_VARIABLE}="${raw}" must be a number of milliseconds >= 500`);
  const k = nav / DEFAULT_TIMEOUTS.navigationMs;
  return {
    navigationMs: nav,
    settleMs: Math.round(DEFAULT_TIMEOUTS.settleMs * k),
    responseMs: Math.round(DEFAULT_TIMEOUTS.responseMs * k),
    flowMs: Math.round(DEFAULT_TIMEOUTS.flowMs * k),
  };
}

/** The conformance reporter's defaults, when neither its option nor its variable is set. */
export const DEFAULT_OUTPUT_FOLDER = 'reports/conformance';
export const DEFAULT_TITLE = 'Conformance report';

export const REPORT_VARIABLES = Object.freeze({
  dir: 'HARNESS_REPORT_DIR',
  title: 'HARNESS_REPORT_TITLE',
  rawSecrets: 'HARNESS_REPORT_RAW_SECRETS',
} as const);

/** What the report variables say; an unset field leaves the reporter's option (or its default) in force. */
export interface ReportSettings {
  /** HARNESS_REPORT_DIR, trimmed, as given (the reporter resolves it against the working directory). */
  dir?: string;
  /** HARNESS_REPORT_TITLE, trimmed. */
  title?: string;
  /** HARNESS_REPORT_RAW_SECRETS: `1` true, `0` false. */
  rawSecrets?: boolean;
}

/** Empty or blank values count as unset; HARNESS_REPORT_RAW_SECRETS other than 1 or 0 stops the run. */
export function parseReportSettings(env: NodeJS.ProcessEnv): ReportSettings {
  const out: ReportSettings = {};
  const dir = env[REPORT_VARIABLES.dir]?.trim();
  if (dir) out.dir = dir;
  const title = env[REPORT_VARIABLES.title]?.trim();
  if (title) out.title = title;
  const raw = env[REPORT_VARIABLES.rawSecrets];
  if (raw !== undefined && raw !== '' && raw !== '0' && raw !== '1') {
    throw new ReportOptionsError(`${REPORT_VARIABLES.rawSecrets} must be 1 (show raw secret values) or 0, got ${JSON.stringify(raw)}`);
  }
  if (raw === '1') out.rawSecrets = true;
  else if (raw === '0') out.rawSecrets = false;
  return out;
}

export const SPEC_COMMIT_VARIABLE = 'HARNESS_SPEC_COMMIT';

export const KNOWN_VARIABLE = 'HARNESS_KNOWN';

export const TICKET_URL_VARIABLE = 'HARNESS_TICKET_URL';

/** HARNESS_TICKET_URL: the tracker's address of a ticket, `{id}` where its id goes (`https://tracker.example.org/browse/{id}`). */
export function parseTicketUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env[TICKET_URL_VARIABLE]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^https?:\/\/\S+$/.test(raw) || !raw.includes('{id}'))
    throw new SettingsError(
      TICKET_URL_VARIABLE,
      raw,
      'must be an http:// or https:// address with {id} where the ticket id goes, e.g. https://tracker.example.org/browse/{id}',
    );
  return raw;
}

export const CI_VARIABLES = Object.freeze({
  github: 'HARNESS_GITHUB',
  actions: 'GITHUB_ACTIONS',
  stepSummary: 'GITHUB_STEP_SUMMARY',
} as const);

/** Output for CI: GitHub's workflow commands (annotations) and job summary. */
export interface CiSettings {
  /** HARNESS_GITHUB=1, or GITHUB_ACTIONS=true unless HARNESS_GITHUB=0: annotations on stdout and the job summary. */
  github: boolean;
  /** GITHUB_STEP_SUMMARY: the file the job summary is appended to (GitHub sets it for each step). */
  stepSummary?: string;
}

/** HARNESS_GITHUB is 1 or 0 (unset: follow GITHUB_ACTIONS, which GitHub sets to `true` on its runners). */
export function parseCiSettings(env: NodeJS.ProcessEnv): CiSettings {
  const raw = env[CI_VARIABLES.github]?.trim();
  if (raw !== undefined && raw !== '' && raw !== '0' && raw !== '1')
    throw new SettingsError(
      CI_VARIABLES.github,
      raw,
      'must be 1 (write GitHub annotations and the job summary) or 0 (never); unset, GITHUB_ACTIONS=true decides',
    );
  const github = raw === '1' || ((raw === undefined || raw === '') && env[CI_VARIABLES.actions] === 'true');
  const stepSummary = env[CI_VARIABLES.stepSummary]?.trim();
  return { github, ...(stepSummary ? { stepSummary } : {}) };
}

export const HISTORY_VARIABLES = Object.freeze({ previous: 'HARNESS_PREVIOUS', rerun: 'HARNESS_RERUN' } as const);

/** What the run compares itself with, and what it re-runs. */
export interface HistorySettings {
  /** HARNESS_PREVIOUS: a results.json to compare with, or `none`. Unset: the results.json already in the report folder (or HARNESS_RERUN's file). */
  previous?: string;
  /** HARNESS_RERUN: a results.json whose failing tests are the only ones run. */
  rerun?: string;
}

export function parseHistorySettings(env: NodeJS.ProcessEnv): HistorySettings {
  const out: HistorySettings = {};
  const previous = env[HISTORY_VARIABLES.previous]?.trim();
  if (previous) out.previous = previous;
  const rerun = env[HISTORY_VARIABLES.rerun]?.trim();
  if (rerun) {
    if (rerun.toLowerCase() === 'none')
      throw new SettingsError(HISTORY_VARIABLES.rerun, rerun, 'names a results.json whose failing tests to run again; unset it to run everything');
    out.rerun = rerun;
  }
  return out;
}

export const KEEP_PLAYWRIGHT_FILES_VARIABLE = 'HARNESS_KEEP_PLAYWRIGHT_FILES';

/**
 * HARNESS_KEEP_PLAYWRIGHT_FILES is 1 or 0 (unset or empty: undefined, off). Playwright writes its
 * traces, screenshots, videos and error-context.md unredacted, so keeping them is the user's call.
 */
export function parseKeepPlaywrightFiles(env: NodeJS.ProcessEnv): boolean | undefined {
  const raw = env[KEEP_PLAYWRIGHT_FILES_VARIABLE]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (raw !== '0' && raw !== '1')
    throw new SettingsError(
      KEEP_PLAYWRIGHT_FILES_VARIABLE,
      raw,
      "must be 1 (keep Playwright's own traces, screenshots, videos and error-context.md, unredacted) or 0 (remove them)",
    );
  return raw === '1';
}

export const CERT_MIN_DAYS_VARIABLE = 'HARNESS_CERT_MIN_DAYS';
export const DEFAULT_CERT_MIN_DAYS = 14;

/** HARNESS_CERT_MIN_DAYS: the days a served certificate must have left before the `certs/<role>` flow warns (unset or empty: 14). */
export function parseCertMinDays(env: NodeJS.ProcessEnv): number {
  const raw = env[CERT_MIN_DAYS_VARIABLE]?.trim();
  if (raw === undefined || raw === '') return DEFAULT_CERT_MIN_DAYS;
  if (!/^[0-9]+$/.test(raw) || Number(raw) <= 0 || !Number.isSafeInteger(Number(raw)))
    throw new SettingsError(
      CERT_MIN_DAYS_VARIABLE,
      raw,
      `must be a positive whole number of days (default ${DEFAULT_CERT_MIN_DAYS}): a certificate with fewer days left warns`,
    );
  return Number(raw);
}

export const NODES_VARIABLE = 'HARNESS_NODES';

/** How many of the addresses behind a name the replay asks: all of them, or at most this many (`first` is 1). */
export type NodesSetting = 'all' | number;

/** HARNESS_NODES: `all` (unset or empty), `first`, or a positive whole number capping the nodes asked per name. */
export function parseNodesSetting(env: NodeJS.ProcessEnv): NodesSetting {
  const raw = env[NODES_VARIABLE]?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === 'all') return 'all';
  if (raw === 'first') return 1;
  if (/^[0-9]+$/.test(raw) && Number(raw) > 0 && Number.isSafeInteger(Number(raw))) return Number(raw);
  throw new SettingsError(NODES_VARIABLE, env[NODES_VARIABLE] ?? '', 'must be all, first, or the most addresses to ask per name (a positive whole number)');
}

export interface HarnessSettings {
  /** HARNESS_FAIL_ON (or HARNESS_STRICT=1): the verdict at and above which the run fails. Default `fail`. */
  readonly failOn: FailOn;
  /** HARNESS_CONNECT_TIMEOUT_MS, HARNESS_REQUEST_TIMEOUT_MS, HARNESS_BODY_CAP_BYTES. Defaults 10 s, 30 s, 16 MiB. */
  readonly limits: Readonly<TransportLimits>;
  /** HARNESS_BROWSER_TIMEOUT_MS and the budgets scaled from it. Default navigation 15 s. */
  readonly browserTimeouts: Readonly<FlowTimeouts>;
  /** HARNESS_REPORT_DIR, HARNESS_REPORT_TITLE, HARNESS_REPORT_RAW_SECRETS: overrides of the reporter's options. */
  readonly report: Readonly<ReportSettings>;
  /** HARNESS_SPEC_COMMIT: the spec commit a run without a git checkout reports. Unset (or empty): `git rev-parse HEAD`. */
  readonly specCommit?: string;
  /** HARNESS_KNOWN: the known deviations file, as given (resolved against the working directory). Unset: `specs/known-deviations.json`. */
  readonly knownFile?: string;
  /** HARNESS_TICKET_URL: makes a known deviation's ticket id a link. Unset: the id as written. */
  readonly ticketUrl?: string;
  /** HARNESS_GITHUB, GITHUB_ACTIONS, GITHUB_STEP_SUMMARY. */
  readonly ci: Readonly<CiSettings>;
  /** HARNESS_PREVIOUS, HARNESS_RERUN. */
  readonly history: Readonly<HistorySettings>;
  /** HARNESS_KEEP_PLAYWRIGHT_FILES: `1` true, `0` false; unset: absent (the reporter removes them). */
  readonly keepPlaywrightFiles?: boolean;
  /** HARNESS_CERT_MIN_DAYS: fewer days left on a served certificate than this warns. Default 14. */
  readonly certMinDays: number;
  /** HARNESS_NODES: which addresses behind a name the replay asks. Default `all`. */
  readonly nodes: NodesSetting;
}

/**
 * Every user `HARNESS_*` variable of env, parsed and validated; the first bad value throws the
 * error naming the variable and the value (SettingsError, LimitConfigError, ReportOptionsError).
 */
export function readHarnessSettings(env: NodeJS.ProcessEnv): HarnessSettings {
  // The reporter's variables first: the reporter, constructed before anything else runs, used to
  // check them before HARNESS_FAIL_ON, so a run with both wrong names the same one first.
  const report = Object.freeze(parseReportSettings(env));
  const failOn = failOnFromEnv(env);
  const limits = Object.freeze(parseLimits(env));
  const browserTimeouts = Object.freeze(parseBrowserTimeouts(env));
  const specCommit = env[SPEC_COMMIT_VARIABLE] || undefined;
  const knownFile = env[KNOWN_VARIABLE]?.trim() || undefined;
  const ticketUrl = parseTicketUrl(env);
  const ci = Object.freeze(parseCiSettings(env));
  const history = Object.freeze(parseHistorySettings(env));
  const keepPlaywrightFiles = parseKeepPlaywrightFiles(env);
  const certMinDays = parseCertMinDays(env);
  const nodes = parseNodesSetting(env);
  return Object.freeze({
    failOn,
    limits,
    browserTimeouts,
    report,
    ...(specCommit !== undefined ? { specCommit } : {}),
    ...(knownFile !== undefined ? { knownFile } : {}),
    ...(ticketUrl !== undefined ? { ticketUrl } : {}),
    ci,
    history,
    ...(keepPlaywrightFiles !== undefined ? { keepPlaywrightFiles } : {}),
    certMinDays,
    nodes,
  });
}

/** The user `HARNESS_*` variables, the key of the cache below. */
export const HARNESS_USER_VARIABLES: readonly string[] = Object.freeze([
  'HARNESS_FAIL_ON',
  'HARNESS_STRICT',
  ...Object.values(LIMIT_VARIABLES),
  BROWSER_TIMEOUT_VARIABLE,
  ...Object.values(REPORT_VARIABLES),
  SPEC_COMMIT_VARIABLE,
  KNOWN_VARIABLE,
  TICKET_URL_VARIABLE,
  ...Object.values(CI_VARIABLES),
  ...Object.values(HISTORY_VARIABLES),
  KEEP_PLAYWRIGHT_FILES_VARIABLE,
  CERT_MIN_DAYS_VARIABLE,
  NODES_VARIABLE,
]);

let cached: { env: NodeJS.ProcessEnv; key: string; settings: HarnessSettings } | undefined;

/**
 * The `HARNESS_*` settings of env (by default the process's), parsed once: the same frozen object
 * is returned while the variables keep their values, so readers on hot paths may call it freely.
 * Tests pass an env of their own.
 */
export function harnessSettings(env: NodeJS.ProcessEnv = process.env): HarnessSettings {
  const key = JSON.stringify(HARNESS_USER_VARIABLES.map((v) => env[v] ?? null));
  if (cached && cached.env === env && cached.key === key) return cached.settings;
  const settings = readHarnessSettings(env);
  cached = { env, key, settings };
  return settings;
}
