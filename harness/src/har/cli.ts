/**
 * `npm run har2spec -- <file.har>... [--roles <mapping.json>] [--out specs/]`
 *
 * Exit 0: specs written. Exit 1: a HAR is invalid (every problem printed with its JSON path) or
 * unreadable (one line); nothing is written. Exit 2: usage error (arguments, mapping file).
 */
import * as fs from 'node:fs';
import { SpecLoadError } from '../spec-model/load';
import { DEFAULT_AUTHORITY_DIR, loadAuthority, NO_AUTHORITY, type Authority } from './authority';
import { deriveSpecs } from './derive';
import { HarInvalidError, UsageError } from './errors';
import { defaultRoleMapping, loadRoleMapping } from './role-mapping';
import { writeSpecs } from './write-specs';

export const USAGE = `usage: npm run har2spec -- <file.har>... [--roles <mapping.json>]... [--out <dir>] [--mirror] [--authority <dir>|none]

  Validates each HAR (har-validator), maps hostnames to roles, and writes <dir>/<role>.derived.json
  (default dir: specs/) beside hand-written <role>.json files, which are never modified. Several
  HARs (production and staging, or two recordings) are compared: what they agree on is kept, what
  differs becomes a shape.
  --roles  JSON { "hosts": { "<hostname>": "<role>", ... }, "section": "static" }: once for every
           HAR, or once per HAR in the same order (each deployment's own names). Without "section",
           each HAR's {section} is read from its site pages. Default: the reference's host names
  --out    output directory (default specs/)
  --authority  the hand-written specs derived levels come from (default: this repository's specs/,
           the service description in executable form): a fact they state for the same role,
           method, status and address shape keeps their matcher and level; a fact only the capture
           shows warns. "none": every fact is the capture's alone (a warning)
  --mirror every observed fact must, after the same generalisation: for a re-platform where staging
           must match production field for field`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

interface Args {
  files: string[];
  roles: string[];
  out: string;
  help: boolean;
  mirror: boolean;
  authority?: string;
}

export function parseArgs(argv: string[]): Args {
  const args: Args = { files: [], roles: [], out: 'specs', help: false, mirror: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (name: string): string => {
      const eq = a.indexOf('=');
      if (eq >= 0) return a.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} needs a value`);
      return v;
    };
    if (a === '--') continue;
    if (a === '--help' || a === '-h') args.help = true;
    else if (a === '--roles' || a.startsWith('--roles=')) args.roles.push(value('--roles'));
    else if (a === '--out' || a.startsWith('--out=')) args.out = value('--out');
    else if (a === '--mirror') args.mirror = true;
    else if (a === '--authority' || a.startsWith('--authority=')) args.authority = value('--authority');
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`);
    else args.files.push(a);
  }
  return args;
}

/** The hand-written specs of `--authority` (a folder, or `none`); a folder that does not load is a usage error naming its problems. */
function authorityOf(dir: string | undefined): Authority {
  if (dir === 'none') return NO_AUTHORITY;
  if (dir !== undefined && !fs.existsSync(dir)) throw new UsageError(`--authority ${dir}: no such folder`);
  try {
    return loadAuthority(dir ?? DEFAULT_AUTHORITY_DIR);
  } catch (e) {
    if (e instanceof SpecLoadError) throw new UsageError(`--authority ${dir ?? DEFAULT_AUTHORITY_DIR}: ${e.message.split('\n')[0]} (${e.violations.length} problem(s); first: ${e.violations[0]?.file} ${e.violations[0]?.pointer}: ${e.violations[0]?.reason})`);
    throw e;
  }
}

export function main(argv: string[], io: CliIo): number {
  try {
    const args = parseArgs(argv);
    if (args.help) {
      io.out(USAGE);
      return 0;
    }
    if (args.files.length === 0) throw new UsageError('no HAR file given');
    for (const f of args.files) if (!fs.existsSync(f)) throw new UsageError(`${f}: no such file`);
    if (args.roles.length > 1 && args.roles.length !== args.files.length)
      throw new UsageError(`${args.roles.length} --roles for ${args.files.length} HAR files: give one for all, or one per HAR in the same order`);
    const mapping = args.roles.length ? args.roles.map(loadRoleMapping) : defaultRoleMapping();
    const result = deriveSpecs(args.files, mapping, { authority: authorityOf(args.authority), mirror: args.mirror });
    io.out(`levels: ${args.mirror ? 'mirror (every observed fact must)' : `by authority (${args.authority === 'none' ? 'none: every fact is the capture\'s' : (args.authority ?? 'the repository\'s specs/')})`}`);
    io.out(`${result.entries} entries read, ${result.used} on mapped hosts`);
    for (const s of result.sections) io.out(`${s.file}: {section} is ${s.section} (${s.from})`);
    if (result.unmapped.size) {
      const list = [...result.unmapped.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
      io.out(`skipped ${list.reduce((n, [, c]) => n + c, 0)} entries (unmapped hosts, no answer): ${list.map(([h, c]) => `${h} (${c})`).join(', ')}`);
    }
    writeSpecs(result.specs, args.out, io.out);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`har2spec: ${err.message}`);
      io.err(USAGE);
      return 2;
    }
    if (err instanceof HarInvalidError) {
      io.err(err.message);
      io.err(`har2spec: ${err.problems.length} problem(s); nothing written`);
      return 1;
    }
    throw err;
  }
}

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2), { out: (l) => console.log(l), err: (l) => console.error(l) });
}
