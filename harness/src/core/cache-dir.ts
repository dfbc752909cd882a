import * as path from 'node:path';

/** The harness's cache folder in the repository (git-ignored): NSS databases for Chromium, compiled schema validators. */
export const HARNESS_CACHE_DIR = path.resolve(__dirname, '../../../.harness-cache');
