/**
 * The command line of `npm run accept`, validated once before any file is read, so a typo costs
 * one line of output and never a half-done run. Every default is written here and in USAGE.
 */
import * as path from 'node:path';
import { dayOf, isCalendarDate, isTicket } from '../known';
import { ROLES } from '../target-map/roles';
import { nearest } from '../target-map/nearest';
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
  /** `--known`: draft known deviations (not spec changes) from the run's failures, or prune entries the run no longer saw. */
  known?: KnownOptions;
}

export interface KnownOptions {
  /** The ticket URL of the drafted entries (required to draft). */
  ticket?: string;
  /** YYYY-MM-DD: their expiry date (required to draft). */
  expires?: string;
  /** Their reason; default a sentence naming the run, for the reviewer to replace. */
  reason?: string;
  /** Remove the entries the run reported as no longer seen. */
  prune: boolean;
  /** Only these causes, by their number in the report (`[2]`). */
  causes?: number[];
  /** Only causes about these (`header x-frame-options`, `status`, `cookie sid samesite`), as the report names them. */
  aspects?: string[];
  /** Only causes of these roles. */
  roles?: string[];
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
  --specs  folder of the spec files (default: the repository's specs/)

usage: npm run accept -- --known --from <results.json> --ticket <id or URL> --expires <YYYY-MM-DD> [--reason <text>]
         [--cause <N>]... [--aspect <what>]... [--role <role>]... [--ids <glob>]... [--prune] [--write]

  Drafts known deviations from the run's failures into the known deviations file
  (specs/known-deviations.json, or the file HARNESS_KNOWN names), as a unified diff: one entry per
  cause, as the report numbers them ([1], [2]...), its id the smallest glob over that cause's
  expectations and nothing else the run judged.
  --ticket   the ticket that tracks the fix: its id (OPS-412; HARNESS_TICKET_URL makes it a link
             in the report) or its URL; required to draft
  --expires  the last day the entries excuse a failure (YYYY-MM-DD, today or later); required to draft
  --reason   why they are accepted for now, for the entries drafted (default: a sentence naming
             the run, to replace)
  --cause    only the cause numbered N in the report; repeatable
  --aspect   only causes about this, as the report names it ("header x-frame-options", "status");
             repeatable
  --role     only causes of this role; repeatable
  --ids      only the expectations of tests whose id matches; repeatable
  --prune    also remove the entries the run reported as no longer seen; alone (no --ticket
             and --expires), only remove them`;

const nearestRole = (v: string): string => {
  const n = nearest(v, ROLES);
  return n ? `; did you mean ${n}?` : '';
};

/**
 * `null` when help was asked for. One argument loop, then the rules of how its options combine
 * (--known's own options, their pairs and formats): both read the same nine option variables, which
 * split apart would go back and forth as one more options type.
 */
export function parseOptions(argv: readonly string[], cwd: string = process.cwd()): AcceptOptions | null {
  let from: string | undefined;
  let mode: string | undefined;
  let specs: string | undefined;
  let write = false;
  let known = false;
  let prune = false;
  let ticket: string | undefined;
  let expires: string | undefined;
  let reason: string | undefined;
  const ids: string[] = [];
  const causes: number[] = [];
  const aspects: string[] = [];
  const roles: string[] = [];
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
      case '--known':
      case '--prune':
        if (eq >= 0) throw new AcceptUsageError(`${name} takes no value (got ${JSON.stringify(arg)})`);
        if (name === '--write') write = true;
        else if (name === '--known') known = true;
        else prune = true;
        break;
      case '--ticket':
        ticket = value();
        break;
      case '--cause': {
        const v = value();
        if (!/^[1-9][0-9]*$/.test(v)) throw new AcceptUsageError(`--cause ${JSON.stringify(v)} is not a cause number (the report numbers them [1], [2]...)`);
        causes.push(Number(v));
        break;
      }
      case '--aspect': {
        const v = value().trim().replace(/\s+/g, ' ');
        if (v === '') throw new AcceptUsageError('--aspect needs what failed, as the report names it ("header x-frame-options", "status")');
        aspects.push(v);
        break;
      }
      case '--role': {
        const v = value();
        if (!(ROLES as readonly string[]).includes(v))
          throw new AcceptUsageError(`--role ${JSON.stringify(v)} is not a role (${ROLES.join(', ')})${nearestRole(v)}`);
        roles.push(v);
        break;
      }
      case '--expires':
        expires = value();
        break;
      case '--reason':
        reason = value();
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
  const knownOnly = [
    ticket !== undefined && '--ticket',
    expires !== undefined && '--expires',
    reason !== undefined && '--reason',
    prune && '--prune',
    causes.length > 0 && '--cause',
    aspects.length > 0 && '--aspect',
    roles.length > 0 && '--role',
  ].filter((x): x is string => typeof x === 'string');
  if (!known && knownOnly.length)
    throw new AcceptUsageError(`${knownOnly.join(', ')} belong${knownOnly.length === 1 ? 's' : ''} to --known (known deviations)`);
  if (known) {
    if (mode !== undefined || specs !== undefined)
      throw new AcceptUsageError('--known drafts known deviations, not spec changes: --mode and --specs do not apply');
    if (!prune && (ticket === undefined || expires === undefined))
      throw new AcceptUsageError(
        `--known needs --ticket <id or URL> and --expires <YYYY-MM-DD>${ticket === undefined && expires === undefined ? '' : ticket === undefined ? ' (no --ticket given)' : ' (no --expires given)'}: a known deviation without a ticket and a date is never fixed`,
      );
    if ((ticket === undefined) !== (expires === undefined))
      throw new AcceptUsageError('--ticket and --expires go together: give both to draft entries, neither to only --prune');
    if (ticket !== undefined && !isTicket(ticket))
      throw new AcceptUsageError(`--ticket ${JSON.stringify(ticket)} is neither a ticket id (OPS-412, #412) nor an http:// or https:// URL`);
    if (expires !== undefined) {
      if (!isCalendarDate(expires)) throw new AcceptUsageError(`--expires ${JSON.stringify(expires)} is not a date written YYYY-MM-DD`);
      if (expires < dayOf(new Date())) throw new AcceptUsageError(`--expires ${expires} is already past`);
    }
    if (reason !== undefined && reason.trim() === '') throw new AcceptUsageError('--reason needs a non-empty text');
  }
  return {
    from: path.resolve(cwd, from),
    ids,
    mode: (mode as Mode | undefined) ?? 'missing',
    write,
    specs: specs === undefined ? DEFAULT_SPECS_DIR : path.resolve(cwd, specs),
    ...(known
      ? {
          known: {
            prune,
            ...(ticket !== undefined ? { ticket } : {}),
            ...(expires !== undefined ? { expires } : {}),
            ...(reason !== undefined ? { reason: reason.trim() } : {}),
            ...(causes.length ? { causes } : {}),
            ...(aspects.length ? { aspects } : {}),
            ...(roles.length ? { roles } : {}),
          },
        }
      : {}),
  };
}
