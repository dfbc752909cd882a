/**
 * The files Playwright writes on its own under its outputDir (`reports/test-results/`), beside the
 * harness's redacted ones: `error-context.md` (the failing page's ARIA snapshot, its links' signed
 * addresses whole), traces (every request and answer), its `screenshot` option's PNGs and videos.
 * Playwright has no setting that stops error-context.md, and none of them can be redacted reliably
 * (zipped network bodies, pixels), so the reporter removes them as each test ends, unless
 * HARNESS_KEEP_PLAYWRIGHT_FILES=1 keeps them (unredacted). The harness's own attachments (`findings`,
 * `har`, saved bodies, the flow's screenshot, all made redacted or as bytes) are never touched.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TestResult } from '@playwright/test/reporter';
import { KEEP_PLAYWRIGHT_FILES_VARIABLE } from '../settings/harness';

export type PlaywrightFileKind = 'error-context.md' | 'trace' | 'screenshot' | 'video';

type Attachment = TestResult['attachments'][number];

/**
 * Which of Playwright's own files an attachment is, or undefined for the harness's. The harness
 * attaches its screenshot as bytes; Playwright's `screenshot` option attaches a file (`test-failed-1.png`).
 */
export function playwrightFileOf(a: Pick<Attachment, 'name' | 'contentType' | 'path'>): PlaywrightFileKind | undefined {
  if (a.name === 'error-context') return 'error-context.md';
  if (!a.path) return undefined;
  if (a.name === 'trace' && a.contentType === 'application/zip') return 'trace';
  if (a.name === 'screenshot' && a.contentType.startsWith('image/')) return 'screenshot';
  if (a.name === 'video' && a.contentType.startsWith('video/')) return 'video';
  return undefined;
}

/** What a run did with Playwright's own files, by kind: how many it removed, or kept. */
export type PlaywrightFilesTally = Map<PlaywrightFileKind, number>;

/**
 * Removes Playwright's own attachments of `result`: their files (only inside `outputDir`, with the
 * test's folder when that leaves it empty) and their entries in `result.attachments` itself, so no
 * reporter after this one (`list` printing the failures at the end, `html`, `blob`) names or copies
 * a file that is gone. With `keep`, only counts them. Adds to `tally` either way.
 */
export function dropPlaywrightFiles(result: Pick<TestResult, 'attachments'>, outputDir: string | undefined, keep: boolean, tally: PlaywrightFilesTally): void {
  for (let i = result.attachments.length - 1; i >= 0; i--) {
    const a = result.attachments[i];
    const kind = playwrightFileOf(a);
    if (!kind) continue;
    tally.set(kind, (tally.get(kind) ?? 0) + 1);
    if (keep) continue;
    result.attachments.splice(i, 1);
    if (a.path && outputDir && inside(outputDir, a.path)) removeFile(a.path, outputDir);
  }
}

function inside(dir: string, file: string): boolean {
  const rel = path.relative(path.resolve(dir), path.resolve(file));
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function removeFile(file: string, outputDir: string): void {
  fs.rmSync(file, { force: true });
  const folder = path.dirname(file);
  if (!inside(outputDir, folder)) return;
  try {
    fs.rmdirSync(folder);
  } catch {
    /* not empty: the test's HAR or another file of its own stays */
  }
}

const LABELS: Record<PlaywrightFileKind, [string, string]> = {
  'error-context.md': ['error-context.md', 'error-context.md'],
  trace: ['trace', 'traces'],
  screenshot: ['screenshot', 'screenshots'],
  video: ['video', 'videos'],
};

function counted(tally: PlaywrightFilesTally): string {
  const kinds = (Object.keys(LABELS) as PlaywrightFileKind[]).filter((k) => tally.has(k));
  return kinds.map((k) => `${tally.get(k)} ${LABELS[k][tally.get(k) === 1 ? 0 : 1]}`).join(', ');
}

/** The run's one line about them, or undefined when Playwright wrote none. */
export function playwrightFilesLine(tally: PlaywrightFilesTally, keep: boolean, outputDirShown: string): string | undefined {
  if (!tally.size) return undefined;
  if (keep)
    return `conformance: Playwright's own files kept under ${outputDirShown} (${counted(tally)}): ${KEEP_PLAYWRIGHT_FILES_VARIABLE}=1, they hold pages and traffic unredacted, credentials and tokens included.`;
  return `conformance: Playwright's own files not kept (${counted(tally)}): Playwright writes pages and traffic into them unredacted. ${KEEP_PLAYWRIGHT_FILES_VARIABLE}=1 keeps them under ${outputDirShown}, credentials and tokens included.`;
}
