/**
 * The dependency guard: the rules of .dependency-cruiser.cjs (layering, no cycles, the wall between
 * harness and reference server) hold over the harness, the reference server and the Playwright
 * tests; the same rules over a fixture tree find exactly the breaks planted there, so the guard can
 * fail. dependency-cruiser's API runs in a worker (architecture.cruise.mjs: the package is ESM only).
 */
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';

const ROOT = path.resolve(__dirname, '../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const FIXTURE = path.join(__dirname, '__fixtures__', 'architecture');

interface Violation {
  rule: { name: string; severity: string };
  from: string;
  to: string;
  cycle?: Array<{ name: string } | string>;
}

interface Cruised {
  violations: Violation[];
  modules: string[];
}

function cruise(paths: string[], baseDir: string): Promise<Cruised> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'architecture.cruise.mjs'), { workerData: { configFile: CONFIG, paths, baseDir } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code === 0 || reject(new Error(`the cruise worker exited with ${code}`)));
  });
}

/** One line per violation, the way `npm run deps` names them: rule, from, to (and the cycle). */
function lines(violations: Violation[]): string[] {
  return violations
    .map((v) => `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (cycle: ${v.cycle.map((c) => (typeof c === 'string' ? c : c.name)).join(' -> ')})` : ''}`)
    .sort();
}

interface LayerRule {
  name: string;
  from: { path: string; pathNot: string[] };
}

// The rule file is CommonJS configuration, read here as data.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const layerRules = (): LayerRule[] => (require(CONFIG) as { forbidden: LayerRule[] }).forbidden.filter((r) => r.name.startsWith('layer-'));

describe('.dependency-cruiser.cjs', () => {
  let real: Cruised;
  beforeAll(async () => {
    real = await cruise(['service', 'harness/src', 'reference-server/src', 'tests'], ROOT);
  });

  test('holds over service/, harness/src, reference-server/src and tests/', () => {
    expect(real.modules.length).toBeGreaterThan(300);
    // On failure the list below is printed: each line names the rule, the importing module and the imported one.
    expect(lines(real.violations)).toEqual([]);
  });

  test('places every module of the harness in exactly one part of the layering (a new folder must be placed)', () => {
    const rules = layerRules();
    const placed = (m: string) => rules.filter((r) => new RegExp(r.from.path).test(m) && !r.from.pathNot.some((p) => new RegExp(p).test(m))).map((r) => r.name);
    const unplaced = real.modules
      .filter((m) => /^harness\/src\/[^/]+\//.test(m) && !/\.test\.ts$/.test(m) && !m.startsWith('harness/src/testing/'))
      .map((m) => [m, placed(m)] as const)
      .filter(([, names]) => names.length !== 1)
      .map(([m, names]) => `${m}: ${names.length ? names.join(', ') : 'no part'}`);
    expect(unplaced).toEqual([]);
  });

  test('finds exactly the planted breaks in the fixture tree: an upward import, a cycle and the harness importing tests/', async () => {
    const fixture = await cruise(['harness/src'], FIXTURE);
    expect(lines(fixture.violations)).toEqual([
      'harness-not-suite: harness/src/report/suite-guard.ts -> tests/support/assert.ts',
      'layer-core: harness/src/core/order.ts -> harness/src/report/render.ts',
      // A cycle is reported once, from its first module.
      'no-circular: harness/src/replay/a.ts -> harness/src/replay/b.ts (cycle: harness/src/replay/b.ts -> harness/src/replay/a.ts)',
    ]);
    expect(fixture.violations.every((v) => v.rule.severity === 'error')).toBe(true);
  });
});
