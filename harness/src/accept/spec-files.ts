/**
 * The spec files as text and as editable JSON. The loader validates them first (a folder that does
 * not load is not edited); the documents edited are parsed from the text again so that key order is
 * the file's own, and written back the way the repository writes them, `JSON.stringify(doc, null, 2)`
 * plus a newline, which is byte-identical to every spec file as long as it was written that way.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultLevel, LEVELS, type Level, type Provenance } from '../core';
import { CHECKS } from '../checks';
import { loadSpecs, SpecLoadError, specFilesIn } from '../spec-model/load';
import { MATCHER_KINDS } from '../spec-model/matchers';
import type { ExchangeSpec, FlowSpec, HeaderSpec, MatcherMeta, SpecFile } from '../spec-model/types';
import { AcceptSpecsError } from './errors';

export interface SpecDoc {
  /** Absolute path. */
  file: string;
  /** As diffs and messages name it: `specs/site.json`. */
  name: string;
  text: string;
  /** Edited in place by the proposal. */
  doc: SpecFile;
  /** The text is what `format(doc)` gives: writing it back changes nothing else. */
  canonical: boolean;
}

export interface StepLocation {
  spec: SpecDoc;
  /** The exchange, or the flow step (the flow's own fields are not inherited by its steps' expectations). */
  step: ExchangeSpec;
  /** The flow of a step: its checks judge every step. */
  flow?: FlowSpec;
}

/** How the repository writes spec files. */
export function format(doc: unknown): string {
  return JSON.stringify(doc, null, 2) + '\n';
}

/** `specs/site.json` for a file of the repository's folder, `<folder>/site.json` for one elsewhere. */
export function displayName(file: string, cwd: string = process.cwd()): string {
  const rel = path.relative(cwd, file);
  if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep).join('/');
  return `${path.basename(path.dirname(file))}/${path.basename(file)}`;
}

/** A file as a message names it: relative to the working directory when inside it, else its whole path. */
export function shownPath(file: string, cwd: string = process.cwd()): string {
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : path.resolve(file);
}

/** Every spec file of the folder, after the loader accepted them together. */
export function readSpecDocs(dir: string, cwd: string = process.cwd()): SpecDoc[] {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new AcceptSpecsError(dir, 'no such folder (--specs names the folder of the spec files)');
  try {
    loadSpecs(dir, CHECKS);
  } catch (e) {
    if (e instanceof SpecLoadError) throw new AcceptSpecsError(dir, `the spec files do not load as they are, so they are not edited:\n${e.message}`);
    throw e;
  }
  return specFilesIn(dir).map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const doc = JSON.parse(text.replace(/^\uFEFF/, '')) as SpecFile;
    return { file, name: displayName(file, cwd), text, doc, canonical: format(doc) === text };
  });
}

/** Exchange ids and flow step ids -> where they are. */
export function indexSteps(specs: readonly SpecDoc[]): Map<string, StepLocation> {
  const out = new Map<string, StepLocation>();
  for (const spec of specs) {
    for (const ex of spec.doc.exchanges ?? []) out.set(ex.id, { spec, step: ex });
    for (const flow of spec.doc.flows ?? []) for (const step of flow.steps ?? []) out.set(step.id, { spec, step, flow });
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The level of an expectation as the evaluation weighs it: the step's level (default from its
 * source), overridden by each matcher on the way down that names a level or a source.
 */
export function specLevel(step: ExchangeSpec, chain: readonly unknown[]): Level {
  let level: Level = step.level ?? defaultLevel(step.source);
  for (const m of chain) {
    if (!isObject(m)) continue;
    const meta = m as MatcherMeta;
    if (meta.level) level = meta.level;
    else if (meta.source) level = defaultLevel(meta.source as Provenance);
  }
  return level;
}

/** The stronger of two levels (must > should > info). */
export function stronger(a: Level, b: Level): Level {
  return LEVELS.indexOf(a) <= LEVELS.indexOf(b) ? a : b;
}

/** Keys of a matcher that say what it matches; the rest (source, level, when, clause, note) is its meta. */
const FORM_KEYS: ReadonlySet<string> = new Set([...MATCHER_KINDS, 'lines', 'flags', 'separator', 'relation']);

/**
 * An expectation's new value with the old one's meta kept: its provenance, level, premise, clause
 * and note stay where they were, the new form takes the place of the old form's first key.
 */
export function replaceForm(old: unknown, next: HeaderSpec): HeaderSpec {
  if (!isObject(old)) return next;
  const meta = Object.keys(old).filter((k) => !FORM_KEYS.has(k));
  if (meta.length === 0) return next;
  const form: Record<string, unknown> = isObject(next) ? { ...(next as Record<string, unknown>) } : { equals: next };
  const out: Record<string, unknown> = {};
  let placed = false;
  for (const [k, v] of Object.entries(old)) {
    if (FORM_KEYS.has(k)) {
      if (!placed) Object.assign(out, form);
      placed = true;
    } else out[k] = v;
  }
  if (!placed) Object.assign(out, form);
  return out as unknown as HeaderSpec;
}
