import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CHECKS } from '../checks';
import { targetEnvOf } from '../embedded/start-reference';
import { sharedReference, type SharedReference } from './reference-per-kind';
import { loadSpecs } from '../spec-model/load';
import { loadTargetMap, ROLES } from '../target-map';
import { WHOLE_RUN_MS, withTestBudgets } from './budgets';
import { judgedAsOfFolder } from '../settings/spec-folders';
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
let reference: SharedReference;
let alt: SharedReference;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'har-round-trip-'));

beforeAll(async () => {
  [reference, alt] = await Promise.all([sharedReference('default'), sharedReference('alt')]);
}, WHOLE_RUN_MS);

afterAll(async () => {
  await Promise.all([reference?.stop(), alt?.stop()]);
  fs.rmSync(work, { recursive: true, force: true });
});

/** The deployment's variables as its user sets them: its own target, judged as the user's. */
function userEnv(d: SharedReference): Record<string, string> {
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
async function derivedFrom(name: string, d: SharedReference, options: string[] = []): Promise<string> {
  const hars = path.join(work, `${name}-hars`);
  if (!fs.existsSync(hars)) {
    const recorded = await cli('harness/src/flows/browser/record-cli.ts', ['--out', hars], userEnv(d));
    expect(`${recorded.code}\n${recorded.out}`).toMatch(/^0\n/);
  }
  // The roles file is all a user writes: each host of the capture by its role, a role's names in its URL list's order.
  const hosts: Record<string, string> = {};
  for (const role of ROLES) for (const u of d.ready.urls[role] ?? []) hosts[new URL(u).hostname] = role;
  const roles = path.join(work, `${name}-roles.json`);
  fs.writeFileSync(roles, JSON.stringify({ hosts }));
  const out = path.join(work, `${name}-derived${options.join('')}`);
  const files = fs.readdirSync(hars).filter((f) => f.endsWith('.har'));
  expect(files.length).toBeGreaterThan(5);
  const derived = await cli('harness/src/har/cli.ts', [...files.map((f) => path.join(hars, f)), '--roles', roles, '--out', out, ...options], {});
  expect(`${derived.code}\n${derived.out}`).toMatch(/^0\n/);
  // The {section} of each capture was read from its own pages, not from the roles file.
  expect(derived.out).toContain(`{section} is ${d.ready.section} (`);
  return out;
}

async function replayedOn(dir: string, d: SharedReference) {
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
    // Each warning with its reason: what only the capture showed, and the other deployment chose otherwise.
    const warnings = new Map<string, number>();
    for (const [, r] of outcomes)
      for (const f of r.findings ?? []) {
        if (f.verdict !== 'warn') continue;
        const key = `${f.id.replace(/^\S+ /, '')}: ${f.message ?? ''}`;
        warnings.set(key, (warnings.get(key) ?? 0) + 1);
      }
    console.log(
      `${from} -> ${from === 'the reference' ? 'the second deployment' : 'the reference'}: ${tests} derived tests, ${failing.length} failing; ` +
        `${[...warnings.values()].reduce((a, b) => a + b, 0)} warnings:\n${[...warnings].map(([k, n]) => `  ${n} x ${k}`).join('\n')}`,
    );
    expect(failing.map(([id, r]) => `${id}: ${r.message}`)).toEqual([]);
    // The chain's hops were followed through the other deployment's own names.
    expect(outcomes.get([...outcomes.keys()].find((id) => /^redirector\/har\/redirect-chain-/.test(id)) ?? '')?.status).toBe('passed');
    expect([...outcomes.values()].filter((r) => r.status === 'passed').length).toBeGreaterThan(20);
  },
  WHOLE_RUN_MS,
);

/*
 * --mirror: every fact the capture shows is `must`, after the same generalisation. The same round
 * trip then fails where the deployments differ in what they send, and only there: the unstated
 * headers one sends and the other does not, the sizes and choices the description leaves open, the
 * platform headers. What they write differently but mean alike (CSP order and tag hosts, a year of
 * 365 or 365.2425 days, identifiers of another format, a canonical on another host) still passes.
 */
test(
  'with --mirror, both ways: failures exactly where the deployments differ in what they send',
  async () => {
    const kinds = async (from: SharedReference, name: string, to: SharedReference) => {
      const { outcomes } = await replayedOn(await derivedFrom(name, from, ['--mirror']), to);
      const out = new Set<string>();
      for (const [, r] of outcomes) for (const f of r.findings ?? []) if (f.verdict === 'fail') out.add(f.id.replace(/^\S+ /, ''));
      return [...out].sort();
    };
    const there = await kinds(reference, 'reference', alt);
    const back = await kinds(alt, 'alt', reference);
    console.log(
      `--mirror: the reference -> the second deployment fails on ${there.join('; ')}\nthe second deployment -> the reference fails on ${back.join('; ')}`,
    );
    expect({ there, back }).toEqual({
      there: [
        'body contains "<title>Document Moved</title>"', // its own redirect bodies
        'check vary/negotiated-response-has-vary accept-encoding', // no Vary on dynamic answers
        'cookie ASP.NET_SessionId', // its own session cookie name
        'header cf-ray', // its own edge on the redirector
        'header request-context', // another application id format (32 hex, no cid-v1:<uuid>)
        'header server',
        'header timing-allow-origin', // Timing-Allow-Origin only where stated (theme assets)
        'header vary',
        'header x-azure-ref', // its own asset-host platform headers
        'header x-cache',
        'header x-content-type-options', // no nosniff on the storefront
        'header x-frame-options', // no X-Frame-Options on the chain's arrival page
      ],
      back: [
        'check headers/request-id', // its trace header, which the reference does not send
        'cookie AzureAppService_SessionId',
        'header cross-origin-resource-policy', // its own extra storefront headers
        'header referrer-policy', // its hops' own edge headers
        'header x-content-type-options',
        'header x-download-options',
      ],
    });
  },
  WHOLE_RUN_MS,
);

/*
 * Strictness where it belongs: against the embedded reference every miss of the hand-written specs
 * fails (it embodies them), but a folder of derived specs is judged at its own levels there too,
 * as tests/replay.test.ts judges every folder but specs/ (judgedAsOfFolder).
 */
test(
  'derived specs replayed on the embedded reference are judged at their own levels: its warnings stay warnings',
  async () => {
    const dir = await derivedFrom('alt', alt);
    const specs = loadSpecs(dir, CHECKS);
    const embedded = loadTargetMap(withTestBudgets(targetEnvOf(reference.ready)));
    expect(embedded.origin).toBe('reference');
    const strict = [...(await replayOutcomes(embedded, specs))].filter(([, r]) => r.status === 'failed');
    const ownLevels = [...(await replayOutcomes(embedded, specs, { judgedAs: judgedAsOfFolder({ dir }) }))].filter(([, r]) => r.status === 'failed');
    expect(strict.length).toBeGreaterThan(0);
    expect(ownLevels.map(([id, r]) => `${id}: ${r.message}`)).toEqual([]);
    expect(judgedAsOfFolder({ dir: path.join(REPO_ROOT, 'specs') })).toBeUndefined();
  },
  WHOLE_RUN_MS,
);
