import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ExchangeSpec } from '../spec-model/types';
import { AcceptSpecsError } from './errors';
import { tempSpecs } from './fixtures';
import { DEFAULT_SPECS_DIR } from './options';
import { displayName, format, indexSteps, readSpecDocs, replaceForm, specLevel, stronger } from './spec-files';

test("the repository's spec files are written exactly as format() writes them", () => {
  const docs = readSpecDocs(DEFAULT_SPECS_DIR, path.resolve(DEFAULT_SPECS_DIR, '..'));
  expect(docs.length).toBeGreaterThan(3);
  for (const d of docs) expect({ file: d.name, canonical: d.canonical }).toEqual({ file: d.name, canonical: true });
  expect(docs.map((d) => d.name)).toContain('specs/site.json');
});

test('exchanges and flow steps are found by id', () => {
  const index = indexSteps(readSpecDocs(DEFAULT_SPECS_DIR));
  expect(index.get('site/home')?.step.title).toMatch(/Home page/);
  expect(index.get('site/visitor-flip/home')?.spec.name).toMatch(/site\.json$/);
  expect(index.has('compression/site/css/gzip')).toBe(false);
});

test('a folder whose files do not load is not edited; a missing folder is named', () => {
  const tmp = tempSpecs();
  try {
    fs.writeFileSync(path.join(tmp.dir, 'site.json'), '{"role": ');
    expect(() => readSpecDocs(tmp.dir)).toThrow(AcceptSpecsError);
    expect(() => readSpecDocs(tmp.dir)).toThrow(
      /the spec files do not load as they are, so they are not edited:\n\d+ problems? in spec files:\n.*site\.json#\/: invalid JSON/,
    );
    expect(() => readSpecDocs(path.join(tmp.root, 'none'))).toThrow(/none: no such folder/);
  } finally {
    tmp.cleanup();
  }
});

test('replaceForm puts the new form where the old one was and keeps the meta', () => {
  const old = { clause: 'c', regex: '^a$', flags: 'i', note: 'n', source: 'reference' };
  const next = replaceForm(old, 'b');
  expect(next).toEqual({ clause: 'c', equals: 'b', note: 'n', source: 'reference' });
  expect(Object.keys(next as object)).toEqual(['clause', 'equals', 'note', 'source']);
  expect(replaceForm({ list: ['A'], when: { status: 200 } }, { lines: [{ shape: 'uuid' }] })).toEqual({ lines: [{ shape: 'uuid' }], when: { status: 200 } });
  expect(replaceForm('a', { shape: 'hex' })).toEqual({ shape: 'hex' });
  expect(replaceForm({ shape: 'hex' }, 'x')).toBe('x');
  // The parts of a form (a directive list's separator, a Domain's relation) go with it.
  expect(replaceForm({ directives: { 'max-age': { min: 0, max: 120 } }, separator: ',', source: 'reference' }, 'x')).toEqual({
    equals: 'x',
    source: 'reference',
  });
  expect(replaceForm({ domainOf: '{base_url}', relation: 'host', note: 'n' }, { shape: 'any' })).toEqual({ shape: 'any', note: 'n' });
});

test('the level of an expectation as the evaluation weighs it', () => {
  const step = { id: 'site/a', source: 'capture' } as ExchangeSpec;
  expect(specLevel(step, ['x'])).toBe('must');
  expect(specLevel(step, [{ source: 'reference' }])).toBe('info');
  expect(specLevel(step, [{ source: 'rfc', level: 'should' }])).toBe('should');
  expect(specLevel({ ...step, source: 'reference' }, [{ equals: 'x' }])).toBe('info');
  expect(specLevel({ ...step, level: 'should' }, [{ source: 'reference' }, { clause: 'c' }])).toBe('info');
  expect(stronger('info', 'must')).toBe('must');
  expect(stronger('should', 'info')).toBe('should');
});

test('names as the repository names them', () => {
  expect(format({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  expect(displayName('/repo/specs/site.json', '/repo')).toBe('specs/site.json');
  expect(displayName('/tmp/x/specs/site.json', '/repo')).toBe('specs/site.json');
});
