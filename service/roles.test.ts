/**
 * Adding a role means an entry in `roles.ts`, its spec file and its host in the reference, and
 * nothing else: every role has both, nothing else names a role that is not in the list, and no
 * other source file enumerates the roles (the host registry, one factory per role, aside).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROLE_TABLE, ROLES } from './roles';

const ROOT = path.resolve(__dirname, '..');
const SPEC_FILES = fs.readdirSync(path.join(ROOT, 'specs')).filter((f) => /^[a-z]+\.json$/.test(f) && f !== 'known-deviations.json');
const HOSTS = path.join(ROOT, 'reference-server/src/hosts');

/** Files whose text names every role: as a quoted literal or as an object key. */
function enumeratesRoles(text: string, roles: readonly string[]): boolean {
  return roles.every((r) => new RegExp(`(['"\`])${r}\\1|(^|[\\s{,])${r}\\s*:`, 'm').test(text));
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== '__fixtures__' && e.name !== 'content') out.push(...sources(p));
    } else if (/\.(ts|js|mjs|cjs)$/.test(e.name) && !e.name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

describe('the one list of roles', () => {
  test('each role has a spec file of its own, and each spec file is a role of the list', () => {
    const roleOf = (f: string) => (JSON.parse(fs.readFileSync(path.join(ROOT, 'specs', f), 'utf8')) as { role?: string }).role;
    expect(SPEC_FILES.map((f) => [f, roleOf(f)]).sort()).toEqual(ROLES.map((r) => [`${r}.json`, r]).sort());
  });

  test('each role has a host folder in the reference, registered in hosts/registry.ts; no host folder is outside the list', () => {
    const registry = fs.readFileSync(path.join(HOSTS, 'registry.ts'), 'utf8');
    for (const r of ROLES) {
      expect([r, fs.existsSync(path.join(HOSTS, r, 'index.ts'))]).toEqual([r, true]);
      expect([r, new RegExp(`^\\s*${r}: create\\w+App,$`, 'm').test(registry)]).toEqual([r, true]);
    }
    const folders = fs
      .readdirSync(HOSTS, { withFileTypes: true })
      .filter(
        (e) =>
          e.isDirectory() &&
          fs.existsSync(path.join(HOSTS, e.name, 'index.ts')) &&
          /^create\w+App/m.test(fs.readFileSync(path.join(HOSTS, e.name, 'index.ts'), 'utf8')),
      )
      .map((e) => e.name);
    expect(folders.filter((f) => !(f in ROLE_TABLE))).toEqual([]);
  });

  test('no other source file enumerates the roles', () => {
    const found = ['harness/src', 'reference-server/src', 'tests', 'bench', 'scripts', 'service']
      .flatMap((d) => sources(path.join(ROOT, d)))
      .filter((f) => enumeratesRoles(fs.readFileSync(f, 'utf8'), ROLES))
      .map((f) => path.relative(ROOT, f));
    expect(found.sort()).toEqual(['reference-server/src/hosts/registry.ts', 'service/roles.ts']);
  });

  test('the scan sees a list of roles in the shapes code writes one', () => {
    const roles = ['site', 'bare'];
    expect(enumeratesRoles("const ROLES = ['site', 'bare'];", roles)).toBe(true);
    expect(enumeratesRoles('const P = {\n  site: 1,\n  bare: 2,\n};', roles)).toBe(true);
    expect(enumeratesRoles('type Role = "site" | `bare`;', roles)).toBe(true);
    expect(enumeratesRoles("const ROLES = ['site'];  // the bare host", roles)).toBe(false);
  });
});
