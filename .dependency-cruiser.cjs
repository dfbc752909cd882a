/**
 * The architecture of the repository, as dependency-cruiser rules: the layering of the harness
 * (written once, in LAYERS below), no import cycles, the wall between the harness and the
 * reference server (the harness starts the reference as a process and sees it only over the wire),
 * and the harness never importing the Playwright suite of tests/.
 *
 *   npm run deps                          prints every violation (exit status 1 when there is one)
 *   harness/src/architecture.test.ts      the same rules in the unit tests, and proof they can fail
 *
 * Type-only imports count (`tsPreCompilationDeps`): `import type` is still an arrow of the design,
 * and two of the cycles this guard was written against ran through types alone (checks -> the spec
 * model's observation types, transport -> its TLS facts). Test files (`*.test.ts`) are exempt from
 * the layering, not from the other rules: nothing imports a test, so its imports cannot close a
 * cycle, and a test may reach up for real collaborators (a target-map test sending through the
 * transport, starting the embedded reference).
 */
const HARNESS = '^harness/src/';
const TEST_FILE = '\\.test\\.ts$';

/**
 * The parts of the harness: a folder each, except settings, whose `HARNESS_*` half (harness.ts,
 * errors.ts: it reads only the environment and imports only the core) sits below the target map
 * that its other half (run.ts, variables.ts, index.ts: both sides' maps) reads.
 */
const PARTS = {
  core: { path: `${HARNESS}core/` },
  shapes: { path: `${HARNESS}shapes/` },
  known: { path: `${HARNESS}known/` },
  'settings/harness': { path: `${HARNESS}settings/(harness|errors)\\.ts$` },
  'target-map': { path: `${HARNESS}target-map/` },
  transport: { path: `${HARNESS}transport/` },
  discover: { path: `${HARNESS}discover/` },
  browser: { path: `${HARNESS}browser/` },
  embedded: { path: `${HARNESS}embedded/` },
  settings: { path: `${HARNESS}settings/`, pathNot: `${HARNESS}settings/(harness|errors)\\.ts$` },
  'spec-model': { path: `${HARNESS}spec-model/` },
  checks: { path: `${HARNESS}checks/` },
  noise: { path: `${HARNESS}noise/` },
  record: { path: `${HARNESS}record/` },
  replay: { path: `${HARNESS}replay/` },
  har: { path: `${HARNESS}har/` },
  diff: { path: `${HARNESS}diff/` },
  'flows/raw': { path: `${HARNESS}flows/raw/` },
  'flows/browser': { path: `${HARNESS}flows/browser/` },
  cases: { path: `${HARNESS}cases/` },
  report: { path: `${HARNESS}report/` },
  accept: { path: `${HARNESS}accept/` },
};

/**
 * The layering, lowest first. A part imports only parts of lower layers: never a part of its own
 * layer (so no two parts can ever import each other), never one above. `testing` (test support)
 * stands above them all and may use anything; only tests import it (rule below).
 */
const LAYERS = [
  { parts: ['core'], why: 'the shared vocabulary: verdicts and their order, levels, findings, errors, header lookup; it imports nothing of the harness' },
  {
    parts: ['shapes', 'known', 'settings/harness'],
    why: 'named value shapes, the known deviations file (read and matched against findings), and the HARNESS_* settings, read from the environment alone',
  },
  { parts: ['target-map'], why: "the user's contract: where each role lives and how to reach it (roles, sides, dispatchers, the request limits)" },
  {
    parts: ['transport', 'discover', 'browser', 'embedded', 'settings'],
    why: 'ways to reach a mapped target (raw HTTP, its pages, Chromium, the embedded reference) and the run settings built on the maps',
  },
  {
    parts: ['spec-model'],
    why: 'what a spec says and what was observed: it names roles and discovery templates, and turns transport answers into observations',
  },
  {
    parts: ['checks', 'noise', 'record'],
    why: 'named checks, noise learning and the test record (what the replay and the flows attach, the report and accept read), all over the observations of the spec model (the check registry is passed in to the spec model, never imported by it)',
  },
  { parts: ['replay', 'har'], why: 'running specs against a target, and turning recorded traffic into specs' },
  { parts: ['diff', 'flows/raw', 'flows/browser'], why: 'differential comparison and the scripted flows, built on the replay' },
  {
    parts: ['cases'],
    why: 'one case of the suite (a replay item, a raw flow, a browser flow), the same in the Playwright tests and in a run in process',
  },
  { parts: ['report'], why: 'the report of a run: results.json and its renderers' },
  { parts: ['accept'], why: "turning a run's results (the report's results.json) into spec changes" },
];

