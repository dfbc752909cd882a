import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BROWSER_ENV, findChromium, isHeadlessShell, SYSTEM_CANDIDATES } from './chromium-path';

let dir: string;
const file = (name: string, mode: number) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, '#!/bin/sh\n');
  fs.chmodSync(p, mode);
  return p;
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-path-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test('the first executable candidate is the one driven: a headless shell before the full browser', () => {
  const shell = file('chromium-headless-shell', 0o755);
  const full = file('chromium', 0o755);
  expect(findChromium({}, [shell, full])).toEqual({ path: shell, source: 'system' });
  // Not executable: passed over for the next.
  fs.chmodSync(shell, 0o644);
  expect(findChromium({}, [shell, full])).toEqual({ path: full, source: 'system' });
  expect(findChromium({}, [path.join(dir, 'absent'), full])).toEqual({ path: full, source: 'system' });
});

test('the system list prefers the headless shell to the full Chromium', () => {
  const shell = SYSTEM_CANDIDATES.findIndex(isHeadlessShell);
  expect(shell).toBeGreaterThanOrEqual(0);
  expect(shell).toBeLessThan(SYSTEM_CANDIDATES.indexOf('/usr/bin/chromium'));
});

test(`${BROWSER_ENV} wins over every candidate, and a bad one is a problem that names it`, () => {
  const shell = file('chromium-headless-shell', 0o755);
  const chosen = file('my-chrome', 0o755);
  expect(findChromium({ [BROWSER_ENV]: chosen }, [shell])).toEqual({ path: chosen, source: BROWSER_ENV });
  const bad = path.join(dir, 'nothing-here');
  expect(findChromium({ [BROWSER_ENV]: bad }, [shell])).toEqual({ path: undefined, problem: `${BROWSER_ENV}="${bad}" is not an executable file` });
});

test("a headless shell is told by its name, Debian's and Playwright's", () => {
  expect(isHeadlessShell('/usr/bin/chromium-headless-shell')).toBe(true);
  expect(isHeadlessShell('/root/.cache/ms-playwright/chromium_headless_shell-1200/chrome-linux/headless_shell')).toBe(true);
  expect(isHeadlessShell('/opt/chrome-headless-shell')).toBe(true);
  expect(isHeadlessShell('/usr/bin/chromium')).toBe(false);
  expect(isHeadlessShell('/usr/bin/headless-shell-notes/chromium')).toBe(false);
  expect(isHeadlessShell('/usr/bin/notheadless-shell')).toBe(false);
});
