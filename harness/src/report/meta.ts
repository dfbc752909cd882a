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
      const address = e.address.includes(':') ? `[${e.address}]` : e.address;
      return e.connectPort === e.port ? `${e.host}:${e.port}:${address}` : `${e.host}:${e.port}:${address}:${e.connectPort}`;
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

/** Spec files are the `*.json` data files of the specs folder (the schemas and the known deviations excluded). */
export function specMeta(specsDir: string): SpecMeta {
  let files: string[] = [];
  try {
    files = fs
      .readdirSync(specsDir)
      .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json') && f !== KNOWN_FILE_NAME)
      .sort();
  } catch {
    files = [];
  }
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(f)
      .update('\u0000')
      .update(fs.readFileSync(path.join(specsDir, f)))
      .update('\u0000');
  const commit = harnessSettings(process.env).specCommit ?? git(specsDir, ['rev-parse', 'HEAD']);
  const status = git(specsDir, ['status', '--porcelain', '--', '.']);
  return { ...(commit ? { commit } : {}), ...(status !== undefined ? { dirty: status.length > 0 } : {}), digest: hash.digest('hex').slice(0, 16), files };
}
