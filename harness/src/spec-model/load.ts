/**
 * Reads spec files: JSON syntax, the JSON Schema, then what a schema cannot say (shape names,
 * regexes, check ids, id prefixes, duplicate ids across files). Every violation is collected and
 * reported together, each with its file, JSON pointer and reason. Check ids are validated against
 * the registry the caller passes (`CHECKS` of harness/src/checks, which sits above the spec model).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse as momoaParse } from '@humanwhocodes/momoa';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { HarnessError, lazySchemaValidators, type SchemaSet } from '../core';
import { compileTemplate, TemplateError } from '../discover/template';
import { ROLE_PLACEHOLDERS, ROLES, type Role } from '../target-map';
import { shapeByName, SHAPE_NAMES } from '../shapes';
import { KNOWN_FILE_NAME } from '../known/load';
import { selectFrom, selects, type CheckRegistry } from './check';
import { schemaViolations } from './schema-violations';
import { SPEC_SCHEMA } from './schema';
import type { DiscoverSpec, ExchangeSpec, SpecFile } from './types';
import type { SpecViolation } from './violation';

export type { SpecViolation, ViolationKind } from './violation';

export class SpecLoadError extends HarnessError {
  declare readonly code: 'HARNESS_ERR_SPEC_LOAD';
  readonly violations: SpecViolation[];
  constructor(violations: SpecViolation[]) {
    super(
      'HARNESS_ERR_SPEC_LOAD',
      `${violations.length} problem${violations.length === 1 ? '' : 's'} in spec files:\n` +
        violations.map((v) => `  ${v.file}#${v.pointer || '/'}: ${v.reason}`).join('\n'),
    );
    this.violations = violations;
  }
}

export const SPEC_VALIDATORS: SchemaSet<'spec'> = {
  options: { allErrors: true, strict: false, allowUnionTypes: true },
  schemas: { spec: SPEC_SCHEMA },
  refs: { spec: 'spec' },
};
const validators = lazySchemaValidators(SPEC_VALIDATORS);
const validate = (): ValidateFunction => validators().spec;

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function lineColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return { line, column: position - before.lastIndexOf('\n') };
}

function parseJson(file: string, text: string, out: SpecViolation[]): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    // Where, and what, in one line: momoa says both for any syntax error (JSON.parse's message has no position for some).
    let where: { line: number; column: number } | undefined;
    let what = (e as Error).message.split('\n')[0].replace(/ in JSON at position \d+.*$/, '');
    try {
      momoaParse(text);
    } catch (m) {
      const err = m as Error & { line?: number; column?: number };
      if (typeof err.line === 'number' && typeof err.column === 'number') {
        where = { line: err.line, column: err.column };
        what = err.message.replace(/\s*\(\d+:\d+\)$/, '');
      }
    }
    if (!where && text.trim() === '') where = lineColumn(text, text.length);
    out.push({ file, pointer: '', kind: 'json', reason: `invalid JSON${where ? ` at line ${where.line}, column ${where.column}` : ''}: ${what}`, ...where });
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Visits every matcher of a document, defensively: the document may have failed the schema.
 * Its visitors (weight, matcher, checks, exchange) are closures over `out`, `file` and `registry`
 * that call each other down the document's shape; kept together, none passes those three along.
 */
