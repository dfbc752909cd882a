/**
 * The reporter's options, validated once: `outputFolder` (env HARNESS_REPORT_DIR), `title` (env
 * HARNESS_REPORT_TITLE), `rawSecrets` (env HARNESS_REPORT_RAW_SECRETS=1). A variable overrides the
 * configured option, so one run can be redirected without editing the config. The variables come
 * from the run's settings (`harnessSettings`, harness/src/settings), parsed there with the others.
 */
import * as path from 'node:path';
import { failOnFromEnv, HarnessError, type FailOn } from '../core';
import { DEFAULT_OUTPUT_FOLDER, DEFAULT_TITLE, harnessSettings, parseReportSettings } from '../settings/harness';
import { ReportOptionsError } from '../settings/errors';

export { DEFAULT_OUTPUT_FOLDER, DEFAULT_TITLE } from '../settings/harness';
export { ReportOptionsError } from '../settings/errors';

export interface ReporterOptions {
  outputFolder?: string;
  title?: string;
  rawSecrets?: boolean;
  /** Added by Playwright: the directory of the config file. */
  configDir?: string;
}

export interface ResolvedOptions {
  outputFolder: string;
  title: string;
  rawSecrets: boolean;
  /** HARNESS_FAIL_ON: the verdict at and above which the run fails (default fail). */
  failOn: FailOn;
}

/** The reporter's own options, and those Playwright hands every reporter (`configDir`; `onlyFailures` with --list). */
const KNOWN = new Set(['outputFolder', 'title', 'rawSecrets', 'configDir', 'onlyFailures']);

export function resolveOptions(options: unknown, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ResolvedOptions {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object' || Array.isArray(options)) throw new ReportOptionsError(`options must be an object, got ${JSON.stringify(options)}`);
  const o = options as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => !KNOWN.has(k) && !k.startsWith('_'));
  if (unknown.length)
    throw new ReportOptionsError(
      `unknown option${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')} (known: outputFolder, title, rawSecrets)`,
    );
  if (o.outputFolder !== undefined && (typeof o.outputFolder !== 'string' || o.outputFolder.trim() === '')) {
    throw new ReportOptionsError(`outputFolder must be a non-empty path, got ${JSON.stringify(o.outputFolder)}`);
  }
  if (o.title !== undefined && (typeof o.title !== 'string' || o.title.trim() === ''))
    throw new ReportOptionsError(`title must be a non-empty string, got ${JSON.stringify(o.title)}`);
  if (o.rawSecrets !== undefined && typeof o.rawSecrets !== 'boolean')
    throw new ReportOptionsError(`rawSecrets must be true or false, got ${JSON.stringify(o.rawSecrets)}`);
  const configDir = typeof o.configDir === 'string' && o.configDir ? o.configDir : cwd;

  // A bad HARNESS_* setting is the set-up's to refuse, in one line, into a report written with what could be read
  // (secrets redacted, failing on fail): the reporter must not die first with a stack trace.
  const tolerant = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (e) {
      if (e instanceof HarnessError) return undefined;
      throw e;
    }
  };
  const settings = tolerant(() => harnessSettings(env));
  const report = settings?.report ?? tolerant(() => parseReportSettings(env)) ?? {};
  const outputFolder = report.dir ? path.resolve(cwd, report.dir) : path.resolve(configDir, (o.outputFolder as string | undefined) ?? DEFAULT_OUTPUT_FOLDER);
  const title = report.title ?? (o.title as string | undefined)?.trim() ?? DEFAULT_TITLE;
  const rawSecrets = report.rawSecrets ?? (o.rawSecrets as boolean | undefined) ?? false;
  return { outputFolder, title, rawSecrets, failOn: settings?.failOn ?? tolerant(() => failOnFromEnv(env)) ?? 'fail' };
}
