import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HarnessError } from '../core';

/** The NSS trust store for Chromium could not be built (certutil missing or failing). */
export class BrowserTrustError extends HarnessError {
  constructor(message: string) {
    super('HARNESS_ERR_BROWSER_TRUST', message);
  }
}

/**
 * A HOME folder of the harness's own whose NSS database trusts the given roots, so Chromium
 * verifies the target's certificates for real instead of ignoring errors. One folder per set of
 * roots, reused across runs; the user's own browser profile is never touched.
 */
export function nssHomeFor(caPems: string[], cacheDir: string): string {
  const digest = createHash('sha256').update(caPems.join('\n')).digest('hex').slice(0, 16);
  const home = path.join(cacheDir, `browser-home-${digest}`);
  const done = (dir: string) => path.join(dir, '.trust-installed');
  if (fs.existsSync(done(home))) return home;
  // Built in a folder of this process, then renamed into place: parallel workers (or runs) that
  // need the same trust store never see, or delete, each other's half-built database.
  fs.mkdirSync(cacheDir, { recursive: true });
  const building = fs.mkdtempSync(path.join(cacheDir, `.building-${digest}-`));
  const db = path.join(building, '.pki', 'nssdb');
  fs.mkdirSync(db, { recursive: true });
  try {
    execFileSync('certutil', ['-N', '-d', `sql:${db}`, '--empty-password'], { stdio: 'pipe' });
    caPems.forEach((pem, i) => {
      const file = path.join(building, `root-${i}.pem`);
      fs.writeFileSync(file, pem);
      execFileSync('certutil', ['-A', '-d', `sql:${db}`, '-t', 'C,,', '-n', `harness-root-${i}`, '-i', file], { stdio: 'pipe' });
    });
  } catch (err) {
    fs.rmSync(building, { recursive: true, force: true });
    const e = err as NodeJS.ErrnoException & { stderr?: Buffer };
    const why = e.code === 'ENOENT' ? 'certutil is not installed (Debian: apt-get install libnss3-tools)' : e.stderr?.toString() || e.message;
    throw new BrowserTrustError(`cannot build the browser trust store in ${home}: ${why}`);
  }
  fs.writeFileSync(done(building), `${new Date().toISOString()}\n`);
  if (fs.existsSync(home) && !fs.existsSync(done(home))) fs.rmSync(home, { recursive: true, force: true }); // left half-built by an older version
  try {
    fs.renameSync(building, home);
  } catch {
    // Another process finished first: its store is the same (same roots), keep it.
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(done(home))) throw new BrowserTrustError(`cannot build the browser trust store in ${home}: it is being replaced by another process`);
  }
  return home;
}
