/** Nodes in the report beyond the replay's own (replay/nodes.test.ts): the node a browser flow stayed on. */
import { buildResults } from './build';
import { collected, flowRecord, runMeta } from './fixtures';
import { renderHtml } from './html';

test('a browser flow on a pool says the node Chromium went to, in results.json and on the page', () => {
  const record = { ...flowRecord('site/browser/home'), role: 'site', node: '127.0.0.1' };
  const results = buildResults({ tests: [collected(['site', 'site/browser/home'], record)], run: runMeta() });
  expect(results.tests[0].browser?.node).toBe('127.0.0.1');
  expect(renderHtml(results)).toContain('in Chromium at <code>127.0.0.1</code>, the first node of its role');
  const alone = buildResults({ tests: [collected(['site', 'site/browser/home'], flowRecord('site/browser/home'))], run: runMeta() });
  expect(alone.tests[0].browser?.node).toBeUndefined();
});
