/**
 * The options of every browser context the harness opens on a target (the flows, discovery, the
 * HTTP/3 legs, `npm run record`): certificates judged (ignored only with TARGET_INSECURE=1), the
 * Basic credentials of TARGET_HEADERS for their one origin, and no downloads. Chromium writes a
 * download to disk as it arrives, a body no cap sees: a hostile page that sends itself to an
 * endless attachment would fill the runner's disk. Refused, Chromium cancels it at its first bytes.
 */
import type { BrowserContextOptions } from '@playwright/test';
import type { TargetMap } from '../target-map';
import { httpCredentialsFor } from './extra-headers';

export function targetContextOptions(map: TargetMap): BrowserContextOptions {
  const credentials = httpCredentialsFor(map);
  return { ignoreHTTPSErrors: map.insecure, acceptDownloads: false, ...(credentials ? { httpCredentials: credentials } : {}) };
}
