/**
 * Run metadata read from the reporter's process: the target map (TARGET_* variables, present after
 * the global set-up ran, or set in the merge job) and the spec version (git commit and a digest of
 * the spec files).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KNOWN_FILE_NAME } from '../known/load';
import { harnessSettings } from '../settings/harness';
import type { SpecFolder } from '../settings/spec-folders';
import { describeTargetMap, loadBaselineMap, loadTargetMap, ROLES, type TargetMap } from '../target-map';
import type { SpecMeta, TargetMeta } from './types';

/** The target map as report data; null when the variables do not describe one (a merge job without them). */
export function targetMeta(env: NodeJS.ProcessEnv = process.env): TargetMeta | null {
  try {
    return metaOf(loadTargetMap(env));
  } catch {
    return null;
  }
}

/**
 * The baseline's map as report data; undefined when the run has none (or its variables are gone,
 * or BASELINE=reference names a reference that was not started: loadBaselineMap throws then).
 */
export function baselineMeta(env: NodeJS.ProcessEnv = process.env): TargetMeta | undefined {
  try {
    const map = loadBaselineMap(env);
    return (map && metaOf(map)) ?? undefined;
  } catch {
    return undefined;
  }
}

function metaOf(map: TargetMap): TargetMeta | null {
  const roles: Record<string, string[]> = {};
  for (const role of ROLES) {
    const urls = map.roles[role];
    if (urls?.length) roles[role] = urls.map((u) => u.origin);
  }
  if (Object.keys(roles).length === 0) return null;
  return {
    side: map.side,
    origin: map.origin,
    roles,
    resolve: map.resolve.map((e) => {
      const [address, ...more] = e.addresses.map((a) => (a.includes(':') ? `[${a}]` : a));
      const head = e.connectPort === e.port ? `${e.host}:${e.port}:${address}` : `${e.host}:${e.port}:${address}:${e.connectPort}`;
      return [head, ...more].join(',');
    }),
    ...(map.caFile ? { caFile: map.caFile } : {}),
    insecure: map.insecure,
    section: map.section,
    sectionSource: map.sectionSource,
    description: describeTargetMap(map),
  };
}

function git(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 })
      .toString('utf8')
      .trim();
  } catch {
    return undefined;
  }
}

function specFileNames(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json') && f !== KNOWN_FILE_NAME)
      .sort();
  } catch {
    return [];
  }
}

/**
 * Spec files are the `*.json` data files of the spec folders (the schema excluded): one folder
 * (the default `specs/`), or the run's folders (HARNESS_SPECS), whose files are then named
 * `<folder>/<file>`. The commit is the first folder's; the files are dirty when any folder is.
 */
export function specMeta(folders: string | readonly SpecFolder[]): SpecMeta {
  const list: readonly SpecFolder[] = typeof folders === 'string' ? [{ dir: folders }] : folders;
  const hash = createHash('sha256');
  const files: string[] = [];
  let dirty: boolean | undefined;
  for (const { dir, label } of list) {
    for (const f of specFileNames(dir)) {
      const name = label ? `${label}/${f}` : f;
      files.push(name);
      hash
        .update(name)
        .update('\u0000')
        .update(fs.readFileSync(path.join(dir, f)))
        .update('\u0000');
    }
    const status = git(dir, ['status', '--porcelain', '--', '.']);
    if (status !== undefined) dirty = (dirty ?? false) || status.length > 0;
  }
  let given: string | undefined;
  try {
    given = harnessSettings(process.env).specCommit;
  } catch {
    /* a bad setting is the set-up's to refuse */
  }
  const commit = given ?? (list[0] ? git(list[0].dir, ['rev-parse', 'HEAD']) : undefined);
  return { ...(commit ? { commit } : {}), ...(dirty !== undefined ? { dirty } : {}), digest: hash.digest('hex').slice(0, 16), files };
}
