/** A differential run's view of one test: baseline, candidate and spec. */
import { aspectText, noiseText } from '../../core';
import { esc, markDifference } from '../escape';
import type { ConformanceResults, TestReport } from '../types';
import { sameAspect } from './aspects';
import { vc, badge, actualCell, sameRows } from './cells';
import { reproBlock } from './repro';

/**
 * A differential run's view of one test: baseline | candidate | spec for every aspect where the two
 * differ (or where the spec speaks and the baseline's value is known), then what each side was
 * asked (the addresses each discovered may differ: shown, not counted).
 */
export function differentialBlock(t: TestReport, bodies: ConformanceResults['bodies']): string {
  if (!t.baseline) return '';
  if (t.baseline.skipped) {
    const anchors = t.expectations.filter((e) => e.source === 'baseline').flatMap((e) => [e.key, ...e.findings.map((f) => f.key)]);
    return `<h3>Against the baseline</h3><p class="muted">${anchors.map((k) => `<span id="${k}"></span>`).join('')}not compared: ${esc(t.baseline.skipped)}</p>`;
  }
  const rows: string[] = [];
  let same = 0;
  const sameAnchors: string[] = [];
  for (const e of t.expectations) {
    rowGroups: for (const [i, group] of sameRows(e).entries()) {
      const f = group[0];
      const comparison = f.source === 'baseline';
      const spoken = !comparison && f.baseline !== undefined && f.verdict !== 'pass';
      if (!comparison && !spoken) continue;
      // Anchors of a comparison live here: its expectation's on its first row, each finding's on its row.
      const anchors = comparison
        ? `${i === 0 ? `<span id="${e.key}"></span>` : ''}${group
            .slice(1)
            .map((g) => `<span id="${g.key}"></span>`)
            .join('')}`
        : '';
      if (comparison && (f.verdict === 'pass' || f.verdict === 'skip')) {
        same++;
        sameAnchors.push(`<span id="${f.key}"></span>${anchors}`);
        continue rowGroups;
      }
      const step = e.step ?? t.id;
      const aspect = comparison ? (e.aspect ? aspectText(e.aspect) : 'answer') : e.label;
      const specExp = comparison
        ? t.expectations.find((x) => x.step === step && !x.compared && sameAspect(x.aspect, e.aspect))?.findings[0]?.expected
        : f.expected;
      const baseline = comparison ? f.expected : (f.baseline ?? '');
      rows.push(
        `<tr class="f-${vc(f.verdict)}"${comparison ? ` id="${f.key}"` : ''}><td>${anchors}${esc(step === t.id ? aspect : `${aspect} (${step})`)}<a class="anchor" href="#${f.key}">#</a></td><td class="v">${esc(
          group.map((g) => g.protocol ?? '—').join(', '),
        )}</td><td class="exp">${esc(baseline)}</td><td>${comparison ? actualCell({ ...f, message: undefined }, bodies) : markDifference(baseline, f.actual)}</td><td>${
          specExp === undefined ? '<span class="muted">(not in the spec)</span>' : esc(specExp)
        }</td><td class="v">${badge(f.verdict)}</td></tr>`,
      );
    }
  }
  if (same)
    rows.push(
      `<tr><td colspan="6" class="muted">${sameAnchors.join('')}${same} step${same === 1 ? '' : 's'} answered as the baseline did (noise of either side compared by presence only)</td></tr>`,
    );
  const table = `<table class="side"><thead><tr><th>aspect</th><th class="v">protocol</th><th>baseline</th><th>candidate</th><th>spec</th><th class="v"></th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  const asked: string[] = [];
  for (const l of t.baseline.legs) {
    for (const s of l.steps) {
      const mine = t.legs?.find((x) => x.protocol === l.protocol)?.steps.find((x) => x.id === s.id);
      const other = s.request && mine?.request && s.request.url !== mine.request.url;
      asked.push(
        `<div class="step" id="${s.key}"><h4>${esc(`${s.id} over ${s.protocol}, baseline`)}</h4>${
          s.request
            ? `<div class="mono">${esc(s.request.method)} ${esc(s.request.url)}${other ? ' <span class="muted">(another address than the candidate\'s: each side asks for its own)</span>' : ''}</div>`
            : `<p class="muted">${esc(s.skipped ?? 'not sent')}</p>`
        }${s.response ? `<div class="mono muted">${esc(`${s.response.protocol} ${s.response.status}, ${s.response.bodySize} bytes`)}</div>` : ''}${
          s.noise
            ? `<div class="noise muted">noise: ${
                noiseText(s.noise)
                  .map((n) => `<code>${esc(n)}</code>`)
                  .join(', ') || 'none'
              }</div>`
            : ''
        }${s.reproduce && l.protocol === 'h1' ? reproBlock(s) : ''}</div>`,
      );
    }
  }
  return `<h3>Against the baseline</h3>${table}<details><summary>What the baseline was asked</summary>${asked.join('')}</details>`;
}
