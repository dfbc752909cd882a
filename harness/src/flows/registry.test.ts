/**
 * The flow registries are the whole list: every raw flow of flows/raw runs through RAW_FLOWS, and
 * every browser flow through BROWSER_FLOWS or BROWSER_H3_FLOWS, each with the Playwright test file
 * that runs it. A flow added beside them but not to them fails here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHECKS } from '../checks';
import { loadSpecFolders } from '../spec-model/spec-folders';
import { ROLES } from '../target-map';
import { BROWSER_FLOWS, BROWSER_H3_FLOWS } from './browser/flows';
import { RAW_FLOWS } from './raw/registry';

const ROOT = path.resolve(__dirname, '../../..');
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');
const sources = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));

test('every run*Flow that flows/raw exports is run by the registry', () => {
  const exported = sources('harness/src/flows/raw').flatMap((f) => [...read(f).matchAll(/^export async function (run\w+Flow)\b/gm)].map((m) => m[1]));
  expect(exported.length).toBeGreaterThanOrEqual(7);
  const registry = read('harness/src/flows/raw/registry.ts');
  expect(exported.filter((name) => !new RegExp(`\\b${name}\\(`).test(registry))).toEqual([]);
});

test('each group of RAW_FLOWS has its test file, which runs it through rawFlowTests, and no other file of tests/flows runs a raw flow', () => {
  const files = fs.readdirSync(path.join(ROOT, 'tests/flows')).filter((f) => f.endsWith('.test.ts'));
  expect(files.sort()).toEqual(
    Object.keys(RAW_FLOWS)
      .map((k) => `${k}.test.ts`)
      .sort(),
  );
  for (const key of Object.keys(RAW_FLOWS)) expect(read(`tests/flows/${key}.test.ts`)).toMatch(new RegExp(`rawFlowTests\\(RAW_FLOWS\\.${key}\\(`));
  for (const f of files) expect(read(`tests/flows/${f}`)).not.toMatch(/flows\/raw\/(?!registry)/);
});

test("over the repository's specs: unique titles, the service flows, one OCSP flow per TLS role, a flow per resource row", () => {
  const sets = loadSpecFolders([{ dir: path.join(ROOT, 'specs') }], CHECKS);
  const all = Object.values(RAW_FLOWS).flatMap((group) => group(sets));
  const titles = all.map((f) => f.title);
  expect(new Set(titles).size).toBe(titles.length);
  expect(titles).toEqual(
    expect.arrayContaining(['service/http2-seen', 'service/http3-seen', 'site/section', ...ROLES.filter((r) => r !== 'ocsp').map((r) => `ocsp/live/${r}`)]),
  );
  expect(titles.filter((t) => t.startsWith('compression/')).length).toBeGreaterThan(3);
  expect(titles.filter((t) => t.startsWith('redirects/')).length).toBeGreaterThan(0);
  expect(RAW_FLOWS.ocsp().every((f) => f.roles[0] === 'ocsp' && f.roles.length === 2)).toBe(true);
});

test('every browser flow module is registered, and every registered flow has its test file', () => {
  const registered = new Set<unknown>([...BROWSER_FLOWS, ...BROWSER_H3_FLOWS]);
  const modules = sources('harness/src/flows/browser/flows').filter((f) => !f.endsWith('index.ts'));
  for (const file of modules) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(path.join(ROOT, file)) as Record<string, unknown>;
    const flows = Object.values(mod).filter((v) => registered.has(v));
    expect({ file, registered: flows.length > 0 }).toEqual({ file, registered: true });
  }
  const tests = fs
    .readdirSync(path.join(ROOT, 'tests/browser'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => read(`tests/browser/${f}`))
    .join('\n');
  const names = [...tests.matchAll(/(?:browserFlowTest|http3FlowTest)\((\w+)\)/g)].map((m) => m[1]);
  const index = require(path.join(ROOT, 'harness/src/flows/browser/flows')) as Record<string, unknown>; // eslint-disable-line @typescript-eslint/no-require-imports
  expect(new Set(names.map((n) => index[n]))).toEqual(registered);
});
