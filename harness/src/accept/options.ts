/**
 * The command line of `npm run accept`, validated once before any file is read, so a typo costs
 * one line of output and never a half-done run. Every default is written here and in USAGE.
 */
import * as path from 'node:path';
import { AcceptModeError, AcceptUsageError } from './errors';

export const MODES = ['missing', 'changed', 'all'] as const;
export type Mode = (typeof MODES)[number];

/** The repository's spec folder, whatever the working directory. */
export const DEFAULT_SPECS_DIR = path.resolve(__dirname, '../../../specs');

export interface AcceptOptions {
  /** The conformance run's results.json (required), resolved against the working directory. */
  from: string;
  /** Globs over exchange, flow and flow step ids (picomatch, `/` separates segments); empty: every id. */
  ids: string[];
  /** Default `missing`. */
  mode: Mode;
  /** Write the spec files; default false (print the diff only). */
  write: boolean;
  /** The folder of spec files; default the repository's `specs/`. */
  specs: string;
}

export const USAGE = `usage: npm run accept -- --from <results.json> [--ids <glob>]... [--mode missing|changed|all] [--write] [--specs <dir>]

  Proposes spec changes from what the target answered in a conformance run, as a unified diff.
  --from   results.json of the run (reports/conformance/results.json)
  --ids    only exchanges and flows whose id (or flow step id) matches; repeatable.
           "*" stays within one id segment, "**" crosses them: site/* is site/home but not
           site/static/css; site/** is everything under site/
  --mode   missing: add expectations for what the spec does not cover yet (default)
           changed: set expectations that did not pass to the observed value ("info" ones only)
           all:     both
  --write  write the spec files (validated first; nothing is written if they would not load)
  --specs  folder of the spec files (default: the repository's specs/)`;

/** `null` when help was asked for. */
export function parseOptions(argv: readonly string[], cwd: string = process.cwd()): AcceptOptions | null {
  let from: string | undefined;
  let mode: string | undefined;
  let specs: string | undefined;
  let write = false;
  const ids: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') continue;
    if (arg === '--help' || arg === '-h') return null;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const value = (): string => {
      if (eq >= 0) return arg.slice(eq + 1);
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) throw new AcceptUsageError(`${name} needs a value`);
      i++;
      return v;
    };
    switch (name) {
      case '--from':
        from = value();
        break;
      case '--ids': {
        const glob = value();
        if (glob.trim() === '') throw new AcceptUsageError('--ids needs a non-empty glob');
        ids.push(glob);
        break;
      }
      case '--mode':
        mode = value();
        break;
      case '--specs':
        specs = value();
        break;
      case '--write':
        if (eq >= 0) throw new AcceptUsageError(`--write takes no value (got ${JSON.stringify(arg)})`);
        write = true;
        break;
      default:
        throw new AcceptUsageError(
          arg.startsWith('-') ? `unknown option ${JSON.stringify(arg)}` : `unexpected argument ${JSON.stringify(arg)} (the results file is given with --from)`,
        );
    }
  }
  if (from === undefined || from === '')
    throw new AcceptUsageError('--from <results.json> is required (the results.json of a conformance run, e.g. reports/conformance/results.json)');
  if (mode !== undefined && !(MODES as readonly string[]).includes(mode)) throw new AcceptModeError(mode);
  return {
    from: path.resolve(cwd, from),
    ids,
    mode: (mode as Mode | undefined) ?? 'missing',
    write,
    specs: specs === undefined ? DEFAULT_SPECS_DIR : path.resolve(cwd, specs),
  };
}