function semanticViolations(file: string, doc: unknown, registry: CheckRegistry): SpecViolation[] {
  const out: SpecViolation[] = [];
  /** A reference choice is never a fact: it cannot fail a run against someone else's target. */
  const weight = (m: Record<string, unknown>, pointer: string, inherited: unknown): unknown => {
    const source = m.source ?? inherited;
    if (source === 'reference' && (m.level === 'must' || m.level === 'should')) {
      out.push({
        file,
        pointer: `${pointer}/level`,
        kind: 'level',
        reason: `"${m.level}" on a reference expectation: a choice of the reference where the description is silent is "info" (use "capture" or "rfc" with the clause that states it)`,
      });
    }
    return source;
  };
  const matcher = (m: unknown, pointer: string, inherited?: unknown) => {
    if (!isObject(m)) return;
    weight(m, pointer, inherited);
    if (typeof m.shape === 'string' && !shapeByName(m.shape)) {
      out.push({ file, pointer: `${pointer}/shape`, kind: 'shape', reason: `unknown shape "${m.shape}" (known: ${SHAPE_NAMES.join(', ')})` });
    }
    if (typeof m.regex === 'string') {
      try {
        new RegExp(m.regex, typeof m.flags === 'string' ? m.flags : '');
      } catch (e) {
        out.push({ file, pointer: `${pointer}/regex`, kind: 'regex', reason: `invalid regex: ${(e as Error).message}` });
      }
    }
    if (Array.isArray(m.oneOf)) m.oneOf.forEach((x, i) => matcher(x, `${pointer}/oneOf/${i}`, m.source ?? inherited));
    if (Array.isArray(m.lines)) m.lines.forEach((x, i) => matcher(x, `${pointer}/lines/${i}`, m.source ?? inherited));
  };
  const checks = (list: unknown, pointer: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((c, i) => {
      if (typeof c === 'string' && selectFrom(registry, [c]).length === 0) {
        out.push({ file, pointer: `${pointer}/${i}`, kind: 'check', reason: `unknown check id or prefix "${c}"` });
      }
    });
  };
  const exchange = (ex: unknown, pointer: string, inherited?: unknown) => {
    if (!isObject(ex)) return;
    checks(ex.checks, `${pointer}/checks`);
    if (isObject(ex.checkLevels)) {
      const selected = Array.isArray(ex.checks)
        ? selectFrom(
            registry,
            ex.checks.filter((c): c is string => typeof c === 'string'),
          )
        : [];
      for (const key of Object.keys(ex.checkLevels))
        if (!selected.some((c) => selects(key, c.id)))
          out.push({ file, pointer: `${pointer}/checkLevels/${key}`, kind: 'check', reason: `"${key}" selects none of this exchange's checks` });
    }
    const source = weight(ex, pointer, inherited);
    const expect = ex.expect;
    if (!isObject(expect)) return;
    matcher(expect.status, `${pointer}/expect/status`, source);
    const status = isObject(expect.status) ? expect.status.equals : expect.status;
    if (status !== undefined && !(Number.isInteger(Number(status)) && /^\s*[1-5][0-9][0-9]\s*$/.test(String(status))))
      out.push({
        file,
        pointer: `${pointer}/expect/status`,
        kind: 'schema',
        reason: `status ${JSON.stringify(status)} is not an HTTP status: a number from 100 to 599, or a matcher ({"oneOf": [301, 302]}, {"range": {"min": 200, "max": 299}})`,
      });
    if (isObject(expect.headers)) for (const [k, v] of Object.entries(expect.headers)) matcher(v, `${pointer}/expect/headers/${escape(k)}`, source);
    if (isObject(expect.cookies)) {
      for (const [name, c] of Object.entries(expect.cookies)) {
        if (!isObject(c)) continue;
        const cookieSource = weight(c, `${pointer}/expect/cookies/${escape(name)}`, source);
        for (const attr of ['value', 'path', 'domain', 'expires', 'maxAge', 'sameSite'])
          matcher(c[attr], `${pointer}/expect/cookies/${escape(name)}/${attr}`, cookieSource);
      }
    }
    if (isObject(expect.body)) {
      const bodySource = weight(expect.body, `${pointer}/expect/body`, source);
      for (const attr of ['size', 'decodedSize']) matcher(expect.body[attr], `${pointer}/expect/body/${attr}`, bodySource);
    }
  };
  if (!isObject(doc)) return out;
  if (Array.isArray(doc.exchanges)) doc.exchanges.forEach((ex, i) => exchange(ex, `/exchanges/${i}`));
  if (Array.isArray(doc.flows)) {
    doc.flows.forEach((flow, i) => {
      if (!isObject(flow)) return;
      checks(flow.checks, `/flows/${i}/checks`);
      const source = weight(flow, `/flows/${i}`, undefined);
      if (Array.isArray(flow.steps)) flow.steps.forEach((s, j) => exchange(s, `/flows/${i}/steps/${j}`, source));
    });
  }
  return out;
}

