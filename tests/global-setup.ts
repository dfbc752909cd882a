import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { readSectionFromTarget } from '../harness/src/discover/read-section';
import { writePages } from '../harness/src/discover/shared-pages';
import { discoverSourceUrl, resolveDiscover } from '../harness/src/replay/discovered';
import { pageRequests } from '../harness/src/flows/browser/page-requests';
import { ReplayClients } from '../harness/src/replay';
import { unreachableRoles, UnreachableTargetError } from '../harness/src/replay/reachability';
import { nodesFromResolver } from '../harness/src/target-map/dns-nodes';
import { CHECKS } from '../harness/src/checks';
import { SpecLoadError } from '../harness/src/spec-model/load';
import { allSpecs, loadSpecFolders } from '../harness/src/spec-model/spec-folders';
import { dayOf, isExpired, type KnownDeviations } from '../harness/src/known';
import { runSettings, type SpecFolder } from '../harness/src/settings';
import { HarnessError } from '../harness/src/core';
import { BROWSER_FLOWS } from '../harness/src/flows/browser/flows';
import { checkValueNames } from '../harness/src/target-map/values';
import { findChromium } from '../harness/src/browser/chromium-path';
import { runRedactor } from '../harness/src/har/redact';
import { chromiumSandbox, sandboxFacts } from '../harness/src/browser/launch';
import { startEmbeddedReference, targetEnvOf } from '../harness/src/embedded/start-reference';
import {
  BASELINE_SIDE,
  ROLES,
  describeTargetMap,
  loadBaselineMap,
  loadTargetMap,
  referenceRequested,
  skipReason,
  TARGET_SIDE,
  variableOf,
  type Side,
  type TargetMap,
} from '../harness/src/target-map';

/**
 * Unset TARGET_URL (and no other role URL) means: start the reference and target it; BASELINE=reference
 * starts a second one as the baseline of a differential run. Either way the mappings and the run's
 * settings are validated once here, so a bad variable stops the run before any test. For each side,
 * without its `*_SECTION`, `{section}` is read from its home page, and the source pages of `discover`
 * blocks (the home page among them) are read once for the run and handed to the workers. Everything
 * it prints goes to stderr: stdout belongs to the reporters (`--reporter=json`).
 */
export default async function globalSetup(_config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  // What it prints and throws goes through the run's redactor (the credentials the run was given).
  const redactor = runRedactor(process.env);
  const log = console.error;
  console.error = (...args: unknown[]) => log(...args.map((a) => (typeof a === 'string' ? redactor.learnAndScrub(a) : a)));
  try {
    return await setUp();
  } catch (e) {
    if (e instanceof Error) {
      e.message = redactor.scrub(e.message);
      if (e.stack) e.stack = redactor.scrub(e.stack);
      // A configuration error is one line that names the fix: its stack says nothing to the user (DEBUG=1 keeps it).
      if (e instanceof HarnessError && !process.env.DEBUG) e.stack = `${e.message}`;
    }
    throw e;
  } finally {
    console.error = log;
  }
}

async function setUp(): Promise<(() => Promise<void>) | undefined> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const teardown = async () => {
    for (const c of cleanups.reverse()) await c();
  };
  try {
    // Every setting (HARNESS_*, both maps, the proxy) parsed and validated before anything starts, and the spec files, whole.
    const settings = runSettings(process.env);
    loadSpecFolders(settings.specs, CHECKS);
    describeKnown(settings.known);
    const starts: Array<Promise<void>> = [];
    const embeddedTarget = referenceRequested(process.env);
    if (embeddedTarget) starts.push(startReference(TARGET_SIDE, cleanups));
    if (settings.baseline.kind === 'reference') starts.push(startReference(BASELINE_SIDE, cleanups));
    await Promise.all(starts);
    const targetMap = loadTargetMap(process.env);
    const baselineMap = loadBaselineMap(process.env);
    // The values an embedded reference gives itself are its own, whatever the spec folders name: only a user's are checked.
    const usersOwn = [...(embeddedTarget ? [] : [targetMap]), ...(baselineMap && settings.baseline.kind !== 'reference' ? [baselineMap] : [])];
    checkValues(usersOwn, settings.specs);
    await prepareSide(TARGET_SIDE, targetMap, settings.specs, cleanups);
    if (baselineMap) await prepareSide(BASELINE_SIDE, baselineMap, settings.specs, cleanups);
  } catch (e) {
    await teardown();
    throw e;
  }
  return teardown;
}

/** A target value no spec or flow names is a misspelt one: it stops the run before any request (a bad spec folder is reported by the replay). */
function checkValues(maps: readonly TargetMap[], folders: readonly SpecFolder[]): void {
  let specs;
  try {
    specs = allSpecs(loadSpecFolders(folders, CHECKS));
  } catch (e) {
    if (e instanceof SpecLoadError) return;
    throw e;
  }
  const named = new Set<string>([...JSON.stringify(specs).matchAll(/\{value:([A-Z][A-Z0-9_]*)\}/g)].map((m) => m[1]));
  for (const flow of BROWSER_FLOWS) for (const v of flow.values ?? []) named.add(v);
  for (const map of maps) checkValueNames(map.values, named);
}

