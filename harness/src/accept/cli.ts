/**
 * `npm run accept -- --from <results.json> [--ids <glob>]... [--mode missing|changed|all] [--write] [--specs <dir>]`
 * `npm run accept -- --known --from <results.json> --ticket <URL> --expires <YYYY-MM-DD> [--reason <text>] [--prune] [--write]`
 *
 * A reviewer decides what a spec says; this command only drafts it from what a target answered, so
 * by default it writes nothing and prints the diff it would apply, then what it refused and why.
 * Exit 0: done (also when there is nothing to change). Exit 2: bad input (the command line, the
 * results file, the spec folder), one line `accept: <message>` on stderr and no stack. Exit 1: the
 * proposal would not load, nothing written.
 */
import * as path from 'node:path';
import { DEFAULT_KNOWN_FILE, KnownDeviationsError, loadKnown } from '../known';
import type { ConformanceResults } from '../report/types';
import { harnessSettings } from '../settings/harness';
import { AcceptError, AcceptModeError, AcceptSpecsError, AcceptUsageError } from './errors';
import { draftKnown, renderKnownDiff, writeKnown } from './known';
import { parseOptions, USAGE, type AcceptOptions, type KnownOptions } from './options';
import { propose, type Proposal } from './propose';
import { readResults } from './read-results';
import { readSpecDocs, shownPath } from './spec-files';
import { renderDiff, validateProposal, writeProposal } from './apply';

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function summary(p: Proposal, written: string[] | undefined): string {
  const counts = `${plural(p.additions.length, 'addition', 'additions')}, ${plural(p.changes.length, 'change', 'changes')}, ${p.refused.length} refused`;
  if (p.files.length === 0) return `nothing to change (${counts}) in the ${plural(p.steps, 'step', 'steps')} looked at`;
  const where = `in ${plural(p.files.length, 'file', 'files')}`;
  return written ? `${counts}, ${where}; written: ${written.join(', ')}` : `${counts}, ${where}; nothing written (--write writes them)`;
}

export function main(argv: readonly string[], io: CliIo, cwd: string = process.cwd()): number {
  try {
    const options = parseOptions(argv, cwd);
    if (options === null) {
      io.out(USAGE);
      return 0;
    }
    const results = readResults(options.from);
    if (options.known) return knownMain(results, options.known, options, io, cwd);
    const specs = readSpecDocs(options.specs, cwd);
    const proposal = propose({ results, specs, mode: options.mode, ids: options.ids });
    validateProposal(options.specs, proposal.files);
    const diff = renderDiff(proposal.files);
    if (diff) io.out(diff.replace(/\n$/, ''));
    for (const r of proposal.refused) io.out(`${r.id}: refused: ${r.reason}`);
    for (const n of proposal.notes) io.out(`note: ${n}`);
    const written = options.write && proposal.files.length ? writeProposal(proposal.files).map((f) => shownPath(f, cwd)) : undefined;
    io.out(summary(proposal, written));
    return 0;
  } catch (e) {
    if (!(e instanceof AcceptError)) throw e;
    io.err(`accept: ${e.message}`);
    if (e instanceof AcceptUsageError || e instanceof AcceptModeError) io.err('accept: see npm run accept -- --help');
    return e.exitCode;
  }
}

/** `--known`: the known deviations drafted (and pruned) as a diff; written with --write. */
function knownMain(results: ConformanceResults, known: KnownOptions, options: AcceptOptions, io: CliIo, cwd: string): number {
  let file;
  try {
    // The file HARNESS_KNOWN names may not exist yet: this command writes it.
    const named = harnessSettings(process.env).knownFile;
    file = loadKnown(named ? path.resolve(cwd, named) : DEFAULT_KNOWN_FILE);
  } catch (e) {
    if (e instanceof KnownDeviationsError)
      throw new AcceptSpecsError(e.file, `the known deviations file does not load as it is, so it is not edited:\n${e.message}`);
    throw e;
  }
  const draft = draftKnown(results, file, known, options.ids, cwd);
  const diff = renderKnownDiff(draft);
  if (diff) io.out(diff.replace(/\n$/, ''));
  for (const c of draft.causes) io.out(`cause ${c}`);
  for (const n of draft.notes) io.out(`note: ${n}`);
  const counts = `${plural(draft.added.length, 'entry drafted', 'entries drafted')}, ${plural(draft.pruned.length, 'entry pruned', 'entries pruned')}`;
  if (!diff) io.out(`nothing to change (${counts}) in ${draft.name}`);
  else if (options.write) {
    writeKnown(draft, file.file);
    io.out(`${counts}; written: ${shownPath(file.file, cwd)}`);
  } else io.out(`${counts} in ${draft.name}; nothing written (--write writes it)`);
  return 0;
}

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2), { out: (t) => console.log(t), err: (t) => console.error(t) });
}
