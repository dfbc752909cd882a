/**
 * Lints snippets of source with the project's ESLint configuration, for conventions.test.ts. It
 * runs in a worker thread because the configuration is an ES module (eslint.config.mjs), which
 * Jest's CommonJS sandbox cannot import; a worker has Node's own loader.
 *
 * workerData: { cwd, snippets: [{ filePath, code }] }; posts, per snippet, the messages of the
 * convention rules, `no-restricted-syntax` and `max-lines` ({ line, message }).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ESLint } from 'eslint';

const { cwd, snippets } = workerData;
const eslint = new ESLint({ cwd });
const RULES = new Set(['no-restricted-syntax', 'max-lines']);
const out = [];
for (const { filePath, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath });
  out.push(result.messages.filter((m) => RULES.has(m.ruleId)).map((m) => ({ line: m.line, message: m.message })));
}
parentPort.postMessage(out);
