/**
 * What every flow of a run shares: the target map, the placeholder table, the expectations read
 * from the spec files (the run's spec folders, HARNESS_SPECS: specs/<role>.json by default), timeouts and the fail-on threshold.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FailOn } from '../../core';
import { harnessSettings } from '../../settings/harness';
import { CHECKS } from '../../checks';
import { loadSpecList, SpecLoadError, specFilesIn } from '../../spec-model/load';
import { prefixIds } from '../../spec-model/spec-folders';
import type { SpecFolder } from '../../settings/spec-folders';
import type { PlaceholderValues } from '../../spec-model/placeholders';
import type { SpecFile } from '../../spec-model/types';
import { replayPlaceholders } from '../../replay';
import { ROLES, type Role, type TargetMap } from '../../target-map';
import { ExpectationIndex } from './expectations';
import type { FlowTimeouts } from './types';

export interface FlowEnvironment {
  map: TargetMap;
  values: PlaceholderValues;
  index: ExpectationIndex;
  /** Spec files that exist but do not load: each flow of that role reports it as an error. */
  specProblems: Partial<Record<Role, string>>;
  timeouts: FlowTimeouts;
  failOn: FailOn;
}

/** The role a spec file is for, from its name: `site.json`, `site.derived.json`. */
function roleOfFile(file: string): Role | undefined {
  const name = path.basename(file).split('.')[0];
  return (ROLES as readonly string[]).includes(name) ? (name as Role) : undefined;
}

/**
 * The spec files of one folder (`<role>.json`, `<role>.<anything>.json`), loaded together (a
 * `discover` names exchanges of other files). A file that does not load is that role's problem
 * only: the others are loaded again without it.
 */
function loadFolder(dir: string): { specs: SpecFile[]; problems: Partial<Record<Role, string>> } {
  const problems: Partial<Record<Role, string>> = {};
  let files = (fs.existsSync(dir) ? specFilesIn(dir) : []).flatMap((file) => {
    const role = roleOfFile(file);
    return role ? [{ role, file }] : [];
  });
  for (;;) {
    try {
      return {
        specs: loadSpecList(
          files.map((f) => f.file),
          CHECKS,
        ),
        problems,
      };
    } catch (e) {
      if (!(e instanceof SpecLoadError)) throw e;
      const broken = files.filter((f) => e.violations.some((v) => v.file === f.file));
      if (broken.length === 0) throw e;
      for (const f of broken) {
        const message = new SpecLoadError(e.violations.filter((v) => v.file === f.file)).message;
        problems[f.role] = problems[f.role] ? `${problems[f.role]}\n${message}` : message;
      }
      files = files.filter((f) => !broken.includes(f));
    }
  }
}

/**
 * The spec files of each folder of the run (HARNESS_SPECS), each folder on its own, its ids
 * prefixed with its name when there are several (as the raw replay loads them). A file that does
 * not load is its role's problem only.
 */
export function loadRoleSpecs(folders: string | readonly SpecFolder[]): { specs: SpecFile[]; problems: Partial<Record<Role, string>> } {
  const list: readonly SpecFolder[] = typeof folders === 'string' ? [{ dir: folders }] : folders;
  const specs: SpecFile[] = [];
  const problems: Partial<Record<Role, string>> = {};
  for (const folder of list) {
    const loaded = loadFolder(folder.dir);
    if (folder.label) prefixIds(loaded.specs, folder.label);
    specs.push(...loaded.specs);
    for (const [role, message] of Object.entries(loaded.problems) as Array<[Role, string]>)
      problems[role] = problems[role] ? `${problems[role]}\n${message}` : message;
  }
  return { specs, problems };
}

/** `folders`: the run's spec folders (HARNESS_SPECS), or one folder. */
export function flowEnvironment(map: TargetMap, folders: string | readonly SpecFolder[], env: NodeJS.ProcessEnv = process.env): FlowEnvironment {
  const values = replayPlaceholders(map);
  const { specs, problems } = loadRoleSpecs(folders);
  const settings = harnessSettings(env);
  return {
    map,
    values,
    index: new ExpectationIndex(specs, values),
    specProblems: problems,
    timeouts: { ...settings.browserTimeouts },
    failOn: settings.failOn,
  };
}
