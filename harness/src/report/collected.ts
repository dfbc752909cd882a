/**
 * What the reporter takes from Playwright for each test: plain data (no Playwright objects), so
 * `buildResults` is pure and its tests need no runner. Attachments keep their bytes as Buffers
 * (Playwright hands them over that way, also when merging blob reports); path attachments keep
 * the path (the HAR), read when the results are built.
 */
import * as fs from 'node:fs';
import type { TestCase, TestResult, TestStep } from '@playwright/test/reporter';
import { redirectChain } from './redirects';
import type { RedirectHop } from './types';

export interface CollectedAttachment {
  name: string;
  contentType: string;
  body?: Buffer;
  path?: string;
}

export interface CollectedTest {
  /** describe blocks and title, without the root, project and file suites. */
  titlePath: string[];
  project: string;
  /** Spec file relative to the root directory, `/`-separated. */
  file: string;
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  expectedStatus: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  errors: string[];
  /** Whether an `expect` of the test failed (Playwright's own step record, soft assertions included): a failed test without one threw. */
  assertionFailed: boolean;
  annotations: Array<{ type: string; description?: string }>;
  attachments: CollectedAttachment[];
  durationMs: number;
  retry: number;
  startTime: string;
  /** Redirect hops from the test's `har` attachment (read from its file when collected). */
  redirects?: RedirectHop[];
}

const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** Turns Playwright's test and (last) result into CollectedTest. */
export function collectTest(test: TestCase, result: TestResult, rootDir: string): CollectedTest {
  const path = test.titlePath();
  // ['', project, file, ...describes, title]
  const project = test.parent.project()?.name ?? path[1] ?? '';
  const titlePath = path.slice(3);
  // The file the test belongs to (its file suite), not where test() was called: a shared helper defines the tests of several files.
  let file = path[2] || test.location.file;
  if (rootDir && file.startsWith(rootDir)) file = file.slice(rootDir.length).replace(/^[\\/]+/, '');
  file = file.split('\\').join('/');
  const errors = (result.errors.length ? result.errors : result.error ? [result.error] : []).map((e) => stripAnsi(e.message ?? e.value ?? String(e)));
  const annotations = [...test.annotations, ...(result.annotations ?? [])].map((a) => ({
    type: a.type,
    ...(a.description !== undefined ? { description: a.description } : {}),
  }));
  const attachments: CollectedAttachment[] = [];
  let redirects: RedirectHop[] | undefined;
  for (const a of result.attachments) {
    let body = a.body !== undefined ? (Buffer.isBuffer(a.body) ? a.body : Buffer.from(a.body as unknown as string)) : undefined;
    if (a.name === 'har' && a.path) {
      redirects = readHarRedirects(a.path);
      continue;
    }
    // A screenshot saved to a file (Playwright's own `screenshot` option) is read now: the file may not outlive the run.
    if (!body && a.path && a.contentType === 'image/png' && a.name === 'screenshot') body = readFile(a.path);
    attachments.push({ name: a.name, contentType: a.contentType, ...(body ? { body } : {}), ...(a.path !== undefined && !body ? { path: a.path } : {}) });
  }
  return {
    titlePath,
    project,
    file,
    status: result.status,
    expectedStatus: test.expectedStatus,
    errors,
    assertionFailed: result.steps.some(failedExpect),
    annotations: dedupeAnnotations(annotations),
    attachments,
    durationMs: result.duration,
    retry: result.retry,
    startTime: result.startTime.toISOString(),
    ...(redirects ? { redirects } : {}),
  };
}

const failedExpect = (s: TestStep): boolean => (s.category === 'expect' && s.error !== undefined) || s.steps.some(failedExpect);

function readFile(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

function readHarRedirects(file: string): RedirectHop[] | undefined {
  const raw = readFile(file);
  if (!raw) return undefined;
  try {
    return redirectChain(JSON.parse(raw.toString('utf8')));
  } catch {
    return undefined;
  }
}

function dedupeAnnotations(list: Array<{ type: string; description?: string }>): Array<{ type: string; description?: string }> {
  const seen = new Set<string>();
  return list.filter((a) => {
    const k = `${a.type}\u0000${a.description ?? ''}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
