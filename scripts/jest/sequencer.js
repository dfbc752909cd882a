// Jest's order, with one change for a run without timings (a fresh checkout): Jest then runs the
// largest files first, so a long suite that starts servers or a browser can begin last and run on
// alone while the other workers sit idle. Here such files go first among the untimed ones (by size
// within each group). With timings, Jest's own order holds: failed first, then the longest.
'use strict';
const Sequencer = require('@jest/test-sequencer').default;
const { startsSomething } = require('./starts');

class StartersFirst extends Sequencer {
  sort(tests) {
    const jestOrder = super.sort(tests);
    const rank = new Map(jestOrder.map((t, i) => [t, i]));
    const starts = new Map();
    const starter = (t) => {
      if (!starts.has(t.path)) starts.set(t.path, startsSomething(t.path));
      return starts.get(t.path);
    };
    const untimed = (t) => t.duration == null && !this.hasFailed(t);
    return [...jestOrder].sort((a, b) => {
      if (untimed(a) && untimed(b) && starter(a) !== starter(b)) return starter(a) ? -1 : 1;
      return rank.get(a) - rank.get(b);
    });
  }
}

module.exports = StartersFirst;
