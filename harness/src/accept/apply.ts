/**
 * Shows and writes a proposal. The new files are loaded by the same loader a run uses, in a copy of
 * the folder, before anything is shown as applicable or written: a proposal that would break the
 * next run is an error naming its violations, and the real folder is left as it was.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { CHECKS } from '../checks';
import { loadSpecs, SpecLoadError } from '../spec-model/load';
import { AcceptInvalidProposalError } from './errors';
import type { FileChange } from './propose';

/** A unified diff per changed file, named as the repository names them (`specs/site.json`). */
export function renderDiff(files: readonly FileChange[]): string {
  return files
    .map((f) => createTwoFilesPatch(f.spec.name, f.spec.name, f.spec.text, f.after, undefined, undefined, { context: 3, headerOptions: FILE_HEADERS_ONLY }))
    .join('');
}

/** Loads the folder with the proposal applied, in a temporary copy; throws naming every violation. */
export function validateProposal(dir: string, files: readonly FileChange[]): void {
  if (files.length === 0) return;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'accept-specs-'));
  try {
    for (const name of fs.readdirSync(dir)) if (name.endsWith('.json')) fs.copyFileSync(path.join(dir, name), path.join(tmp, name));
    const named = new Map<string, string>();
    for (const f of files) {
      const base = path.basename(f.spec.file);
      fs.writeFileSync(path.join(tmp, base), f.after);
      named.set(base, f.spec.name);
    }
    try {
      loadSpecs(tmp, CHECKS);
    } catch (e) {
      if (!(e instanceof SpecLoadError)) throw e;
      throw new AcceptInvalidProposalError(
        e.violations.map((v) => `${named.get(path.basename(v.file)) ?? path.basename(v.file)}#${v.pointer || '/'}: ${v.reason}`),
      );
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Writes the new texts; returns the files written. */
export function writeProposal(files: readonly FileChange[]): string[] {
  for (const f of files) {
    const tmp = `${f.spec.file}.accept-${process.pid}.tmp`;
    fs.writeFileSync(tmp, f.after);
    fs.renameSync(tmp, f.spec.file);
  }
  return files.map((f) => f.spec.file);
}
