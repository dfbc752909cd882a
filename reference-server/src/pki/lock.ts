import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { PkiError, isCode } from './errors';

export interface LockOptions {
  pollMs?: number;
  /** A lock untouched for this long belongs to a dead process. */
  staleMs?: number;
  timeoutMs?: number;
}

const DEFAULTS = { pollMs: 50, staleMs: 60_000, timeoutMs: 60_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task` while holding `lockPath`, a file created with O_EXCL, so that processes sharing the
 * folder (parallel test workers) take turns. Works across processes and within one alike.
 */
export async function withLock<T>(lockPath: string, task: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const settings = { ...DEFAULTS, ...options };
  const token = await acquire(lockPath, settings);
  // A long holder keeps its lock fresh so that waiters do not take it for a dead one.
  const heartbeat = setInterval(() => void touchIfOwned(lockPath, token), settings.staleMs / 4);
  heartbeat.unref();
  try {
    return await task();
  } finally {
    clearInterval(heartbeat);
    await releaseIfOwned(lockPath, token);
  }
}

async function acquire(lockPath: string, settings: typeof DEFAULTS): Promise<string> {
  const token = `${process.pid}-${randomBytes(8).toString('hex')}`;
  const deadline = Date.now() + settings.timeoutMs;
  for (;;) {
    try {
      const handle = await fs.open(lockPath, 'wx', 0o600);
      try {
        await handle.writeFile(JSON.stringify({ token, pid: process.pid, since: new Date().toISOString() }));
      } finally {
        await handle.close();
      }
      return token;
    } catch (error) {
      if (!isCode(error, 'EEXIST')) {
        throw new PkiError('PKI_LOCK_FAILED', `cannot create lock ${lockPath}: ${String(error)}`, { cause: error });
      }
    }
    if (await removeIfStale(lockPath, settings.staleMs)) continue;
    if (Date.now() >= deadline) {
      throw new PkiError('PKI_LOCK_TIMEOUT', `gave up after ${settings.timeoutMs} ms waiting for lock ${lockPath}`);
    }
    await sleep(settings.pollMs);
  }
}

/**
 * Moves a stale lock aside before deleting it, so that two waiters cannot both "remove the stale
 * lock" when the second one would in fact delete the fresh lock of the first.
 */
async function removeIfStale(lockPath: string, staleMs: number): Promise<boolean> {
  const seen = await fs.stat(lockPath).catch(() => undefined);
  if (!seen || Date.now() - seen.mtimeMs < staleMs) return false;
  const aside = `${lockPath}.${process.pid}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await fs.rename(lockPath, aside);
  } catch {
    return true;
  }
  const moved = await fs.stat(aside);
  if (moved.ino !== seen.ino || moved.dev !== seen.dev) {
    // Someone replaced the stale lock in between: give theirs back unless a third party holds one.
    await fs.link(aside, lockPath).catch(() => undefined);
  }
  await fs.rm(aside, { force: true });
  return true;
}

async function ownedBy(lockPath: string, token: string): Promise<boolean> {
  const content = await fs.readFile(lockPath, 'utf8').catch(() => '');
  return content.includes(`"${token}"`);
}

async function touchIfOwned(lockPath: string, token: string): Promise<void> {
  if (await ownedBy(lockPath, token)) {
    const now = new Date();
    await fs.utimes(lockPath, now, now).catch(() => undefined);
  }
}

async function releaseIfOwned(lockPath: string, token: string): Promise<void> {
  if (await ownedBy(lockPath, token)) await fs.rm(lockPath, { force: true });
}
