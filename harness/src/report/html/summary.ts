/** The summary per role with a bar each, the maps, and the filters. */
import { FINDING_SOURCES, LEVELS, VERDICTS } from '../../core';
import { esc } from '../escape';
import type { ConformanceResults, Counts, Verdict } from '../types';
import { checkOf } from './aspects';
import { vc, badge } from './cells';
import { h3LaunchersBlock } from './repro';
import { type RenderContext } from './context';

function bar(c: Counts): string {
  const total = VERDICTS.reduce((n, v) => n + c[v], 0);
  if (total === 0) return '<div class="bar"></div>';
  const title = VERDICTS.filter((v) => c[v])
    .map((v) => `${c[v]} ${v}`)
    .join(', ');
  return `<div class="bar" title="${esc(title)}" role="img" aria-label="${esc(title)}">${VERDICTS.filter((v) => c[v])
    .map((v) => `<span class="${vc(v)}" style="width:${((100 * c[v]) / total).toFixed(2)}%"></span>`)
    .join('')}</div>`;
}

/** Summary columns: pass, fail and error always, the other verdicts when the run has them. */
function columns(r: ConformanceResults): Verdict[] {
  return VERDICTS.filter((v) => v === 'pass' || v === 'fail' || v === 'error' || r.totals[v] > 0);
}

export function summary(r: ConformanceResults, ctx: RenderContext): string {
  const COLS = columns(r);
  const rows = r.roles
    .map(
      (s) =>
        `<tr><td><a href="#role-${esc(s.role)}">${esc(s.role)}</a></td><td class="n">${s.tests}</td>${COLS.map((v) => `<td class="n">${s.counts[v] || ''}</td>`).join('')}<td>${bar(s.counts)}</td></tr>`,
    )
    .join('\n');
  const t = r.totals;
  return `<section class="summary-box"><h2>Summary per role (expectations)</h2>
<table class="summary"><thead><tr><th>role</th><th>tests</th>${COLS.map((v) => `<th>${badge(v)}</th>`).join('')}<th></th></tr></thead>
<tbody>
${rows}
<tr><th>all</th><th class="n">${r.tests.length}</th>${COLS.map((v) => `<th class="n">${t[v] || ''}</th>`).join('')}<th>${bar(t)}</th></tr>
</tbody></table>
${r.run.runErrors.length ? `<h2>Errors of the run</h2>${r.run.runErrors.map((e) => `<pre class="run-error">${esc(e)}</pre>`).join('')}` : ''}
${target(r, ctx)}
</section>`;
}

export function target(r: ConformanceResults, ctx: RenderContext): string {
  const maps = [
    r.run.target && `<details><summary>Target map</summary><pre>${esc(r.run.target.description)}</pre></details>`,
    r.run.baseline && `<details><summary>Baseline map</summary><pre>${esc(r.run.baseline.description)}</pre></details>`,
  ];
  return [...maps, h3LaunchersBlock(ctx.h3Launchers)].filter(Boolean).join('');
}

export function filters(r: ConformanceResults): string {
  const roles = r.roles.map((s) => `<option value="${esc(s.role)}">${esc(s.role)}</option>`).join('');
  const checks = new Set<string>();
  for (const t of r.tests)
    for (const e of t.expectations) {
      const check = checkOf(e);
      if (check) checks.add(check);
    }
  return `<form class="filters" id="filters" autocomplete="off">
<label>role <select name="role"><option value="">all</option>${roles}</select></label>
<span>verdict ${columns(r)
    .map((v) => `<label><input type="checkbox" name="verdict" value="${v}" checked> ${v}</label>`)
    .join(' ')}</span>
<label>level <select name="level"><option value="">all</option>${LEVELS.map((l) => `<option value="${l}">${l}</option>`).join('')}</select></label>
<label>provenance <select name="source"><option value="">all</option>${FINDING_SOURCES.map((p) => `<option value="${p}">${p}</option>`).join('')}</select></label>
<label>check id <input type="search" name="check" list="check-ids" placeholder="e.g. header x-frame-options"></label>
<datalist id="check-ids">${[...checks]
    .sort()
    .map((c) => `<option value="${esc(c)}">`)
    .join('')}</datalist>
<button type="reset">Clear filters</button>
<button type="button" id="expand-all">Expand all</button>
<button type="button" id="collapse-all">Collapse all</button>
<span class="muted"><span id="shown-count">${r.tests.length}</span> of ${r.tests.length} tests shown</span>
</form>`;
}
