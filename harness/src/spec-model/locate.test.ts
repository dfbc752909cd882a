import * as fs from 'node:fs';
import * as path from 'node:path';
import { specLocator } from './locate';

const ROOT = path.resolve(__dirname, '../../..');
const locate = specLocator(path.join(ROOT, 'specs'), ROOT);
const lines = fs.readFileSync(path.join(ROOT, 'specs', 'site.json'), 'utf8').split('\n');
const lineOf = (loc: { line: number } | undefined) => (loc ? lines[loc.line - 1].trim() : undefined);

test('an expectation points at its own line in the spec file, read from its step and aspect (never its id)', () => {
  const xfo = locate({ step: 'site/home', aspect: { kind: 'header', name: 'x-frame-options' } });
  expect(xfo?.file).toBe('specs/site.json');
  expect(lineOf(xfo)).toBe('"x-frame-options": {');
  expect(lineOf(locate({ step: 'site/home', aspect: { kind: 'status' } }))).toBe('"status": 200,');
  expect(lineOf(locate({ step: 'site/home', aspect: { kind: 'cookie', name: 'SC_ANALYTICS_GLOBAL_COOKIE', attribute: 'httponly' } }))).toBe(
    '"SC_ANALYTICS_GLOBAL_COOKIE": {',
  );
  // Header names are matched without regard to case, as the report writes them lowercased.
  expect(lineOf(locate({ step: 'site/home', aspect: { kind: 'header', name: 'X-Frame-Options' } }))).toBe('"x-frame-options": {');
});

test('an aspect without a line of its own points at the exchange id; an unknown id has no place', () => {
  expect(lineOf(locate({ step: 'site/home', aspect: { kind: 'header', name: 'vary' }, compared: { by: 'parity', first: 'h1', second: 'h2' } }))).toBe(
    '"id": "site/home",',
  );
  expect(lineOf(locate({ step: 'site/home', aspect: { kind: 'transport' } }))).toBe('"id": "site/home",');
  expect(locate({ step: 'nowhere/at-all', aspect: { kind: 'status' } })).toBeUndefined();
});

test('flow steps are found under their flow', () => {
  const loc = locate({ step: 'bare/redirect-to-www/bare', aspect: { kind: 'status' } });
  expect(loc?.file).toBe('specs/bare.json');
  const bare = fs.readFileSync(path.join(ROOT, 'specs', 'bare.json'), 'utf8').split('\n');
  expect(bare[loc!.line - 1].trim()).toMatch(/^"status": 301,?$/);
});

test("a flow's own expectation (no step) is found by its test's id; a check at the line that selects it", () => {
  expect(lineOf(locate({ test: 'site/home', aspect: { kind: 'transport' } }))).toBe('"id": "site/home",');
  // site/home selects `security`, a prefix of security/header-set-per-role.
  expect(lineOf(locate({ step: 'site/home', aspect: { kind: 'check', check: 'security/header-set-per-role', field: 'x-frame-options' } }))).toMatch(
    /^"security",?$/,
  );
});
