/**
 * The run's nodes at a glance, for results.json and the report's "Nodes" section: per role, each
 * address behind its name that was asked, how many answers it gave, and on how many expectations
 * it disagreed with the first node or missed the spec where another node met it. Read from the
 * typed fields of the tests (`nodes`, each leg's and finding's `node`, node comparisons), never from ids.
 */
import { failsRun, isNodeComparison, type FailOn } from '../../core';
import type { NodeSummary, TestReport } from '../types';

export function nodeSummaries(tests: readonly TestReport[], failOn: FailOn): NodeSummary[] {
  const byRole = new Map<string, NodeSummary>();
  for (const t of tests) {
    if (!t.nodes?.length) continue;
    const summary = byRole.get(t.role) ?? { role: t.role, tests: 0, nodes: [] };
    byRole.set(t.role, summary);
    summary.tests++;
    const node = (address: string) => {
      let n = summary.nodes.find((x) => x.address === address);
      if (!n) summary.nodes.push((n = { address, answers: 0, differs: 0, fails: 0 }));
      return n;
    };
    for (const address of t.nodes) node(address);
    for (const l of t.legs ?? []) if (l.node) node(l.node).answers += l.steps.filter((s) => s.response).length;
    for (const e of t.expectations) {
      if (e.compared && isNodeComparison(e.compared)) {
        if (e.verdict !== 'pass' && e.verdict !== 'n/a' && e.verdict !== 'skip') node(e.compared.second).differs++;
        continue;
      }
      // An expectation some nodes fail and others meet is a node's; one every node fails is the name's.
      const failing = new Set(e.findings.filter((f) => f.node && failsRun(f.verdict, failOn)).map((f) => f.node!));
      const asked = new Set(e.findings.filter((f) => f.node).map((f) => f.node!));
      if (failing.size && failing.size < asked.size) for (const a of failing) node(a).fails++;
    }
  }
  return [...byRole.values()];
}