function layerRules() {
  const rules = [];
  LAYERS.forEach((layer, i) => {
    const below = LAYERS.slice(0, i).flatMap((l) => l.parts);
    for (const part of layer.parts) {
      const { path, pathNot } = PARTS[part];
      rules.push({
        name: `layer-${part.replace('/', '-')}`,
        severity: 'error',
        comment: `${part} is in layer ${i}, ${layer.why}. It imports only ${below.length ? below.join(', ') : 'nothing of the harness'}.`,
        from: { path, pathNot: [TEST_FILE, ...(pathNot ? [pathNot] : [])] },
        to: { path: HARNESS, pathNot: [path, ...below.map((p) => PARTS[p].path)] },
      });
    }
  });
  return rules;
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle makes two modules one: neither can be understood, tested or loaded without the other, and load order decides what each sees. Break it by moving the shared piece down.',
      from: { path: HARNESS },
      to: { circular: true },
    },
    ...layerRules(),
    {
      name: 'testing-only-from-tests',
      severity: 'error',
      comment:
        'harness/src/testing is test support (proxies that break a target on purpose, second reference instances): only tests use it, the harness itself never does.',
      from: { path: HARNESS, pathNot: [TEST_FILE, `${HARNESS}testing/`] },
      to: { path: `${HARNESS}testing/` },
    },
    {
      name: 'harness-not-reference',
      severity: 'error',
      comment:
        "The harness judges any deployment over the wire; importing the reference's code would let it judge the reference by its own internals. Tests start the reference as a process (embedded/), which is not an import.",
      from: { path: '^harness/' },
      to: { path: '^reference-server/' },
    },
    {
      name: 'harness-not-suite',
      severity: 'error',
      comment:
        "tests/ is one Playwright suite built on the harness: a harness module importing it would tie the engine to that suite's files. Only a Jest test may (assert-findings.test.ts checks the guard every Playwright test ends with from here, since Jest's roots leave out tests/, whose *.test.ts are Playwright's).",
      from: { path: HARNESS, pathNot: TEST_FILE },
      to: { path: '^tests/' },
    },
    {
      name: 'service-is-data',
      severity: 'error',
      comment:
        'service/ is the service description as data (its roles, their placeholders and the reference names), read by the harness and the reference alike: it imports neither of them, nor the tests or the spec files.',
      from: { path: '^service/', pathNot: TEST_FILE },
      to: { path: '^(harness|reference-server|tests|specs)/' },
    },
    {
      name: 'reference-self-contained',
      severity: 'error',
      comment:
        'The reference is a separate program, the executable form of the service description: it must not depend on the harness that checks it, on the tests, or on the spec files it is checked against.',
      from: { path: '^reference-server/' },
      to: { path: '^(harness|tests|specs)/' },
    },
  ],
  options: {
    // Packages are leaves: their own imports say nothing about this repository's design.
    doNotFollow: { path: 'node_modules' },
    // The guard's own fixtures break the rules on purpose (harness/src/__fixtures__/architecture).
    exclude: { path: '(^|/)__fixtures__/' },
    // Count `import type`: see the comment at the top.
    tsPreCompilationDeps: true,
    // Resolve as tsc does (same compiler options, allowJs for browser/chromium-path.js).
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