/** Every id a document defines, with its pointer: exchanges, flows and flow steps. */
function idsOf(doc: unknown): Array<{ id: string; pointer: string }> {
  const out: Array<{ id: string; pointer: string }> = [];
  if (!isObject(doc)) return out;
  const add = (x: unknown, pointer: string) => {
    if (isObject(x) && typeof x.id === 'string') out.push({ id: x.id, pointer: `${pointer}/id` });
  };
  if (Array.isArray(doc.exchanges)) doc.exchanges.forEach((ex, i) => add(ex, `/exchanges/${i}`));
  if (Array.isArray(doc.flows)) {
    doc.flows.forEach((flow, i) => {
      add(flow, `/flows/${i}`);
      if (isObject(flow) && Array.isArray(flow.steps)) flow.steps.forEach((s, j) => add(s, `/flows/${i}/steps/${j}`));
    });
  }
  return out;
}

interface Checked {
  file: string;
  doc: unknown;
  violations: SpecViolation[];
}

function checkFile(file: string, registry: CheckRegistry): Checked {
  const violations: SpecViolation[] = [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return { file, doc: undefined, violations: [{ file, pointer: '', kind: 'io', reason: `cannot read: ${(e as Error).message}` }] };
  }
  const doc = parseJson(file, text.replace(/^\uFEFF/, ''), violations);
  if (violations.length) return { file, doc, violations };
  const valid = validate();
  if (!valid(doc)) violations.push(...schemaViolations(file, valid.errors ?? []));
  violations.push(...semanticViolations(file, doc, registry));
  if (isObject(doc) && typeof doc.role === 'string') {
    for (const { id, pointer } of idsOf(doc)) {
      if (!id.startsWith(`${doc.role}/`))
        violations.push({ file, pointer, kind: 'id-prefix', reason: `id "${id}" must start with the file's role: "${doc.role}/"` });
    }
  }
  return { file, doc, violations };
}

function duplicates(files: Checked[]): SpecViolation[] {
  const out: SpecViolation[] = [];
  const first = new Map<string, string>();
  for (const { file, doc } of files) {
    for (const { id, pointer } of idsOf(doc)) {
      const where = first.get(id);
      if (where) out.push({ file, pointer, kind: 'duplicate-id', reason: `duplicate id "${id}" (first defined at ${where})` });
      else first.set(id, `${file}#${pointer}`);
    }
  }
  return out;
}

/** The exchange a `discover.from` names, linked by the loader (not part of the JSON). */
const SOURCES = new WeakMap<DiscoverSpec, { exchange: ExchangeSpec; role: Role }>();

export function discoverSource(d: DiscoverSpec): { exchange: ExchangeSpec; role: Role } | undefined {
  return SOURCES.get(d);
}

/** Whether `from` names an address rather than an exchange id. */
export const isAddress = (from: string): boolean => from.startsWith('/') || from.startsWith('{');

/** Placeholder values for checking a template's syntax before any target is known. */
const SYNTAX_VALUES: Record<string, string> = Object.fromEntries([
  ...ROLES.map((r) => [ROLE_PLACEHOLDERS[r], `https://${r}.invalid`]),
  ['{section}', 'section'],
]);

/**
 * Links every `discover.from` that names an exchange to it, and checks what a schema cannot: the
 * exchange exists and is a GET, chains end, templates compile, `{{found}}` is only used with
 * `discover`.
 */
