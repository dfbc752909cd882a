import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { PkiError } from './errors';
import { withLock } from './lock';
import { tempDir } from './test-fixtures';

let dir: string;
let lockPath: string;
let count = 0;

beforeAll(async () => {
  dir = await tempDir('pki-lock');
});
beforeEach(() => {
  lockPath = path.join(dir, `test-${count++}.lock`);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function foreignLock(ageMs: number): Promise<void> {
  await fs.writeFile(lockPath, JSON.stringify({ token: 'other', pid: 999_999 }));
  const time = new Date(Date.now() - ageMs);
  await fs.utimes(lockPath, time, time);
}

test('tasks under the same lock never overlap, and the lock is gone afterwards', async () => {
  let inside = 0;
  let most = 0;
  const task = async () => {
    inside++;
    most = Math.max(most, inside);
    await sleep(30);
    inside--;
  };
  await Promise.all(Array.from({ length: 5 }, () => withLock(lockPath, task, { pollMs: 5 })));
  expect(most).toBe(1);
  await expect(fs.stat(lockPath)).rejects.toMatchObject({ code: 'ENOENT' });
});

test('a lock of a dead process older than the stale age is removed and taken', async () => {
  await foreignLock(61_000);
  const result = await withLock(lockPath, async () => JSON.parse(await fs.readFile(lockPath, 'utf8')).pid);
  expect(result).toBe(process.pid);
  await expect(fs.stat(lockPath)).rejects.toMatchObject({ code: 'ENOENT' });
  expect((await fs.readdir(dir)).filter((f) => f.includes('.stale'))).toEqual([]);
});

test('a younger lock is respected until the timeout, which names the lock', async () => {
  await foreignLock(59_000);
  const error = await withLock(lockPath, async () => 'ran', { timeoutMs: 200, pollMs: 20 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PkiError);
  expect(error).toMatchObject({ code: 'PKI_LOCK_TIMEOUT', message: expect.stringContaining(lockPath) });
  expect(JSON.parse(await fs.readFile(lockPath, 'utf8')).token).toBe('other');
});

test('a waiter takes the lock once its holder releases it: not before, and before its own timeout', async () => {
  await foreignLock(0);
  const timeoutMs = 5_000;
  let releasing = false;
  let timedOut = false;
  const timeout = setTimeout(() => (timedOut = true), timeoutMs);
  setTimeout(() => {
    releasing = true;
    void fs.rm(lockPath);
  }, 150);
  try {
    const seen = await withLock(lockPath, async () => ({ releasing, timedOut, holder: JSON.parse(await fs.readFile(lockPath, 'utf8')).pid }), { timeoutMs });
    expect(seen).toEqual({ releasing: true, timedOut: false, holder: process.pid });
  } finally {
    clearTimeout(timeout);
  }
});

test('a holder does not delete a lock that is no longer its own', async () => {
  await withLock(lockPath, async () => {
    await fs.writeFile(lockPath, JSON.stringify({ token: 'other', pid: 999_999 }));
  });
  expect(JSON.parse(await fs.readFile(lockPath, 'utf8')).token).toBe('other');
});

test('a failing task still releases the lock', async () => {
  await expect(withLock(lockPath, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  await expect(fs.stat(lockPath)).rejects.toMatchObject({ code: 'ENOENT' });
});
