/**
 * What every flow of a run shares: the target map, the placeholder table, the expectations read
 * from the spec files (specs/<role>.json, when they exist), timeouts and the fail-on threshold.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { failOnFromEnv, type FailOn } from '../../core';
import { loadSpecFile, SpecLoadError } from '../../spec/load';
import type { PlaceholderValues } from '../../spec/placeholders';
import type { SpecFile } from '../../spec/types';
import { replayPlaceholders } from '../../replay/run';
import { ROLES, type Role, type TargetMap } from '../../target';
import { ExpectationIndex } from './expectations';
import { timeoutsFromEnv, type FlowTimeouts } from './types';

export interface FlowEnvironment {
  map: TargetMap;
  values: PlaceholderValues;
  index: ExpectationIndex;
  /** Spec files that exist but do not load: each flow of that role reports it as an error. */
  specProblems: Partial<Record<Role, string>>;
  timeouts: FlowTimeouts;
  failOn: FailOn;
}

/** specs/<role>.json of each role, where the file exists. */
export function loadRoleSpecs(specsDir: string): { specs: SpecFile[]; problems: Partial<Record<Role, string>> } {
  const specs: SpecFile[] = [];
  const problems: Partial<Record<Role, string>> = {};
  for (const role of ROLES) {
    const file = path.join(specsDir, `${role}.json`);
    if (!fs.existsSync(file)) continue;
    try {
      specs.push(loadSpecFile(file));
    } catch (e) {
      problems[role] = e instanceof SpecLoadError ? e.message : `${file}: ${(e as Error).message}`;
    }
  }
  return { specs, problems };
}

export function flowEnvironment(map: TargetMap, specsDir: string, env: NodeJS.ProcessEnv = process.env): FlowEnvironment {
  const values = replayPlaceholders(map);
  const { specs, problems } = loadRoleSpecs(specsDir);
  return { map, values, index: new ExpectationIndex(specs, values), specProblems: problems, timeouts: timeoutsFromEnv(env), failOn: failOnFromEnv(env) };
}