/** The known deviations the run applies, and those already expired (the run will fail naming them). */
function describeKnown(known: KnownDeviations): void {
  if (known.entries.length === 0) return;
  const today = dayOf(new Date());
  const expired = known.entries.filter((e) => isExpired(e, today));
  console.error(
    `Known deviations: ${known.entries.length} in ${path.relative(process.cwd(), known.file) || known.file}${
      expired.length ? `; expired, failing the run: ${expired.map((e) => `${e.id} (expired on ${e.expires})`).join(', ')}` : ''
    }`,
  );
}

/** An embedded reference process for one side, described by that side's variables. */
async function startReference(side: Side, cleanups: Array<() => Promise<void> | void>): Promise<void> {
  const reference = await startEmbeddedReference();
  cleanups.push(reference.stop);
  Object.assign(process.env, targetEnvOf(reference.ready, side));
}

/**
 * Asks each mapped role once, within the connect budget: no role answering stops the run here
 * (UnreachableTargetError, exit 2); a role that does not answer is left out, its tests skipped
 * with why, and the run says it could not judge it.
 */
async function reachSide(side: Side, map: TargetMap, clients: ReplayClients): Promise<TargetMap> {
  const unreachable = await unreachableRoles(map, clients.h1);
  if (unreachable.length === 0) return map;
  const mapped = ROLES.filter((r) => skipReason(map, r) === undefined);
  if (unreachable.length === mapped.length) throw new UnreachableTargetError(unreachable);
  for (const u of unreachable) console.error(`${side.name === 'target' ? 'Target' : 'Baseline'} role ${u.role} not reached, left out: ${u.message}`);
  process.env[side.unreachableVariable] = JSON.stringify(Object.fromEntries(unreachable.map((u) => [u.role, u.message])));
  return loadTargetMap(process.env, side);
}

/** Reads the side's `{section}` (when not given) and its source pages, and prints its map. */
async function prepareSide(side: Side, given: TargetMap, folders: readonly SpecFolder[], cleanups: Array<() => Promise<void> | void>): Promise<void> {
  let map = given;
  // Several A and AAAA answers for a name no entry pins are its nodes: asked once here, the same for every worker.
  if (map.origin === 'user' && process.env[side.nodesFoundVariable] === undefined) {
    const found = await nodesFromResolver(map);
    if (found.length) {
      process.env[side.nodesFoundVariable] = JSON.stringify(found);
      map = loadTargetMap(process.env, side);
    }
  }
  const clients = new ReplayClients(map);
  try {
    map = await reachSide(side, map, clients);
    const explicit = [variableOf(side, 'SECTION'), side.filesVariable, ...side.filesAliases];
    if (!explicit.some((v) => map.sectionSource.startsWith(v)) && process.env[side.inferredSectionVariable] === undefined) {
      const { inferred, problem } = await readSectionFromTarget(map, clients.discovery);
      if (inferred) {
        process.env[side.inferredSectionVariable] = inferred.section;
        process.env[side.inferredSectionFromVariable] = inferred.from;
        map = loadTargetMap(process.env, side);
      } else console.error(`{section} of the ${side.name}: not read from the home page (${problem}); using ${map.section}`);
    }
    const label = side.name === 'target' ? 'Target' : 'Baseline';
    console.error(`${label}${map.origin === 'reference' ? ' (embedded reference)' : ''}:\n${describeTargetMap(map)}`);
    if (side.name === 'target') {
      const browser = findChromium();
      console.error(`Chromium: ${browser.path === undefined ? `none (${browser.problem})` : `${browser.path} (${browser.source})`}`);
      console.error(`Chromium sandbox: ${chromiumSandbox(sandboxFacts(browser.path)).why}`);
    }
    const dir = await readSourcePages(map, clients, side, folders);
    if (dir) cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  } finally {
    await clients.close();
  }
}

/**
 * Reads every source page the specs' `discover` blocks name (and, for a `network` rule, what
 * Chromium requested while loading it) and writes them for the workers; returns the folder.
 */
async function readSourcePages(map: TargetMap, clients: ReplayClients, side: Side, folders: readonly SpecFolder[]): Promise<string | undefined> {
  let specs;
  try {
    specs = allSpecs(loadSpecFolders(folders, CHECKS));
  } catch (e) {
    if (e instanceof SpecLoadError) return undefined; // the replay reports it, test by test
    throw e;
  }
  const browserPages = new Set<string>();
  for (const spec of specs) {
    if (skipReason(map, spec.role)) continue;
    for (const item of [...spec.exchanges, ...(spec.flows ?? []).flatMap((f) => f.steps)]) {
      if (!item.discover) continue;
      const ctx = { map, discovery: clients.discovery };
      await resolveDiscover(item, ctx, spec.role);
      // What a page's scripts build is in a browser's requests: load those pages once, in Chromium.
      if (item.discover.select.includes('network')) {
        const url = await discoverSourceUrl(item, ctx, spec.role);
        if (url) browserPages.add(url);
      }
    }
  }
  for (const outcome of await pageRequests(map, [...browserPages], runSettings(process.env).browserTimeouts))
    await clients.discovery.addRequests(outcome.url, outcome);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'harness-discovery-'));
  writePages(path.join(dir, 'pages.json'), await clients.discovery.fetched());
  process.env[side.discoveryFileVariable] = path.join(dir, 'pages.json');
  return dir;
}
