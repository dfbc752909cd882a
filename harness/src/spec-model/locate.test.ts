import * as fs from 'node:fs';
import * as path from 'node:path';
import { specLocator } from './locate';

const ROOT = path.resolve(__dirname, '../../..');
const locate = specLocator(path.join(ROOT, 'specs'), ROOT);
const lines = fs.readFileSync(path.join(ROOT, 'specs', 'site.json'), 'utf8').split('\n');
const lineOf = (loc: { line: number } | undefined) => (loc ? lines[loc.line - 1].trim() : undefined);

test('an expectation points at its own line in the spec file', () => {
  const xfo = locate('site/home header x-frame-options');
  expect(xfo?.file).toBe('specs/site.json');
  expect(lineOf(xfo)).toBe('"x-frame-options": {');
  expect(lineOf(locate('site/home status'))).toBe('"status": 200,');
  expect(lineOf(locate('site/home cookie SC_ANALYTICS_GLOBAL_COOKIE httponly'))).toBe('"SC_ANALYTICS_GLOBAL_COOKIE": {');
  // Header names are matched without regard to case, as the report writes them lowercased.
  expect(lineOf(locate('site/home header X-Frame-Options'))).toBe('"x-frame-options": {');
});

test('an aspect without a line of its own points at the exchange id; an unknown id has no place', () => {
  expect(lineOf(locate('site/home parity header vary'))).toBe('"id": "site/home",');
  expect(lineOf(locate('site/home transport'))).toBe('"id": "site/home",');
  expect(locate('nowhere/at-all status')).toBeUndefined();
});

test('flow steps are found under their flow', () => {
  const loc = locate('bare/redirect-to-www/bare status');
  expect(loc?.file).toBe('specs/bare.json');
  const bare = fs.readFileSync(path.join(ROOT, 'specs', 'bare.json'), 'utf8').split('\n');
  expect(bare[loc!.line - 1].trim()).toMatch(/^"status": 301,?$/);
});
