/**
 * Runs dependency-cruiser's API (`cruise`) with a rule file, for architecture.test.ts. It runs in a
 * worker thread because dependency-cruiser is ESM only: Jest's CommonJS sandbox can neither require
 * it nor import() it, and a worker has Node's own loader.
 *
 * workerData: { configFile, paths, baseDir? }; posts { violations, modules } back.
 */
import { dirname, resolve } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const { configFile, paths, baseDir } = workerData;
const options = await extractDepcruiseOptions(configFile);
const tsConfig = options.tsConfig?.fileName ? extractTSConfig(resolve(dirname(configFile), options.tsConfig.fileName)) : undefined;
const result = await cruise(paths, { ...options, ...(baseDir ? { baseDir } : {}) }, {}, tsConfig ? { tsConfig } : {});
const output = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
parentPort.postMessage({ violations: output.summary.violations, modules: output.modules.map((m) => m.source) });
