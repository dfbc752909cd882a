/**
 * `npm run accept -- --known`: known deviations drafted from a run's failures, as a diff of the
 * known deviations file for a reviewer (written only with --write). Each cause of the run's
 * failures, as the report numbers them, that no unexpired entry covers becomes one entry: the
 * smallest glob over its expectations, the value it showed (when it was one value, not a secret),
 * the reason, the ticket and the date given (known-causes.ts). `--prune` removes the
 * entries the run reported as no longer seen. The new file is loaded as a run loads it before
 * anything is shown as applicable.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { KnownDeviationsError, loadKnown, type KnownDeviations } from '../known';
import type { ConformanceResults } from '../report/types';
import { AcceptInvalidProposalError } from './errors';
import { draftByCause } from './known-causes';
import type { KnownOptions } from './options';
import { displayName } from './spec-files';

export interface KnownDraft {
  /** As diffs name it (`specs/known-deviations.json`). */
  name: string;
  before: string;
  after: string;
  added: string[];
  pruned: string[];
  /** Failing expectations left out, and why. */
  notes: string[];
  /** Each drafted entry with the cause it is for: `[2] site: header x-frame-options is (absent) ...: site/* header x-frame-options (7 expectations)`. */
  causes: string[];
}

type Entry = { id: string; actual?: string; reason: string; ticket: string; expires: string };

export function draftKnown(
  results: ConformanceResults,
  known: KnownDeviations,
  options: KnownOptions,
  ids: readonly string[],
  cwd: string = process.cwd(),
): KnownDraft {
  const before = known.present ? fs.readFileSync(known.file, 'utf8') : '';
  const doc = (before.trim() ? JSON.parse(before.replace(/^\uFEFF/, '')) : { $schema: './known-deviations.schema.json', deviations: [] }) as {
    deviations: Entry[];
  };
  const notes: string[] = [];
  const pruned: string[] = [];
  if (options.prune) {
    const unseen = new Set((results.known?.entries ?? []).filter((e) => e.status === 'unseen').map((e) => `${e.index}\u0000${e.id}`));
    doc.deviations = doc.deviations.filter((e, i) => {
      const gone = unseen.has(`${i}\u0000${e.id}`);
      if (gone) pruned.push(e.id);
      return !gone;
    });
  }
  const added: string[] = [];
  const causes: string[] = [];
  if (options.ticket && options.expires) {
    const kept = known.entries.filter((k) => !pruned.includes(k.id));
    const reason = options.reason ?? `accepted from the run of ${results.run.startedAt} (npm run accept -- --known): say why`;
    for (const d of draftByCause(results, kept, options, ids, notes)) {
      causes.push(`[${d.cause}] ${d.headline}: ${d.id} (${d.expectations} expectation${d.expectations === 1 ? '' : 's'})`);
      doc.deviations.push({ id: d.id, ...(d.actual !== undefined ? { actual: d.actual } : {}), reason, ticket: options.ticket, expires: options.expires });
      added.push(d.id);
    }
  }
  const after = added.length || pruned.length ? `${JSON.stringify(doc, null, 2)}\n` : before;
  if (after !== before) checkLoads(after, known.file);
  return { name: displayName(known.file, cwd), before, after, added, pruned, notes, causes };
}

/** The drafted file must load as a run loads it; nothing is shown as applicable otherwise. */
function checkLoads(text: string, file: string): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accept-known-'));
  try {
    const tmp = path.join(dir, path.basename(file));
    fs.writeFileSync(tmp, text);
    loadKnown(tmp, { explicit: true });
  } catch (e) {
    if (e instanceof KnownDeviationsError) throw new AcceptInvalidProposalError([...e.problems]);
    throw e;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function renderKnownDiff(d: KnownDraft): string {
  if (d.before === d.after) return '';
  return createTwoFilesPatch(d.name, d.name, d.before, d.after, undefined, undefined, { context: 3, headerOptions: FILE_HEADERS_ONLY });
}

export function writeKnown(d: KnownDraft, file: string): void {
  const tmp = `${file}.accept-${process.pid}.tmp`;
  fs.writeFileSync(tmp, d.after);
  fs.renameSync(tmp, file);
}
