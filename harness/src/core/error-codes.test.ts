/**
 * Every error class of the harness with its stable code, as undici documents its `UND_ERR_*` codes:
 * one row per class (and per code, where a class has several), built from an example input, with
 * its exact code, name and message. A new error class without a row fails the completeness test,
 * and docs/development.md's "Error codes" table lists exactly these codes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HarnessError } from './errors';
import { ROWS } from '../testing/error-code-rows';

/** Error classes that are bases only: the harness's own root, and the accept command's abstract class. */
const BASES = ['HarnessError', 'AcceptError'];

describe.each(ROWS.map((r) => [r.error.name, r.code, r] as const))('%s (%s)', (name, code, row) => {
  const error = row.make() as Error & { code?: unknown };

  test('is a HarnessError with its code and name', () => {
    expect(error).toBeInstanceOf(row.error);
    expect(error).toBeInstanceOf(HarnessError);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
    expect(error.name).toBe(name);
  });

  test('keeps its message', () => {
    expect(error.message).toBe(row.message);
  });
});

test('codes are HARNESS_ERR_<NAME>, and no two classes share one', () => {
  const classesOf = new Map<string, Set<string>>();
  for (const r of ROWS) {
    expect(r.code).toMatch(/^HARNESS_ERR_[A-Z0-9_]+$/);
    classesOf.set(r.code, (classesOf.get(r.code) ?? new Set<string>()).add(r.error.name));
  }
  expect([...classesOf].filter(([, classes]) => classes.size > 1)).toEqual([]);
});

const SRC = path.resolve(__dirname, '..');
const BUILTIN_ERRORS = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError', 'URIError', 'AggregateError']);

/** `class X extends Y` declarations of harness/src (tests and declaration files aside), by file. */
function classDeclarations(): Array<{ name: string; base: string; file: string }> {
  const out: Array<{ name: string; base: string; file: string }> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'fixtures') walk(full);
      } else if (/\.(ts|js)$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) {
        const text = fs.readFileSync(full, 'utf8');
        for (const m of text.matchAll(/\bclass\s+([A-Za-z_$][\w$]*)(?:<[^>]*>)?\s+extends\s+([A-Za-z_$][\w$.]*)/g)) {
          out.push({ name: m[1], base: m[2].split('.').pop() ?? m[2], file: path.relative(SRC, full) });
        }
      }
    }
  };
  walk(SRC);
  return out;
}

/** Every class of harness/src that is an error: extends a built-in error, or another such class. */
function errorClasses(): Array<{ name: string; base: string; file: string }> {
  const all = classDeclarations();
  const errors = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const c of all) {
      if (!errors.has(c.name) && (BUILTIN_ERRORS.has(c.base) || errors.has(c.base))) {
        errors.add(c.name);
        grew = true;
      }
    }
  }
  return all.filter((c) => errors.has(c.name));
}

test('the table is complete: every error class of harness/src has a row', () => {
  const found = errorClasses().map((c) => c.name);
  expect(found).toContain('SettingsError');
  const inTable = new Set(ROWS.map((r) => r.error.name));
  const withoutRow = found.filter((n) => !inTable.has(n) && !BASES.includes(n));
  expect(withoutRow).toEqual([]);
  const notFound = [...inTable].filter((n) => !found.includes(n));
  expect(notFound).toEqual([]);
});

test('every error class extends HarnessError: only HarnessError extends a built-in error', () => {
  const direct = errorClasses().filter((c) => BUILTIN_ERRORS.has(c.base));
  expect(direct.map((c) => `${c.file}: ${c.name} extends ${c.base}`)).toEqual(['core/errors.ts: HarnessError extends Error']);
});

test("docs/development.md's Error codes table lists exactly these codes", () => {
  const lines = fs.readFileSync(path.resolve(SRC, '../../docs/development.md'), 'utf8').split('\n');
  const start = lines.findIndex((l) => /^#+ Error codes\s*$/.test(l));
  expect(start).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l));
  const section = lines.slice(start + 1, end < 0 ? undefined : end);
  const documented = section.flatMap((l) => /^\| `(HARNESS_ERR_[A-Z0-9_]+)` \|/.exec(l)?.[1] ?? []);
  expect([...documented].sort()).toEqual([...new Set(ROWS.map((r) => r.code))].sort());
});
