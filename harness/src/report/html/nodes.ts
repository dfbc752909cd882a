/**
 * The "Nodes" section: per role whose name has several addresses, each node asked, how many
 * answers it gave, and whether it agreed with the first node, at a glance. Reads the typed
 * `nodes` of the results.
 */
import { esc } from '../escape';
import type { ConformanceResults } from '../types';

export function nodesSection(r: ConformanceResults): string {
  if (!r.nodes?.length) return '';
  const rows = r.nodes.flatMap((role) =>
    role.nodes.map((n, i) => {
      const agrees = n.differs === 0 && n.fails === 0;
      const state =
        i === 0 && agrees
          ? 'the first node: the others are compared with it'
          : agrees
            ? 'agrees with the first node'
            : [
                n.differs ? `answers otherwise on ${n.differs} expectation${n.differs === 1 ? '' : 's'}` : '',
                n.fails ? `fails ${n.fails} the other nodes meet` : '',
              ]
                .filter(Boolean)
                .join('; ');
      return `<tr class="${agrees ? '' : 'diff'}">${i === 0 ? `<td rowspan="${role.nodes.length}">${esc(role.role)}<div class="muted">${role.tests} test${role.tests === 1 ? '' : 's'}</div></td>` : ''}<td class="mono">${esc(n.address)}</td><td>${n.answers}</td><td>${agrees ? '✓ ' : '✗ '}${esc(state)}</td></tr>`;
    }),
  );
  return `<section class="nodes"><h2>Nodes (${r.nodes.length} role${r.nodes.length === 1 ? '' : 's'} with several addresses)</h2><p class="muted">Every exchange was sent to each address behind its role's name (HARNESS_NODES); flows stayed on one node each; browser flows, raw flows and HTTP/3 went to the first.</p><table class="side"><thead><tr><th>role</th><th>node</th><th>answers</th><th>agreement</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}
