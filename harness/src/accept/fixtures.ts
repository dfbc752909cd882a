/**
 * Test fixtures of accept: small results.json documents typed with the report's types (a raw
 * replay with two legs per step, and an h3 leg where a test asks for one), and a throw-away copy of the repository's spec folder so tests
 * can write to it. Canary values stand for secrets: a test fails if one shows up in any output.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { RecordedNoise } from '../core';
import { aspectText, emptyCounts, type Aspect, type Compared, type Level, type Provenance, type Verdict } from '../core';
import { RECORD_VERSION } from '../record';
import { RESULTS_SCHEMA, type ConformanceResults, type Expectation, type RunMeta, type StepReport, type TestReport } from '../report/types';
import { DEFAULT_SPECS_DIR } from './options';

/** A cookie value, and a secret header's value: neither may ever be written. */
export const CANARY_COOKIE = 'canary-cookie-2718';
export const CANARY_TOKEN = 'canary-token-3141';

export const SITE = 'https://www.lessons.test:8443';

export interface StepFixture {
  id: string;
  status?: number;
  /** Header lines of both legs. */
  lines: Array<[string, string]>;
  /** Header lines of the h2 leg, when they differ. */
  h2Lines?: Array<[string, string]>;
  /** The learned noise in the words of its view (`status`, `header x`, `cookie sid value, expiry`, `body`): test data reads better so. */
  noise?: string[];
  url?: string;
  bodySize?: number;
}

/** Noise written as words, as results.json holds it (core/noise-record.ts). */
export function noiseOf(words: readonly string[]): RecordedNoise {
  const n: RecordedNoise = { status: words.includes('status'), fields: [], presence: [], cookies: {}, body: words.includes('body') };
  for (const w of words) {
    const header = /^header (\S+)( \(present or not\))?$/.exec(w);
    if (header) n.fields.push(header[1]);
    if (header?.[2]) n.presence.push(header[1]);
    const cookie = /^cookie (\S+) (.+)$/.exec(w);
    if (cookie) n.cookies[cookie[1]] = cookie[2].split(', ');
  }
  return n;
}

function stepReport(s: StepFixture, protocol: 'h1' | 'h2', index: number): StepReport {
  const lines = protocol === 'h2' && s.h2Lines ? s.h2Lines : s.lines;
  return {
    key: `s-${s.id}-${protocol}-${index}`,
    id: s.id,
    protocol,
    request: { method: 'GET', url: s.url ?? `${SITE}/`, headers: [['accept', '*/*']] },
    response: { protocol, status: s.status ?? 200, lines, bodySize: s.bodySize ?? 100, decodedSize: s.bodySize ?? 100 },
    ...(s.noise ? { noise: noiseOf(s.noise) } : {}),
    expectationKeys: [],
  };
}

/** What an expectation is about, as the report keeps it: its step (none: tied to no step), its aspect, and for a comparison what compared it. */
export interface About {
  step?: string;
  aspect?: Aspect;
  compared?: Compared;
}

/** One finding per leg, grouped as the report groups them; its id as the writers compose it from its step and fields, unless given. */
export function expectation(
  about: About & { id?: string },
  verdict: Verdict,
  level: Level,
  expected: string,
  actual: string,
  source?: Provenance,
): Expectation {
  const words = [about.compared?.by, about.aspect && aspectText(about.aspect)].filter(Boolean).join(' ');
  const id = about.id ?? `${about.step} ${words}`;
  const src: Provenance = source ?? (level === 'info' ? 'reference' : 'capture');
  const data = { ...(about.aspect ? { aspect: about.aspect } : {}), ...(about.compared ? { compared: about.compared } : {}) };
  return {
    key: `e-${id}`,
    id,
    label: words || id,
    ...(about.step !== undefined ? { step: about.step } : {}),
    ...data,
    verdict,
    level,
    source: src,
    findings: (['h1', 'h2'] as const).map((protocol) => ({
      key: `f-${id}-${protocol}`,
      id,
      verdict,
      protocol,
      level,
      expected,
      actual,
      source: src,
      target: 'user',
      ...data,
    })),
  };
}