function linkDiscover(files: Checked[]): SpecViolation[] {
  const out: SpecViolation[] = [];
  const exchanges = new Map<string, { exchange: ExchangeSpec; role: Role }>();
  for (const { doc } of files) {
    if (!isObject(doc) || !Array.isArray(doc.exchanges)) continue;
    for (const ex of doc.exchanges)
      if (isObject(ex) && typeof ex.id === 'string') exchanges.set(ex.id, { exchange: ex as unknown as ExchangeSpec, role: doc.role as Role });
  }
  const visit = (file: string, ex: unknown, pointer: string) => {
    if (!isObject(ex)) return;
    const request = isObject(ex.request) ? ex.request : {};
    const uses = JSON.stringify(request).match(/\{\{found(_path)?\}\}/);
    const d = ex.discover;
    if (!isObject(d)) {
      if (uses) out.push({ file, pointer: `${pointer}/request`, kind: 'discover', reason: `${uses[0]} is used, but the exchange has no "discover"` });
      return;
    }
    if (typeof d.template === 'string') {
      try {
        compileTemplate(d.template, SYNTAX_VALUES, 'https://role.invalid');
      } catch (e) {
        if (e instanceof TemplateError) out.push({ file, pointer: `${pointer}/discover/template`, kind: 'discover', reason: e.message });
        else throw e;
      }
    }
    if (typeof d.from !== 'string' || isAddress(d.from)) return;
    const source = exchanges.get(d.from);
    if (!source) {
      out.push({
        file,
        pointer: `${pointer}/discover/from`,
        kind: 'discover',
        reason: `"${d.from}" is neither an exchange id of the loaded specs nor an address ("/..." or "{<role>_url}/...")`,
      });
      return;
    }
    if ((source.exchange.request?.method ?? 'GET').toUpperCase() !== 'GET') {
      out.push({ file, pointer: `${pointer}/discover/from`, kind: 'discover', reason: `"${d.from}" is not a GET exchange: a source page is read with GET` });
      return;
    }
    const chain = [String(ex.id)];
    for (
      let at: ExchangeSpec | undefined = source.exchange;
      at;
      at = at.discover && !isAddress(at.discover.from) ? exchanges.get(at.discover.from)?.exchange : undefined
    ) {
      if (chain.includes(at.id)) {
        out.push({
          file,
          pointer: `${pointer}/discover/from`,
          kind: 'discover',
          reason: `discovery goes round in a circle: ${[...chain, at.id].join(' -> ')}`,
        });
        return;
      }
      chain.push(at.id);
    }
    SOURCES.set(d as unknown as DiscoverSpec, source);
  };
  for (const { file, doc } of files) {
    if (!isObject(doc)) continue;
    if (Array.isArray(doc.exchanges)) doc.exchanges.forEach((ex, i) => visit(file, ex, `/exchanges/${i}`));
    if (Array.isArray(doc.flows)) {
      doc.flows.forEach((flow, i) => {
        if (isObject(flow) && Array.isArray(flow.steps)) flow.steps.forEach((s, j) => visit(file, s, `/flows/${i}/steps/${j}`));
      });
    }
  }
  return out;
}

/** One spec file, validated on its own (ids are checked for duplicates within the file); `checks`: the registry its check ids name. */
export function loadSpecFile(path: string, checks: CheckRegistry): SpecFile {
  const checked = checkFile(path, checks);
  const violations = [...checked.violations, ...duplicates([checked]), ...linkDiscover([checked])];
  if (violations.length) throw new SpecLoadError(violations);
  return checked.doc as SpecFile;
}

/** Spec files of a folder: every `*.json` except `*.schema.json` and the known deviations (`known-deviations.json`), not recursive, by file name. */
export function specFilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json') && !n.endsWith('.schema.json') && n !== KNOWN_FILE_NAME)
    .sort()
    .map((n) => join(dir, n));
}

/** All spec files of a folder, validated together (duplicate ids across files included); `checks`: the registry their check ids name. */
export function loadSpecs(dir: string, checks: CheckRegistry): SpecFile[] {
  let files: string[];
  try {
    files = specFilesIn(dir);
  } catch (e) {
    throw new SpecLoadError([{ file: dir, pointer: '', kind: 'io', reason: `cannot list: ${(e as Error).message}` }]);
  }
  // A folder without spec files would replay nothing and pass: never silently.
  if (files.length === 0) throw new SpecLoadError([{ file: dir, pointer: '', kind: 'io', reason: 'holds no spec file (<role>.json)' }]);
  return loadSpecList(files, checks);
}

/** These spec files, validated together (duplicate ids and `discover.from` across them). */
export function loadSpecList(files: readonly string[], checks: CheckRegistry): SpecFile[] {
  const checked = files.map((f) => checkFile(f, checks));
  // A file that does not parse hides the exchanges the others' `discover.from` name: its own error is the one cause.
  const unread = checked.some((c) => c.violations.some((v) => v.kind === 'json' || v.kind === 'io'));
  const violations = [...checked.flatMap((c) => c.violations), ...duplicates(checked), ...(unread ? [] : linkDiscover(checked))];
  if (violations.length) throw new SpecLoadError(violations);
  return checked.map((c) => c.doc as SpecFile);
}
