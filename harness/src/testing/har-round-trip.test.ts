import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CHECKS } from '../checks';
import { startEmbeddedReference, targetEnvOf, type EmbeddedReference } from '../embedded/reference-process';
import { loadSpecs } from '../spec-model/load';
import { loadTargetMap, ROLES } from '../target-map';
import { WHOLE_RUN_MS, withTestBudgets } from './budgets';
import { replayOutcomes } from './outcomes';
import { REPO_ROOT } from './proxied-reference';

/*
 * Production to staging as a user runs it, both ways between the reference and its second
 * deployment (other host names for the favicon chain's hops, section, files, ports, edge and
 * platform headers, trace header and appId, HSTS directives, year lengths, fonts in an inline
 * <style>): each is recorded with `npm run record`, specs are derived with `npm run har2spec` and a
 * roles file (nothing else written by hand), and the derived specs are replayed on the other.
 * Neither keeps anything the other lacks of the description's facts: every derived test passes.
 */
let reference: EmbeddedReference;
let alt: EmbeddedReference;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'har-round-trip-'));

beforeAll(async () => {
  [reference, alt] = await Promise.all([startEmbeddedReference(), startEmbeddedReference({ deployment: 'alt' })]);
}, WHOLE_RUN_MS);

afterAll(async () => {
  await Promise.all([reference?.stop(), alt?.stop()]);
  fs.rmSync(work, { recursive: true, force: true });
});

/** The deployment's variables as its user sets them: its own target, judged as the user's. */
function userEnv(d: EmbeddedReference): Record<string, string> {
  const env = targetEnvOf(d.ready);
  delete env.HARNESS_TARGET_KIND;
  return env;
}

function cli(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(TARGET_|TARGETS_FILE|BASELINE|HARNESS_|JEST_|https?_proxy$|no_proxy$)/i.test(k)) clean[k] = v;
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: { ...clean, ...withTestBudgets(env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

/** `npm run record` against a deployment, `npm run har2spec` with its roles file: the folder of derived specs. */
async function derivedFrom(name: string, d: EmbeddedReference): Promise<string> {
  const hars = path.join(work, `${name}-hars`);
  const recorded = await cli('harness/src/flows/browser/record-cli.ts', ['--out', hars], userEnv(d));
  expect(`${recorded.code}\n${recorded.out}`).toMatch(/^0\n/);
  // The roles file is all a user writes: each host of the capture by its role, a role's names in its URL list's order.
  const hosts: Record<string, string> = {};
  for (const role of ROLES) for (const u of d.ready.urls[role] ?? []) hosts[new URL(u).hostname] = role;
  const roles = path.join(work, `${name}-roles.json`);
  fs.writeFileSync(roles, JSON.stringify({ hosts }));
  const out = path.join(work, `${name}-derived`);
  const files = fs.readdirSync(hars).filter((f) => f.endsWith('.har'));
  expect(files.length).toBeGreaterThan(5);
  const derived = await cli('harness/src/har/cli.ts', [...files.map((f) => path.join(hars, f)), '--roles', roles, '--out', out], {});
  expect(`${derived.code}\n${derived.out}`).toMatch(/^0\n/);
  // The {section} of each capture was read from its own pages, not from the roles file.
  expect(derived.out).toContain(`{section} is ${d.ready.section} (`);
  return out;
}

async function replayedOn(dir: string, d: EmbeddedReference) {
  const specs = loadSpecs(dir, CHECKS);
  const outcomes = await replayOutcomes(loadTargetMap(withTestBudgets(userEnv(d))), specs);
  return { specs, outcomes };
}

test.each([
  ['the reference', 'its second deployment'],
  ['the second deployment', 'the reference'],
])(
  'recorded on %s, derived with har2spec and a roles file, replayed on %s: every derived test passes',
  async (from) => {
    const [source, target] = from === 'the reference' ? [reference, alt] : [alt, reference];
    const dir = await derivedFrom(from === 'the reference' ? 'reference' : 'alt', source);
    const { specs, outcomes } = await replayedOn(dir, target);
    const tests = specs.flatMap((s) => [...s.exchanges, ...(s.flows ?? [])]).length;
    const failing = [...outcomes].filter(([, r]) => r.status === 'failed');
    console.log(`${from} -> ${from === 'the reference' ? 'the second deployment' : 'the reference'}: ${tests} derived tests, ${failing.length} failing`);
    expect(failing.map(([id, r]) => `${id}: ${r.message}`)).toEqual([]);
    // The chain's hops were followed through the other deployment's own names.
    expect(outcomes.get([...outcomes.keys()].find((id) => /^redirector\/har\/redirect-chain-/.test(id)) ?? '')?.status).toBe('passed');
    expect([...outcomes.values()].filter((r) => r.status === 'passed').length).toBeGreaterThan(20);
  },
  WHOLE_RUN_MS,
);
