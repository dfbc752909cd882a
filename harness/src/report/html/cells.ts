/** Small pieces every section of the page uses: verdict badges and cells, values with their differences marked, line diffs, shapes. */
import { VERDICTS } from '../../core';
import { esc, markDifference } from '../escape';
import type { ConformanceResults, Counts, Expectation, FindingReport, Verdict } from '../types';

/** A verdict as a CSS class name (`n/a` has a slash). */
export const vc = (v: Verdict) => (v === 'n/a' ? 'na' : v);

/** A difference from the spec or the baseline, whether or not it fails the run. */
export const DIFFERS = (v: Verdict) => v !== 'pass' && v !== 'skip' && v !== 'n/a';

export const badge = (v: Verdict) => `<span class="badge b-${vc(v)}">${v}</span>`;

/** A met expectation in few bytes: the whole suite's page stays small (its clause and link are in results.json and on every miss). */
export const met = (v: Verdict) => v === 'pass';

export const verdictCell = (v: Verdict) => (met(v) ? '✓' : badge(v));

export function countsText(c: Counts): string {
  return VERDICTS.filter((v) => c[v])
    .map((v) => `<span>${c[v]} ${v}</span>`)
    .join('');
}

/** Values of one field, a line each (repeats numbered), marked when the comparison found them wrong. */
export function valuesHtml(values: string[], bad: boolean): string {
  if (!values.length) return bad ? '<mark>(absent)</mark>' : '<span class="muted">(absent)</span>';
  return values
    .map((v, i) => `<div>${values.length > 1 ? `<span class="line-no">[${i + 1}]</span>` : ''}${bad ? `<mark>${esc(v)}</mark>` : esc(v)}</div>`)
    .join('');
}

/** A unified line diff, each line escaped and classed by its first character. */
function lineDiffHtml(text: string): string {
  return text
    .split('\n')
    .map(
      (l) =>
        `<span class="${l.startsWith('+') && !l.startsWith('+++') ? 'ld-add' : l.startsWith('-') && !l.startsWith('---') ? 'ld-del' : l.startsWith('@@') ? 'ld-hunk' : 'ld-ctx'}">${esc(l)}</span>`,
    )
    .join('\n');
}

/** A ticket as a link where it has an address (its URL, or its id through HARNESS_TICKET_URL), opening nothing of this page. */
export function ticketLink(ticket: string, href: string | undefined): string {
  return href && /^https?:\/\//i.test(href) ? `<a href="${esc(href)}" rel="noreferrer noopener">${esc(ticket)}</a>` : esc(ticket);
}

export function shapeInfo(e: Expectation): string {
  if (!e.shape) return '';
  const failed = e.verdict !== 'pass';
  return `<div class="shape">${failed ? 'shape' : 'shape'} <b>${esc(e.shape.name)}</b>: ${esc(e.shape.description)}${
    e.shape.examples.length
      ? ` e.g. ${e.shape.examples
          .slice(0, 3)
          .map((x) => `<code>${esc(x)}</code>`)
          .join(', ')}`
      : ''
  }</div>`;
}

/** The value columns of a finding: actual (differences marked), the baseline's value, a line diff, saved bodies. */
export function actualCell(f: FindingReport, bodies: ConformanceResults['bodies']): string {
  const diffCell = DIFFERS(f.verdict) ? markDifference(f.expected, f.actual) : esc(f.actual);
  const baseline = f.baseline !== undefined && f.source !== 'baseline' ? `<div class="baseline">baseline: <code>${esc(f.baseline)}</code></div>` : '';
  const detail = f.detail ? `<details class="linediff"><summary>line diff</summary><pre>${lineDiffHtml(f.detail)}</pre></details>` : '';
  const saved = f.bodies
    ? `<div class="muted">saved bodies: ${(['baseline', 'candidate'] as const)
        .map((side) => {
          const sha = f.bodies?.[side];
          const file = sha ? bodies?.[sha]?.file : undefined;
          return sha ? (file && /^bodies\/[0-9a-f]{64}\.(txt|bin)$/.test(file) ? `<a href="${esc(file)}">${side}</a>` : `${side} (not saved)`) : '';
        })
        .filter(Boolean)
        .join(', ')}</div>`
    : '';
  const known = f.known
    ? `<div class="muted">known deviation (${esc(f.known.was)} without it): ${esc(f.known.reason)}, ${ticketLink(f.known.ticket, f.known.ticketHref)}, expires ${esc(f.known.expires)}</div>`
    : '';
  return `${diffCell}${f.redacted ? ' <span class="muted">(redacted)</span>' : ''}${f.message ? `<div class="muted">${esc(f.message)}</div>` : ''}${known}${baseline}${detail}${saved}`;
}

/** Findings of one expectation that say the same on several protocols: one row naming them all. */
export function sameRows(e: Expectation): FindingReport[][] {
  const groups = new Map<string, FindingReport[]>();
  for (const f of e.findings) {
    const k = JSON.stringify([f.verdict, f.expected, f.actual, f.message, f.baseline, f.detail, f.redacted]);
    groups.set(k, [...(groups.get(k) ?? []), f]);
  }
  return [...groups.values()];
}
