// The modules a file loads, in a process of its own (entry-points.test.ts): run with
// `node --import tsx entry-points.load.js <file>`, it prints one JSON line: how many modules the
// file loaded, and for each package named on the command line, the chain of importers that first
// reached it (empty when it was never loaded).
const Module = require('node:module');
const path = require('node:path');

const [file, ...packages] = process.argv.slice(2);
const parentOf = new Map();
const load = Module._load;
Module._load = function (request, parent, isMain) {
  try {
    const resolved = Module._resolveFilename(request, parent, isMain);
    if (parent && !parentOf.has(resolved)) parentOf.set(resolved, parent.filename);
  } catch {
    // A request Node cannot resolve fails in load below, with its own message.
  }
  return load.apply(this, arguments);
};
require(path.resolve(file));
const root = path.resolve(__dirname, '../..');
const chains = {};
for (const name of packages) {
  const hit = [...parentOf.keys()].find((k) => k.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`));
  const chain = [];
  for (let k = hit; k && k !== __filename && chain.length < 40; k = parentOf.get(k)) chain.push(path.relative(root, k));
  chains[name] = chain;
}
process.stdout.write(`${JSON.stringify({ modules: Object.keys(require.cache).length, chains })}\n`);
