/**
 * What every flow of a run shares: the target map, the placeholder table, the expectations read
 * from the spec files (specs/<role>.json, when they exist), timeouts and the fail-on threshold.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FailOn } from '../../core';
import { harnessSettings } from '../../settings/harness';
import { CHECKS } from '../../checks';
import { loadSpecList, SpecLoadError } from '../../spec-model/load';
import type { PlaceholderValues } from '../../spec-model/placeholders';
import type { SpecFile } from '../../spec-model/types';
import { replayPlaceholders } from '../../replay/run';
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

/**
 * specs/<role>.json of each role, where the file exists, loaded together (a `discover` names
 * exchanges of other files). A file that does not load is that role's problem only: the others
 * are loaded again without it.
 */
export function loadRoleSpecs(specsDir: string): { specs: SpecFile[]; problems: Partial<Record<Role, string>> } {
  const problems: Partial<Record<Role, string>> = {};
  let files = ROLES.map((role) => ({ role, file: path.join(specsDir, `${role}.json`) })).filter((f) => fs.existsSync(f.file));
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
      for (const f of broken) problems[f.role] = new SpecLoadError(e.violations.filter((v) => v.file === f.file)).message;
      files = files.filter((f) => !broken.includes(f));
    }
  }
}

export function flowEnvironment(map: TargetMap, specsDir: string, env: NodeJS.ProcessEnv = process.env): FlowEnvironment {
  const values = replayPlaceholders(map);
  const { specs, problems } = loadRoleSpecs(specsDir);
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
