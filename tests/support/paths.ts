import * as path from 'node:path';

/** The repository's root, and its spec files (`specs/<role>.json`), which the tests of this folder replay. */
export const ROOT = path.resolve(__dirname, '..', '..');
export const SPECS_DIR = path.join(ROOT, 'specs');
