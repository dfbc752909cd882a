/**
 * HARNESS_SPECS: the spec folders a run replays, comma-separated (as the other list variables,
 * TARGET_RESOLVE and TARGET_REDIRECTOR_URL, are); a relative folder is read from the working
 * directory. Unset or blank: the repository's `specs/`.
 *
 * One folder keeps its ids as written. With several, each folder is loaded and validated on its
 * own (a `discover.from` names an exchange of its own folder) and each of its ids is prefixed with
 * the folder's name and a colon (`specs:site/home`, `derived:site/har/www/get`): hand-written and
 * derived files run side by side without clashing, and `--grep 'derived:'` selects one folder.
 * A folder that does not exist, one named twice, and two folders of the same name (their ids would
 * clash) stop the run, naming the variable and the folders.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SettingsError, type TargetOrigin } from '../core';

export const SPECS_VARIABLE = 'HARNESS_SPECS';
/** The repository's spec folder: the default. */
export const DEFAULT_SPECS_DIR = path.resolve(__dirname, '../../../specs');

export interface SpecFolder {
  /** Absolute path of the folder. */
  dir: string;
  /** The folder's name, prefixed to its ids when the run has several folders; absent with one. */
  label?: string;
}

/** The folders HARNESS_SPECS names, checked: each exists and is a folder, none twice, no two of one name. */
export function parseSpecFolders(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): SpecFolder[] {
  const raw = env[SPECS_VARIABLE];
  if (raw === undefined || raw.trim() === '') return [{ dir: DEFAULT_SPECS_DIR }];
  const fail = (reason: string) => new SettingsError(SPECS_VARIABLE, raw, reason);
  const entries = raw.split(',').map((e) => e.trim());
  if (entries.some((e) => e === '')) throw fail('names an empty folder (a comma too many): give spec folders separated by commas, e.g. specs,derived');
  const dirs: string[] = [];
  for (const entry of entries) {
    const dir = path.resolve(cwd, entry);
    let isDir = false;
    try {
      isDir = fs.statSync(dir).isDirectory();
    } catch {
      throw fail(`names ${dir}, which does not exist`);
    }
    if (!isDir) throw fail(`names ${dir}, which is not a folder`);
    if (dirs.includes(dir)) throw fail(`names ${dir} twice`);
    dirs.push(dir);
  }
  if (dirs.length === 1) return [{ dir: dirs[0] }];
  const byLabel = new Map<string, string>();
  for (const dir of dirs) {
    const label = path.basename(dir);
    const other = byLabel.get(label);
    if (other) throw fail(`names two folders called "${label}" (${other} and ${dir}): their ids would both be prefixed "${label}:"; rename one`);
    byLabel.set(label, dir);
  }
  return dirs.map((dir) => ({ dir, label: path.basename(dir) }));
}

/**
 * How the replay judges the misses of a folder's specs: the repository's specs/ as the target's
 * kind says (the embedded reference fails every miss: it embodies them); any other folder (derived
 * specs, a team's own) at its own levels, whatever the target: a `should` there warns even on the
 * reference.
 */
export function judgedAsOfFolder(folder: SpecFolder): TargetOrigin | undefined {
  return path.resolve(folder.dir) === DEFAULT_SPECS_DIR ? undefined : 'user';
}
