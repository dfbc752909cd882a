import * as path from 'node:path';
import { parseSpecFolders, type SpecFolder } from '../../harness/src/settings/spec-folders';

/** The repository's root. */
export const ROOT = path.resolve(__dirname, '..', '..');

/**
 * The spec folders the tests of this folder replay: HARNESS_SPECS (checked by the global set-up's
 * runSettings before any test), by default the repository's specs/.
 */
export function specFolders(): readonly SpecFolder[] {
  return parseSpecFolders(process.env);
}