export function replayTest(id: string, steps: StepFixture[], expectations: Expectation[] = [], kind: 'exchange' | 'flow' = 'exchange'): TestReport {
  return {
    key: `t-${id}`,
    id,
    title: id,
    titlePath: [id.split('/')[0], id],
    project: 'raw',
    file: 'replay.test.ts',
    role: id.split('/')[0],
    kind,
    status: 'passed',
    errors: [],
    verdict: 'pass',
    counts: emptyCounts(),
    expectations,
    legs: (['h1', 'h2'] as const).map((protocol) => ({ protocol, steps: steps.map((s, i) => stepReport(s, protocol, i)) })),
    durationMs: 10,
    retry: 0,
  };
}

export interface H3Fixture {
  /** The h3 answer's header lines; absent: no answer over QUIC (a transport error). */
  lines?: Array<[string, string]>;
  status?: number;
  noise?: string[];
  /** The leg was skipped with this reason (no step). */
  skipped?: string;
}

/**
 * The test with an h3 leg after its h1 and h2 legs, as the report builds it from the replay's record:
 * Chromium's request, the h3 answer and its h1 twin, or a skipped leg; plus the expectations that
 * leg brings (`<step> parity h3 ...`, `<step> h3 transport`).
 */
export function withH3(test: TestReport, h3: H3Fixture, expectations: Expectation[] = []): TestReport {
  const legs = test.legs ?? [];
  const steps: StepReport[] =
    h3.skipped !== undefined
      ? []
      : legs[0].steps.map((s, i) => ({
          key: `s-${s.id}-h3-${i}`,
          id: s.id,
          protocol: 'h3',
          request: { method: 'GET', url: s.request?.url ?? `${SITE}/`, headers: [['sec-fetch-mode', 'cors']] },
          ...(h3.lines ? { response: { protocol: 'h3', status: h3.status ?? 200, lines: h3.lines, bodySize: 7, decodedSize: 7 } } : {}),
          ...(h3.noise ? { noise: noiseOf(h3.noise) } : {}),
          ...(h3.lines ? { reproduce: 'chromium --headless --origin-to-force-quic-on=www.lessons.test:8443' } : {}),
          h3: { endpoint: '127.0.0.1:34885', ...(s.response && h3.lines ? { twin: { ...s.response, protocol: 'h1' } } : {}) },
          expectationKeys: [],
        }));
  return {
    ...test,
    legs: [...legs, { protocol: 'h3', ...(h3.skipped !== undefined ? { skipped: h3.skipped } : {}), steps }],
    expectations: [...test.expectations, ...expectations],
  };
}

export function results(tests: TestReport[], run: Partial<RunMeta> = {}): ConformanceResults {
  return {
    schema: RESULTS_SCHEMA,
    record: RECORD_VERSION,
    run: {
      title: 'Fixture run',
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1000,
      playwrightStatus: 'passed',
      status: 'passed',
      exitCode: 0,
      failOn: 'fail',
      target: {
        origin: 'user',
        roles: { site: [SITE], redirector: ['https://go.redirect.test:8443', 'https://hop2.redirect.test:8443'] },
        resolve: [],
        insecure: false,
        section: 'static',
        description: 'target (user)',
      },
      spec: { digest: '0000000000000000', files: ['site.json'] },
      protocolMix: { h1: 1, h2: 1 },
      rawSecrets: true,
      runErrors: [],
      ...run,
    },
    totals: emptyCounts(),
    roles: [],
    tests,
  };
}

/** A copy of the repository's spec files in a fresh temporary folder named `specs`. */
export function tempSpecs(): { dir: string; root: string; cleanup: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'accept-test-'));
  const dir = path.join(root, 'specs');
  fs.mkdirSync(dir);
  for (const name of fs.readdirSync(DEFAULT_SPECS_DIR)) if (name.endsWith('.json')) fs.cpSync(path.join(DEFAULT_SPECS_DIR, name), path.join(dir, name));
  return { dir, root, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** File name -> bytes, to compare a folder before and after. */
export function snapshot(dir: string): Map<string, Buffer> {
  return new Map(
    fs
      .readdirSync(dir)
      .sort()
      .map((n) => [n, fs.readFileSync(path.join(dir, n))]),
  );
}

/** Writes a results document into the folder; returns its path. */
export function writeResults(root: string, doc: unknown, name = 'results.json'): string {
  const file = path.join(root, name);
  fs.writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return file;
}
