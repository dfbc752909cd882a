/** Failures first: one row per cause, then warnings and diffs, then the known deviations. */
import { causeHeadline, causes, causeScope, failingCauses } from '../causes';
import { esc } from '../escape';
import { targetName } from '../target-name';
import { knownProblem } from '../known';
import type { ConformanceResults, KnownEntryReport, Verdict } from '../types';
import { badge, ticketLink } from './cells';
import { type RenderContext } from './context';

/**
 * Expectations listed at the top: those that fail the run, then (in a list of their own) warnings
 * and diffs that do not; one row per cause (the same aspect, verdict and values), its tests listed.
 */
function expectationList(r: ConformanceResults, wanted: (v: Verdict) => boolean, numbered = false): { rows: string[]; count: number } {
  const rows: string[] = [];
  let count = 0;
  for (const [i, c] of (numbered ? failingCauses(r) : causes(r, wanted)).entries()) {
    count += c.members.length;
    const e = c.members[0].expectation;
    const f = c.finding;
    const roles = [...new Set(c.members.map((m) => m.test.role))].join(' ');
    const ids = c.members.map((m) => m.expectation.id).join(' ');
    const number = numbered ? `<span class="cause-n">[${i + 1}]</span> ` : '';
    const what = number + (c.members.length === 1 ? `<a href="#${e.key}">${esc(causeHeadline(c))}</a>` : esc(causeHeadline(c)));
    const seen = c.seenBy.length ? ` <span class="muted">also seen by ${esc(c.seenBy.join(', '))}</span>` : '';
    const members = `<details><summary>${esc(causeScope(c))}</summary>${c.members.map((m) => `<a href="#${m.expectation.key}">${esc(m.expectation.id)}</a>`).join(', ')}</details>`;
    rows.push(
      `<li data-role="${esc(roles)}" data-verdict="${c.verdict}" data-level="${e.level}" data-source="${esc(e.source)}" data-id="${esc(ids)}">${badge(c.verdict)} ${what}: <span class="ea">expected</span> <code>${esc(f.expected)}</code>${seen}${
        f.message && c.verdict !== 'fail' ? ` <span class="muted">${esc(f.message)}</span>` : ''
      }${members}</li>`,
    );
  }
  return { rows, count };
}

export function failures(r: ConformanceResults, ctx: RenderContext): string {
  // The failing causes numbered as the terminal and summary.md number them (`accept --known --cause N`).
  const items = expectationList(r, ctx.failing, true);
  const warnings = expectationList(r, (v) => v === 'warn' && !ctx.failing(v));
  const differences = expectationList(r, (v) => (v === 'diff' || v === 'fixed') && !ctx.failing(v));
  const counted = (l: { rows: string[]; count: number }) =>
    `${l.count}${l.count > l.rows.length ? `, from ${l.rows.length} cause${l.rows.length === 1 ? '' : 's'}` : ''}`;
  const baseline = r.run.baseline ? targetName(r.run.baseline) : undefined;
  const warned =
    (warnings.rows.length
      ? `<section class="warnings"><h2>Warnings, not failing the run (${counted(warnings)})</h2><ol>${warnings.rows.join('\n')}</ol></section>`
      : '') +
    (differences.rows.length
      ? `<section class="warnings differences"><h2>Differences from the baseline${baseline ? ` ${esc(baseline)}` : ''}, not failing the run (${counted(differences)})</h2><ol>${differences.rows.join('\n')}</ol></section>`
      : '');
  for (const i of [...(r.run.inconclusive ?? [])].reverse()) {
    const tests = r.tests.filter((t) => (t.role === i.role || i.dependents?.includes(t.key)) && t.key !== i.key && ctx.failing(t.verdict));
    items.rows.unshift(
      `<li data-role="${esc(i.role)}" data-verdict="error" data-level="must" data-source="capture" data-id="${esc(`${i.role} inconclusive`)}">${badge('error')} <a href="#${esc(i.key)}">${esc(`${i.role}/inconclusive`)}</a>: ${esc(i.message)}${
        tests.length
          ? `<details><summary>${i.grouped} failing expectation${i.grouped === 1 ? '' : 's'} of ${esc(i.role)} grouped under it, in ${tests.length} test${tests.length === 1 ? '' : 's'}</summary>${tests.map((t) => `<a href="#${t.key}">${esc(t.id)}</a>`).join(', ')}</details>`
          : ''
      }</li>`,
    );
    items.count += 1 + i.grouped;
  }
  const expired = (r.known?.entries ?? []).filter((e) => e.status === 'expired');
  for (const e of expired)
    items.rows.unshift(
      `<li data-role="" data-verdict="fail" data-level="must" data-source="capture" data-id="${esc(e.id)}">${badge('fail')} <a href="#known-${e.index}">${esc(knownProblem(e))}</a></li>`,
    );
  items.count += expired.length;
  const known = knownSection(r);
  if (items.rows.length === 0) return `<section class="failures"><h2>Failures</h2><p>No failing expectation and no run error.</p></section>${warned}${known}`;
  return `<section class="failures"><h2>Failures (${counted(items)})</h2><ol>${items.rows.join('\n')}</ol></section>${warned}${known}`;
}

const KNOWN_STATUS: Record<KnownEntryReport['status'], string> = {
  matched: 'excused failures of this run',
  expired: 'expired: fails the run',
  unseen: 'no longer seen: remove it',
  'not-run': 'matched no expectation of this run',
};

/** Every entry of the known deviations file with its reason, ticket, date and what it did in this run. */
function knownSection(r: ConformanceResults): string {
  if (!r.known) return '';
  const ids = new Map(r.tests.flatMap((t) => t.expectations.map((e) => [e.key, e.id] as const)));
  const rows = r.known.entries.map(
    (e) =>
      `<tr id="known-${e.index}" class="known-${e.status}"><td><code>${esc(e.id)}</code>${e.actual !== undefined ? `<div class="muted">actual <code>${esc(e.actual)}</code></div>` : ''}</td><td>${esc(KNOWN_STATUS[e.status])}</td><td>${esc(e.reason)}</td><td>${ticketLink(e.ticket, e.ticketHref)}</td><td>${esc(e.expires)}</td><td>${
        e.expectations.length
          ? `${e.expectations.length}: ${e.expectations
              .slice(0, 20)
              .map((k) => `<a href="#${esc(k)}">${esc(ids.get(k) ?? k)}</a>`)
              .join(', ')}${e.expectations.length > 20 ? ', ...' : ''}`
          : ''
      }</td></tr>`,
  );
  return `<section class="known"><h2>Known deviations (${r.known.entries.length} in ${esc(r.known.file)}, read on ${esc(r.known.today)})</h2><table class="side"><thead><tr><th>id</th><th>this run</th><th>reason</th><th>ticket</th><th>expires</th><th>expectations excused</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}
