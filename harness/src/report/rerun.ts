/**
 * HARNESS_RERUN=<results.json>: only the tests that failed in that run are run again (read by
 * playwright.config.ts as its `grep`); the report then compares with that run, so each result says
 * fixed or still failing. A test failed when its verdict fails the run, its Playwright outcome was
 * a failure, or its role was inconclusive.
 */
import * as path from 'node:path';
import { failsRun, SettingsError } from '../core';
import { parseHistorySettings } from '../settings/harness';
import { readPrevious } from './history';

/** Playwright matches `grep` against the test's title path joined by spaces (project, file, describe blocks, title). */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export interface Rerun {
  file: string;
  grep: RegExp;
  /** The titles run again (`site site/home`). */
  titles: string[];
}

export function rerunOf(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Rerun | undefined {
  // Only HARNESS_RERUN: the configuration reads this before anything else, and every other setting is the set-up's to refuse, in one line.
  const named = parseHistorySettings(env).rerun;
  if (!named) return undefined;
  const read = readPrevious(path.resolve(cwd, named));
  if ('problem' in read) throw new SettingsError('HARNESS_RERUN', named, `names no results.json to re-run: ${read.problem}`);
  const doc = read.tests as Array<(typeof read.tests)[number] & { role?: string; project?: string; titlePath?: string[]; verdict?: string }>;
  const titles = new Set<string>();
  for (const t of doc) {
    // A role's inconclusive error is not a Playwright test of its own: the role's tests are.
    if (!t.project || !Array.isArray(t.titlePath)) continue;
    const failed = t.status === 'failed' || t.status === 'timedOut' || t.expectations.some((e) => failsRun(e.verdict, read.failOn));
    if (failed) titles.add(t.titlePath.join(' '));
  }
  const inconclusive = new Set(read.inconclusiveRoles);
  for (const t of doc) if (t.project && t.role && inconclusive.has(t.role) && Array.isArray(t.titlePath)) titles.add(t.titlePath.join(' '));
  if (titles.size === 0) throw new SettingsError('HARNESS_RERUN', named, 'names a run in which nothing failed: there is nothing to re-run');
  const list = [...titles].sort();
  return { file: read.file, titles: list, grep: new RegExp(`(?:^| )(?:${list.map(escape).join('|')})$`) };
}
