import * as fs from 'node:fs';
import * as path from 'node:path';
import { renderDiff, validateProposal, writeProposal } from './apply';
import { AcceptInvalidProposalError } from './errors';
import { snapshot, tempSpecs } from './fixtures';
import type { FileChange } from './propose';
import { format, readSpecDocs } from './spec-files';

let tmp: ReturnType<typeof tempSpecs>;
beforeEach(() => {
  tmp = tempSpecs();
});
afterEach(() => tmp.cleanup());

/** site.json with one header added to site/home by `edit`. */
function change(edit: (headers: Record<string, unknown>) => void): FileChange {
  const spec = readSpecDocs(tmp.dir, tmp.root).find((d) => d.name === 'specs/site.json')!;
  edit(spec.doc.exchanges.find((e) => e.id === 'site/home')!.expect.headers as Record<string, unknown>);
  return { spec, after: format(spec.doc) };
}

test('a unified diff per file, named as the repository names it', () => {
  const diff = renderDiff([change((h) => (h['x-powered-by'] = { equals: 'Express', source: 'reference' }))]);
  expect(diff).toMatch(/^--- specs\/site\.json\n\+\+\+ specs\/site\.json\n@@ -\d+,\d+ \+\d+,\d+ @@\n/);
  expect(diff).toContain('+          "x-powered-by": {\n+            "equals": "Express",\n+            "source": "reference"\n');
  expect(renderDiff([])).toBe('');
});

test('a proposal that would not load is an error naming each violation, and the folder is left as it was', () => {
  const before = snapshot(tmp.dir);
  const bad = change((h) => {
    h['x-a'] = { shape: 'no-such-shape' };
    h['x-b'] = { equals: 'x', source: 'reference', level: 'must' };
  });
  let caught: unknown;
  try {
    validateProposal(tmp.dir, [bad]);
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(AcceptInvalidProposalError);
  const e = caught as AcceptInvalidProposalError;
  expect(e.code).toBe('HARNESS_ERR_ACCEPT_INVALID');
  expect(e.exitCode).toBe(1);
  expect(e.message).toMatch(/^the proposed spec files would not load, nothing written \(2 problems\):\n/);
  expect(e.message).toContain('  specs/site.json#/exchanges/0/expect/headers/x-a/shape: unknown shape "no-such-shape"');
  expect(e.message).toContain('  specs/site.json#/exchanges/0/expect/headers/x-b/level: "must" on a reference expectation');
  expect(snapshot(tmp.dir)).toEqual(before);
});

test('a valid proposal passes and is written as given', () => {
  const good = change((h) => (h['x-powered-by'] = { equals: 'Express', source: 'reference' }));
  expect(() => validateProposal(tmp.dir, [good])).not.toThrow();
  expect(writeProposal([good])).toEqual([good.spec.file]);
  expect(fs.readFileSync(path.join(tmp.dir, 'site.json'), 'utf8')).toBe(good.after);
  expect(fs.readdirSync(tmp.dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
});
