/**
 * The repository's own spec files (`specs/`) load as a run loads them: the schema, shape names,
 * regexes, check ids, id prefixes, ids unique across files and `discover` sources, one file per role.
 * The quick check after editing a spec: `npx jest harness/src/spec-model`.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CHECKS } from '../checks';
import { ROLES } from '../target-map';
import { loadSpecs, SpecLoadError, specFilesIn } from './load';

const SPECS = path.resolve(__dirname, '../../../specs');

test('specs/ loads without a violation: one file per role, each named after its role', () => {
  const files = loadSpecs(SPECS, CHECKS);
  expect(files.map((f) => f.role).sort()).toEqual([...ROLES].sort());
  expect(specFilesIn(SPECS).map((f) => path.basename(f, '.json'))).toEqual(files.map((f) => f.role));
  expect(files.every((f) => f.exchanges.length > 0)).toBe(true);
});

test('a copy of specs/ with an unknown check id and an id repeated across files is refused, each problem named', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repository-specs-'));
  try {
    for (const f of fs.readdirSync(SPECS)) fs.copyFileSync(path.join(SPECS, f), path.join(dir, f));
    const site = JSON.parse(fs.readFileSync(path.join(dir, 'site.json'), 'utf8')) as { exchanges: Array<{ id: string; checks?: string[] }> };
    const withChecks = site.exchanges.findIndex((e) => (e.checks ?? []).length > 0);
    site.exchanges[withChecks].checks = ['cache/no-such-check'];
    fs.writeFileSync(path.join(dir, 'site.json'), JSON.stringify(site));
    const bare = JSON.parse(fs.readFileSync(path.join(dir, 'bare.json'), 'utf8')) as { exchanges: Array<{ id: string }> };
    bare.exchanges.push({ ...bare.exchanges[0] });
    fs.writeFileSync(path.join(dir, 'bare.json'), JSON.stringify(bare));

    let error: unknown;
    try {
      loadSpecs(dir, CHECKS);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SpecLoadError);
    const found = (error as SpecLoadError).violations.map((v) => [path.basename(v.file), v.kind, v.reason]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['site.json', 'check', 'unknown check id or prefix "cache/no-such-check"'],
        ['bare.json', 'duplicate-id', expect.stringContaining(`duplicate id "${bare.exchanges[0].id}"`)],
      ]),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
