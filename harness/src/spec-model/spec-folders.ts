/**
 * The spec folders of a run (HARNESS_SPECS, `settings/spec-folders.ts`), loaded: each folder on
 * its own (its ids unique within it, its `discover.from` naming exchanges of its own files), then,
 * when the run has several, every id of a folder prefixed with the folder's name and a colon, so
 * that two folders may hold the same ids (hand-written `site/home` and a derived one) and every
 * test title, finding and report line says which folder it comes from.
 */
import type { SpecFolder } from '../settings/spec-folders';
import type { CheckRegistry } from './check';
import { loadSpecs, SpecLoadError } from './load';
import type { SpecFile } from './types';

export interface SpecSet {
  folder: SpecFolder;
  specs: SpecFile[];
}

/** `<label>:<id>`: the id of a spec item of a labelled folder. */
export function prefixedId(label: string | undefined, id: string): string {
  return label ? `${label}:${id}` : id;
}

/** Every id of the files (exchanges, flows, flow steps) prefixed with the label, in place: the links `discover` made at load stay. */
export function prefixIds(specs: readonly SpecFile[], label: string): void {
  for (const spec of specs) {
    for (const ex of spec.exchanges) ex.id = prefixedId(label, ex.id);
    for (const flow of spec.flows ?? []) {
      flow.id = prefixedId(label, flow.id);
      for (const step of flow.steps) step.id = prefixedId(label, step.id);
    }
  }
}

/** Each folder loaded and validated on its own; every problem of every folder in one SpecLoadError. */
export function loadSpecFolders(folders: readonly SpecFolder[], checks: CheckRegistry): SpecSet[] {
  const sets: SpecSet[] = [];
  const violations: SpecLoadError['violations'] = [];
  for (const folder of folders) {
    try {
      const specs = loadSpecs(folder.dir, checks);
      if (folder.label) prefixIds(specs, folder.label);
      sets.push({ folder, specs });
    } catch (e) {
      if (!(e instanceof SpecLoadError)) throw e;
      violations.push(...e.violations);
    }
  }
  if (violations.length) throw new SpecLoadError(violations);
  return sets;
}

/** The files of every set, in folder order. */
export function allSpecs(sets: readonly SpecSet[]): SpecFile[] {
  return sets.flatMap((s) => s.specs);
}
