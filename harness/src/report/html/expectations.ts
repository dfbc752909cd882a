/** A test's table of expectations, one row group per expectation. */
import { rank } from '../../core';
import { esc } from '../escape';
import type { ConformanceResults, Expectation, FindingReport, TestReport } from '../types';
import { checkOf, isParity } from './aspects';
import { vc, met, verdictCell, shapeInfo, actualCell, sameRows } from './cells';
import { type RenderContext } from './context';

function findingRow(
  e: Expectation,
  group: FindingReport[],
  first: boolean,
  span: number,
  shown: string,
  showClause: boolean,
  bodies: ConformanceResults['bodies'],
): string {
  const f = group[0];
  const rs = span > 1 ? ` rowspan="${span}"` : '';
  const head = !first
    ? ''
    : met(e.verdict)
      ? `<td${rs}>${esc(shown)}${shapeInfo(e)}</td><td${rs}>${esc(e.level)}</td><td${rs}>${esc(e.source)}</td>`
      : `<td${rs} title="${esc(e.id)}">${esc(shown)}<a class="anchor" href="#${e.key}" title="link to this expectation">¶</a>${shapeInfo(e)}${
          e.clause && showClause ? `<div class="clause">clause: ${esc(e.clause)}</div>` : ''
        }</td><td${rs}>${esc(e.level)}</td><td${rs}>${esc(e.source)}</td>`;
  // Every finding keeps its anchor; one row shows the findings that say the same.
  const more = group
    .slice(1)
    .map((g) => `<span id="${g.key}"></span>`)
    .join('');
  const protocols = group.map((g) => `${g.protocol ?? '—'}${g.node ? ` at ${g.node}` : ''}`).join(', ');
  // A met expectation whose value is the expected one shows it once, across both columns.
  const values =
    met(f.verdict) && f.expected === f.actual && !f.message && f.baseline === undefined
      ? `<td class="exp" colspan="2">${esc(f.actual)}</td>`
      : `<td class="exp">${esc(f.expected)}</td><td>${actualCell(f, bodies)}</td>`;
  return `<tr class="f-${vc(f.verdict)}" id="${f.key}"><td class="v">${verdictCell(f.verdict)}${more}</td>${head}<td class="v">${esc(protocols)}</td>${values}</tr>`;
}

/** The legs whose side-by-side table shows the spec's expectations (an h3 step is shown against its h1 twin instead). */
const SPEC_LEGS: ReadonlySet<string> = new Set(['h1', 'h2']);

function metBelow(t: TestReport, e: Expectation): boolean {
  if (!t.legs || !e.step || e.verdict !== 'pass' || isParity(e)) return false;
  return e.findings.every(
    (f) =>
      f.verdict === 'pass' &&
      f.protocol !== undefined &&
      SPEC_LEGS.has(f.protocol) &&
      t.legs!.some((l) => l.protocol === f.protocol && l.node === f.node && l.steps.some((s) => s.id === e.step && s.response)),
  );
}

export function expectationsTable(ctx: RenderContext, t: TestReport, bodies: ConformanceResults['bodies']): string {
  const sorted = [...t.expectations].sort((a, b) => rank(a.verdict) - rank(b.verdict));
  let lastClause: string | undefined;
  const below = sorted.filter((e) => metBelow(t, e));
  for (const e of below) e.findings.forEach((f, i) => ctx.shownBelow.set(f.key, i === 0 ? e.key : ''));
  // The comparison with a baseline has its own table (baseline | candidate | spec), with its anchors.
  const compared = t.baseline ? sorted.filter((e) => e.source === 'baseline') : [];
  const groups = sorted
    .filter((e) => !below.includes(e) && !compared.includes(e))
    .map((e) => {
      const check = checkOf(e);
      // The test's id is in its heading: rows show what each is about, and the step of a flow's. A clause repeated by passing rows is shown once.
      const shown = e.step && e.step !== t.id ? `${e.label} (${e.step})` : e.label;
      const showClause = e.verdict !== 'pass' || e.clause !== lastClause;
      lastClause = e.clause;
      const rowGroups = sameRows(e);
      const rows = rowGroups.map((g, i) => findingRow(e, g, i === 0, rowGroups.length, shown, showClause, bodies)).join('');
      return `<tbody class="expectation" id="${e.key}" data-verdict="${e.verdict}" data-level="${e.level}" data-source="${esc(e.source)}" data-id="${esc(e.id)}"${check ? ` data-check="${esc(check)}"` : ''}>${rows}</tbody>`;
    });
  const set = (xs: string[]) => [...new Set(xs)].join(' ');
  if (compared.length) {
    groups.push(
      `<tbody class="expectation" data-verdict="${set(compared.map((e) => e.verdict))}" data-level="${set(compared.map((e) => e.level))}" data-source="baseline" data-id="${esc(compared.map((e) => e.id).join('\n'))}"><tr><td colspan="7" class="muted">${compared.length} comparison${compared.length === 1 ? '' : 's'} with the baseline: shown against the baseline below</td></tr></tbody>`,
    );
  }
  if (below.length) {
    groups.push(
      `<tbody class="expectation" data-verdict="pass" data-level="${set(below.map((e) => e.level))}" data-source="${esc(set(below.map((e) => e.source)))}" data-id="${esc(below.map((e) => e.id).join('\n'))}"><tr><td colspan="7" class="muted">${below.length} more expectation${below.length === 1 ? '' : 's'} met: shown with each exchange below</td></tr></tbody>`,
    );
  }
  return `<table class="expectations"><thead><tr><th class="v">verdict</th><th>expectation</th><th>level</th><th>provenance</th><th class="v">protocol</th><th>expected</th><th>actual</th></tr></thead>${groups.join('\n')}</table>`;
}
