/**
 * Lints snippets of source with the project's ESLint configuration, for conventions.test.ts. It
 * runs in a worker thread because the configuration is an ES module (eslint.config.mjs), which
 * Jest's CommonJS sandbox cannot import; a worker has Node's own loader.
 *
 * workerData: { cwd, snippets: [{ filePath, code }] }; posts, per snippet, the messages of
 * `no-restricted-syntax` ({ line, message }).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ESLint } from 'eslint';

const { cwd, snippets } = workerData;
const eslint = new ESLint({ cwd });
const out = [];
for (const { filePath, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath });
  out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => ({ line: m.line, message: m.message })));
}
parentPort.postMessage(out);
