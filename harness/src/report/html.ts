/**
 * `renderHtml`: results.json as one self-contained page (inline CSS and JS, no network, opens from
 * disk): a summary per role with a bar each, failures first, filters, and per exchange the expected
 * and actual side by side with a reproduction command. Every value goes through `esc`; the data is
 * also embedded as JSON in a `<script type="application/json">`.
 */
import { createHash } from 'node:crypto';
import { failsRun, fieldLines, FINDING_SOURCES, LEVELS, rank, VERDICTS, type FailOn } from '../core';
import { comparedField } from '../noise/fields';
import { failuresFirst } from './build';
import { causes } from './causes';
import { esc, markDifference, safeScreenshotSource } from './escape';
import { CSS, SCRIPT } from './html-assets';
import { knownProblem } from './known';
import { EXIT_MEANING } from './terminal';
import type { ConformanceResults, Counts, Expectation, FindingReport, KnownEntryReport, StepReport, TestReport, Verdict } from './types';

export interface HtmlOptions {
  /** The Content-Security-Policy meta (default on). Tests turn it off to prove escaping alone holds. */
  csp?: boolean;
}

/** A verdict as a CSS class name (`n/a` has a slash). */
const vc = (v: Verdict) => (v === 'n/a' ? 'na' : v);
/** A difference from the spec or the baseline, whether or not it fails the run. */
const DIFFERS = (v: Verdict) => v !== 'pass' && v !== 'skip' && v !== 'n/a';
/** What one render shares between its sections: the page is a function of the results alone, with no module state. */
interface RenderContext {
  /** Whether a verdict fails the run under its threshold (HARNESS_FAIL_ON). */
  readonly failing: (v: Verdict) => boolean;
  /**
   * Met expectations of a replay step are shown once, in the step's side-by-side table below, which
   * carries their anchors (the expectation's and each finding's); the table of expectations keeps
   * one row group standing for all of them, so that the filters still find the test by their level,
   * provenance and id. Finding key to the anchor its row carries, emptied as rows are written.
   */
  readonly shownBelow: Map<string, string>;
  /** The HTTP/3 launch commands of the run, each with the shell function that stands for it. */
  readonly h3Launchers: ReadonlyMap<string, string>;
}

function renderContext(results: ConformanceResults): RenderContext {
  const failOn: FailOn = results.run.failOn;
  return { failing: (v) => failsRun(v, failOn), shownBelow: new Map(), h3Launchers: collectH3Launchers(results.tests) };
}

const badge = (v: Verdict) => `<span class="badge b-${vc(v)}">${v}</span>`;

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

function countsText(c: Counts): string {
  return VERDICTS.filter((v) => c[v])
    .map((v) => `<span>${c[v]} ${v}</span>`)
    .join('');
}

function header(r: ConformanceResults): string {
  const run = r.run;
  const spec = run.spec;
  const mix =
    Object.entries(run.protocolMix)
      .map(([p, n]) => `${p} ${n}`)
      .join(', ') || 'none';
  const target = run.target
    ? `${run.target.origin === 'reference' ? 'reference' : 'user target'}: ${Object.entries(run.target.roles)
        .map(([role, urls]) => `${role} ${urls.join(' ')}`)
        .join('; ')}`
    : 'target map not available in the reporting process';
  return `<header class="top">
<h1>${esc(run.title)}</h1>
<div class="meta">
<span>status <b class="status-${run.status}">${esc(run.status)}</b> (fails on ${esc(run.failOn)} and worse: HARNESS_FAIL_ON)</span>
<span>started ${esc(run.startedAt)}</span>
<span>duration ${esc((run.durationMs / 1000).toFixed(1))} s</span>
<span>spec ${esc(spec.commit ? spec.commit.slice(0, 12) : 'no commit')}${spec.dirty ? ' (modified)' : ''} · digest ${esc(spec.digest)}</span>
<span>protocols ${esc(mix)}</span>
<span>${run.rawSecrets ? 'raw secret values shown' : 'secrets shown as shape and length'}</span>
</div>
<div class="meta"><span class="wrap">${esc(target)}</span></div>
${
  run.baseline
    ? `<div class="meta"><span class="wrap">${esc(
        `baseline${run.baseline.origin === 'reference' ? ' (embedded reference)' : ''}: ${Object.entries(run.baseline.roles)
          .map(([role, urls]) => `${role} ${urls.join(' ')}`)
          .join('; ')}`,
      )}</span></div>`
    : ''
}
${(run.inconclusive ?? []).map((i) => `<div class="meta inconclusive"><span class="wrap"><b>${esc(i.role)}</b>: ${esc(i.message)} <a href="#${esc(i.key)}">(its error)</a></span></div>`).join('')}
<div class="meta"><span>exit status ${esc(run.exitCode)}: ${esc(EXIT_MEANING[run.exitCode])}</span></div>
${historyBlock(r)}
<div class="meta"><span>the data of this page: results.json beside it (JUnit: junit.xml)</span></div>
${run.target ? `<div class="meta"><span class="wrap">{section} = ${esc(run.target.section)}${run.target.sectionSource ? ` (${esc(run.target.sectionSource)})` : ''}</span></div>` : ''}
</header>`;
}

/** New, fixed and still failing expectations since the previous run, each with the day it was first seen failing. */
function historyBlock(r: ConformanceResults): string {
  const h = r.history;
  if (!h) return '';
  const day = (iso: string) => esc(iso.slice(0, 10));
  const list = (title: string, items: typeof h.new, linked: boolean) =>
    items.length
      ? `<details><summary>${esc(title)} (${items.length})</summary><ul>${items
          .slice(0, 200)
          .map((i) => `<li>${linked ? `<a href="#${esc(i.key)}">${esc(i.id)}</a>` : esc(i.id)} <span class="muted">first seen ${day(i.firstSeen)}</span></li>`)
          .join('')}${items.length > 200 ? '<li>...</li>' : ''}</ul></details>`
      : '';
  return `<div class="meta history"><span class="wrap">${h.rerun ? 're-run of the failing tests of' : 'since the previous run,'} ${esc(h.previous.file)} (${day(h.previous.startedAt)}): <b>${h.new.length} new</b>, ${h.fixed.length} fixed, ${h.still.length} still failing${h.notRun ? `, ${h.notRun} not run this time` : ''}</span>${list('new', h.new, true)}${list('fixed', h.fixed, false)}${list('still failing', h.still, true)}</div>`;
}

/** Summary columns: pass, fail and error always, the other verdicts when the run has them. */
function columns(r: ConformanceResults): Verdict[] {
  return VERDICTS.filter((v) => v === 'pass' || v === 'fail' || v === 'error' || r.totals[v] > 0);
}

function summary(r: ConformanceResults, ctx: RenderContext): string {
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

function target(r: ConformanceResults, ctx: RenderContext): string {
  const maps = [
    r.run.target && `<details><summary>Target map</summary><pre>${esc(r.run.target.description)}</pre></details>`,
    r.run.baseline && `<details><summary>Baseline map</summary><pre>${esc(r.run.baseline.description)}</pre></details>`,
  ];
  return [...maps, h3LaunchersBlock(ctx.h3Launchers)].filter(Boolean).join('');
}

function filters(r: ConformanceResults): string {
  const roles = r.roles.map((s) => `<option value="${esc(s.role)}">${esc(s.role)}</option>`).join('');
  const checks = new Set<string>();
  for (const t of r.tests)
    for (const e of t.expectations) {
      const m = / check (\S+)/.exec(e.id);
      if (m) checks.add(m[1]);
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

/**
 * Expectations listed at the top: those that fail the run, then (in a list of their own) warnings
 * and diffs that do not; one row per cause (the same aspect, verdict and values), its tests listed.
 */
function expectationList(r: ConformanceResults, wanted: (v: Verdict) => boolean): { rows: string[]; count: number } {
  const rows: string[] = [];
  let count = 0;
  for (const c of causes(r, wanted)) {
    count += c.members.length;
    const e = c.members[0].expectation;
    const f = c.finding;
    const roles = [...new Set(c.members.map((m) => m.test.role))].join(' ');
    const ids = c.members.map((m) => m.expectation.id).join(' ');
    const what =
      c.members.length === 1
        ? `<a href="#${e.key}">${esc(e.id)}</a>${f.protocol ? ` <span class="muted">(${esc(protocolsOf(e))})</span>` : ''}`
        : `${esc(c.aspect)} <span class="muted">in ${c.members.length} tests</span>`;
    const members =
      c.members.length === 1
        ? ''
        : `<details><summary>${c.members.length} tests</summary>${c.members.map((m) => `<a href="#${m.expectation.key}">${esc(m.expectation.id)}</a>`).join(', ')}</details>`;
    rows.push(
      `<li data-role="${esc(roles)}" data-verdict="${c.verdict}" data-level="${e.level}" data-source="${esc(e.source)}" data-id="${esc(ids)}">${badge(c.verdict)} ${what}: <span class="ea">expected</span> <code>${esc(f.expected)}</code>, <span class="ea">got</span> <code>${markDifference(f.expected, f.actual)}</code>${
        f.message && c.verdict !== 'fail' ? ` <span class="muted">${esc(f.message)}</span>` : ''
      }${members}</li>`,
    );
  }
  return { rows, count };
}

function failures(r: ConformanceResults, ctx: RenderContext): string {
  const items = expectationList(r, ctx.failing);
  const warnings = expectationList(r, (v) => (v === 'warn' || v === 'diff') && !ctx.failing(v));
  const counted = (l: { rows: string[]; count: number }) =>
    `${l.count}${l.count > l.rows.length ? `, from ${l.rows.length} cause${l.rows.length === 1 ? '' : 's'}` : ''}`;
  const warned = warnings.rows.length
    ? `<section class="warnings"><h2>Warnings and diffs, not failing the run (${counted(warnings)})</h2><ol>${warnings.rows.join('\n')}</ol></section>`
    : '';
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

/** A ticket as a link: the schema admits only http(s) URLs, and the link opens nothing of this page. */
function ticketLink(url: string): string {
  return /^https?:\/\//i.test(url) ? `<a href="${esc(url)}" rel="noreferrer noopener">${esc(url)}</a>` : esc(url);
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
      `<tr id="known-${e.index}" class="known-${e.status}"><td><code>${esc(e.id)}</code>${e.actual !== undefined ? `<div class="muted">actual <code>${esc(e.actual)}</code></div>` : ''}</td><td>${esc(KNOWN_STATUS[e.status])}</td><td>${esc(e.reason)}</td><td>${ticketLink(e.ticket)}</td><td>${esc(e.expires)}</td><td>${
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

function protocolsOf(e: Expectation): string {
  const failing = e.findings.filter((f) => f.verdict === e.verdict).map((f) => f.protocol ?? 'both');
  return [...new Set(failing)].join(', ');
}

function shapeInfo(e: Expectation): string {
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
function actualCell(f: FindingReport, bodies: ConformanceResults['bodies']): string {
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
    ? `<div class="muted">known deviation (${esc(f.known.was)} without it): ${esc(f.known.reason)}, ${ticketLink(f.known.ticket)}, expires ${esc(f.known.expires)}</div>`
    : '';
  return `${diffCell}${f.redacted ? ' <span class="muted">(redacted)</span>' : ''}${f.message ? `<div class="muted">${esc(f.message)}</div>` : ''}${known}${baseline}${detail}${saved}`;
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

/** Findings of one expectation that say the same on several protocols: one row naming them all. */
function sameRows(e: Expectation): FindingReport[][] {
  const groups = new Map<string, FindingReport[]>();
  for (const f of e.findings) {
    const k = JSON.stringify([f.verdict, f.expected, f.actual, f.message, f.baseline, f.detail, f.redacted]);
    groups.set(k, [...(groups.get(k) ?? []), f]);
  }
  return [...groups.values()];
}

/** A met expectation in few bytes: the whole suite's page stays small (its clause and link are in results.json and on every miss). */
const met = (v: Verdict) => v === 'pass';
const verdictCell = (v: Verdict) => (met(v) ? '✓' : badge(v));

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
  const protocols = group.map((g) => g.protocol ?? '—').join(', ');
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
  if (!t.legs || !e.step || e.verdict !== 'pass' || / parity\b/.test(e.id)) return false;
  return e.findings.every(
    (f) =>
      f.verdict === 'pass' &&
      f.protocol !== undefined &&
      SPEC_LEGS.has(f.protocol) &&
      t.legs!.some((l) => l.protocol === f.protocol && l.steps.some((s) => s.id === e.step && s.response)),
  );
}

/**
 * For a finding shown in a side-by-side row: undefined when it is not shown there, else the anchor
 * that row carries (its expectation's, on the first row of it: a met finding is reached through it).
 */
function anchorsOf(ctx: RenderContext, key: string | undefined): { id?: string } | undefined {
  if (!key || !ctx.shownBelow.has(key)) return undefined;
  const e = ctx.shownBelow.get(key)!;
  ctx.shownBelow.set(key, '');
  return e ? { id: e } : {};
}

function expectationsTable(ctx: RenderContext, t: TestReport, bodies: ConformanceResults['bodies']): string {
  const sorted = [...t.expectations].sort((a, b) => rank(a.verdict) - rank(b.verdict));
  let lastClause: string | undefined;
  const below = sorted.filter((e) => metBelow(t, e));
  for (const e of below) e.findings.forEach((f, i) => ctx.shownBelow.set(f.key, i === 0 ? e.key : ''));
  // The comparison with a baseline has its own table (baseline | candidate | spec), with its anchors.
  const compared = t.baseline ? sorted.filter((e) => e.source === 'baseline') : [];
  const groups = sorted
    .filter((e) => !below.includes(e) && !compared.includes(e))
    .map((e) => {
      const check = / check (\S+)/.exec(e.id)?.[1];
      // The test's id is in its heading: rows show the rest. A clause repeated by passing rows is shown once.
      const shown = e.id.startsWith(`${t.id} `) || e.id.startsWith(`${t.id}/`) ? e.id.slice(t.id.length + 1) : e.id;
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

const aspectOf = (id: string, step: string) => (id.startsWith(`${step} `) ? id.slice(step.length + 1) : id);

/**
 * One leg of one step: expected against actual, row by row. Given the same step over another leg
 * (`like`), header fields that met their expectation with the same value there are counted, not
 * repeated: the page stays small and what differs stands out.
 */
function sideBySide(ctx: RenderContext, t: TestReport, s: StepReport, like?: StepReport): string {
  // Comparisons with a baseline have their own table (differentialBlock).
  const exps = t.expectations.filter((e) => e.step === s.id && e.source !== 'baseline');
  const forLeg = (e: Expectation) => e.findings.find((f) => f.protocol === s.protocol);
  const rows: string[] = [];
  const row = (aspect: string, expected: string, actualHtml: string, verdict?: Verdict, key?: string, e?: Expectation) => {
    const anchors = anchorsOf(ctx, key);
    const shape = e && anchors ? shapeInfo(e) : '';
    // A met value equal to the expected one is shown once, across both columns.
    const values =
      verdict && met(verdict) && !shape && esc(expected) === actualHtml
        ? `<td class="exp" colspan="2">${actualHtml}</td>`
        : `<td class="exp">${esc(expected)}${shape}</td><td>${actualHtml}</td>`;
    rows.push(
      `<tr${verdict && !met(verdict) ? ` class="f-${vc(verdict)}"` : ''}${anchors?.id ? ` id="${anchors.id}"` : ''}><td>${esc(aspect)}${key && verdict && !met(verdict) ? `<a class="anchor" href="#${key}">#</a>` : ''}</td>${values}<td class="v">${
        verdict ? verdictCell(verdict) : ''
      }</td></tr>`,
    );
  };
  const plain = (f: FindingReport | undefined, fallback: string) =>
    f ? (DIFFERS(f.verdict) ? markDifference(f.expected, f.actual) : esc(f.actual)) : esc(fallback);
  const res = s.response;
  const wantProtocol = s.protocol === 'h2' ? 'h2' : 'h1';
  if (res) {
    const tls = res.tls
      ? ` · TLS ${res.tls.protocol}${res.tls.peerSubject ? ` · cert ${res.tls.peerSubject}` : ''}${res.tls.peerIssuer ? ` · issuer ${res.tls.peerIssuer}` : ''}${res.tls.validTo ? ` · valid to ${res.tls.validTo}` : ''}`
      : '';
    const protoOk = res.protocol === wantProtocol;
    rows.push(
      `<tr class="${protoOk ? '' : 'diff'}"><td class="mono">protocol</td><td class="exp mono">${esc(wantProtocol)}</td><td class="mono">${protoOk ? esc(res.protocol) : `<mark>${esc(res.protocol)}</mark>`}${esc(tls)}</td><td class="v"></td></tr>`,
    );
  }
  const statusExp = exps.find((e) => aspectOf(e.id, s.id) === 'status');
  const sf = statusExp && forLeg(statusExp);
  row('status', sf?.expected ?? '(not specified)', sf ? plain(sf, '') : esc(res ? String(res.status) : '(no response)'), sf?.verdict, sf?.key, statusExp);

  // Header lines: every observed line (repeats numbered), with the expectation of its name beside it.
  const headerExps = new Map<string, Expectation>();
  for (const e of exps) {
    const m = /^header (.+)$/.exec(aspectOf(e.id, s.id));
    if (m) headerExps.set(m[1].toLowerCase(), e);
  }
  const names: string[] = [];
  for (const [n] of res?.lines ?? []) if (!names.includes(n)) names.push(n);
  for (const n of headerExps.keys()) if (!names.includes(n)) names.push(n);
  let alike = 0;
  const alikeKeys: string[] = [];
  const unspecified: string[] = [];
  for (const name of names) {
    const values = fieldLines(res?.lines ?? [], name);
    const e = headerExps.get(name);
    const f = e && forLeg(e);
    const bad = f && DIFFERS(f.verdict);
    const there = like?.response ? fieldLines(like.response.lines, name) : undefined;
    if (!bad && there && there.join('\n') === values.join('\n')) {
      alike++;
      const a = anchorsOf(ctx, f?.key);
      if (a?.id) alikeKeys.push(`<span id="${a.id}"></span>`);
      continue;
    }
    // Fields no expectation names are listed together, as received.
    if (!e) {
      unspecified.push(...values.map((v) => `${name}: ${v}`));
      continue;
    }
    const actual = values.length
      ? values
          .map((v, i) => `<div>${values.length > 1 ? `<span class="line-no">[${i + 1}]</span>` : ''}${bad ? `<mark>${esc(v)}</mark>` : esc(v)}</div>`)
          .join('')
      : bad
        ? '<mark>(absent)</mark>'
        : '<span class="muted">(absent)</span>';
    row(`header ${name}${values.length > 1 ? ` ×${values.length}` : ''}`, f ? f.expected : '(not specified)', actual, f?.verdict, f?.key, e);
  }
  if (unspecified.length)
    rows.push(
      `<tr><td>${unspecified.length} other header field${unspecified.length === 1 ? '' : 's'}</td><td colspan="3"><pre>${esc(unspecified.join('\n'))}</pre></td></tr>`,
    );
  if (alike)
    row(`${alike} more header field${alike === 1 ? '' : 's'}`, '', `<span class="muted">as over ${esc(like?.protocol ?? '')}</span>${alikeKeys.join('')}`);
  // Cookies, body facts, checks, captures: one row per expectation of the step.
  let alikeFacts = 0;
  const alikeFactKeys: string[] = [];
  for (const e of exps) {
    const aspect = aspectOf(e.id, s.id);
    if (aspect === 'status' || aspect.startsWith('header ') || aspect.startsWith('parity')) continue;
    const f = forLeg(e);
    if (!f) continue;
    const there = like && e.findings.find((x) => x.protocol === like.protocol);
    if (there && met(f.verdict) && there.verdict === f.verdict && there.expected === f.expected && there.actual === f.actual) {
      alikeFacts++;
      const a = anchorsOf(ctx, f.key);
      if (a?.id) alikeFactKeys.push(`<span id="${a.id}"></span>`);
      continue;
    }
    row(aspect, f.expected, plain(f, ''), f.verdict, f.key, e);
  }
  if (alikeFacts)
    row(
      `${alikeFacts} more expectation${alikeFacts === 1 ? '' : 's'} met`,
      '',
      `<span class="muted">as over ${esc(like?.protocol ?? '')}</span>${alikeFactKeys.join('')}`,
    );
  return `<table class="side"><thead><tr><th>aspect</th><th>expected</th><th>actual</th><th class="v"></th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Values of one field, a line each (repeats numbered), marked when the comparison found them wrong. */
function valuesHtml(values: string[], bad: boolean): string {
  if (!values.length) return bad ? '<mark>(absent)</mark>' : '<span class="muted">(absent)</span>';
  return values
    .map((v, i) => `<div>${values.length > 1 ? `<span class="line-no">[${i + 1}]</span>` : ''}${bad ? `<mark>${esc(v)}</mark>` : esc(v)}</div>`)
    .join('');
}

/** The parity expectation of an h3 step for one aspect (`status`, `header x-frame-options`), when the comparison found a difference there. */
function h3Parity(t: TestReport, s: StepReport, aspect: string): { e: Expectation; f: FindingReport } | undefined {
  const e = t.expectations.find((x) => x.id === `${s.id} parity h3 ${aspect}`);
  const f = e?.findings.find((x) => x.verdict === e.verdict) ?? e?.findings[0];
  return e && f && DIFFERS(f.verdict) ? { e, f } : undefined;
}

/**
 * An h3 step's answer beside its h1 twin (the answer to the header fields Chromium sent), which is
 * what the h3 answer is judged by: its parity findings are listed with the expectations above and
 * linked from here; the spec's expectations are the h1 and h2 legs'. Fields alike are counted.
 */
function twinTable(t: TestReport, s: StepReport, res: NonNullable<StepReport['response']>): string {
  const twin = s.h3?.twin;
  if (!twin)
    return `<p class="muted">not compared: no h1 twin was asked</p><pre>${esc([`${res.protocol} ${res.status}`, ...res.lines.map(([n, v]) => `${n}: ${v}`)].join('\n'))}</pre>`;
  const rows: string[] = [];
  const row = (aspect: string, h1Html: string, h3Html: string, judged?: { e: Expectation; f: FindingReport }) =>
    rows.push(
      `<tr${judged ? ` class="f-${vc(judged.f.verdict)}"` : ''}><td>${esc(aspect)}${judged ? `<a class="anchor" href="#${judged.e.key}">#</a>` : ''}</td><td class="exp">${h1Html}</td><td>${h3Html}</td><td class="v">${judged ? badge(judged.f.verdict) : ''}</td></tr>`,
    );
  row('protocol', esc(twin.protocol), res.protocol === 'h3' ? esc(res.protocol) : `<mark>${esc(res.protocol)}</mark>`);
  const status = h3Parity(t, s, 'status');
  row('status', esc(twin.status), status ? `<mark>${esc(res.status)}</mark>` : esc(res.status), status);
  const names: string[] = [];
  for (const [n] of [...res.lines, ...twin.lines]) if (!names.includes(n)) names.push(n);
  let alike = 0;
  // Date, Age, hop-by-hop fields and Set-Cookie are not compared as fields (cookies are, by their attributes, below).
  const uncompared: string[] = [];
  for (const name of names) {
    const h1 = fieldLines(twin.lines, name);
    const h3 = fieldLines(res.lines, name);
    if (!comparedField(name)) {
      uncompared.push(...h3.map((v) => `${name}: ${v}`));
      continue;
    }
    const judged = h3Parity(t, s, `header ${name}`);
    if (!judged && h1.join('\n') === h3.join('\n')) {
      alike++;
      continue;
    }
    // A difference the comparison let pass is shown, not marked: noise, a field HTTP/3 may omit, or one value split over lines.
    const excused = judged ? '' : '<div class="muted">(allowed by the comparison: learned noise, optional over h3, or the same combined value)</div>';
    row(`header ${name}${h3.length > 1 ? ` ×${h3.length}` : ''}`, valuesHtml(h1, false), `${valuesHtml(h3, judged !== undefined)}${excused}`, judged);
  }
  if (alike) row(`${alike} more header field${alike === 1 ? '' : 's'}`, '', '<span class="muted">the same over h1 and h3</span>');
  if (uncompared.length)
    rows.push(
      `<tr><td>${uncompared.length} field line${uncompared.length === 1 ? '' : 's'} not compared as fields (over h3)</td><td colspan="3"><pre>${esc(uncompared.join('\n'))}</pre></td></tr>`,
    );
  // Cookies and the body: only where the comparison found a difference (the h3 answer's Set-Cookie lines are listed above).
  const prefix = `${s.id} parity h3 `;
  for (const e of t.expectations) {
    const aspect = e.id.startsWith(prefix) ? e.id.slice(prefix.length) : undefined;
    if (!aspect || aspect === 'status' || aspect.startsWith('header ')) continue;
    const judged = h3Parity(t, s, aspect);
    if (!judged) continue;
    const h1 = judged.f.expected.replace(/^h3 as h1: /, '');
    row(aspect, esc(h1), markDifference(h1, judged.f.actual.replace(/^h3: /, '')), judged);
  }
  return `<table class="side"><thead><tr><th>aspect</th><th>h1 twin</th><th>h3</th><th class="v"></th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Where an h3 step went and what it was compared with: the endpoint QUIC was forced to, the twin's status and size. */
function h3Line(s: StepReport): string {
  if (!s.h3) return '';
  const twin = s.h3.twin;
  const compared = twin
    ? `compared with an h1 request carrying the same header fields: <code>${esc(`${twin.protocol} ${twin.status} · ${twin.decodedSize ?? twin.bodySize} bytes decoded`)}</code>`
    : 'not compared with an h1 request (no h3 answer to compare)';
  return `<div class="h3-endpoint muted">QUIC forced to <code>${esc(s.h3.endpoint)}</code> (UDP, advertised in the h1 answer's Alt-Svc); ${compared}</div>`;
}

/** Learned noise: over h3 from asking both the h3 request and its h1 twin twice. */
function noiseLine(s: StepReport): string {
  if (!s.noise) return '';
  const over = s.protocol === 'h3' ? 'h3, or between two h1 twins' : s.protocol;
  return `<div class="noise muted">learned noise (differed between two identical requests over ${esc(over)}; excused when two answers are compared, never in an expectation): ${
    s.noise.length ? s.noise.map((n) => `<code>${esc(n)}</code>`).join(', ') : 'none'
  }</div>`;
}

/** The body's size: over h3 Chromium hands over the body decoded, so there is no size as received. */
function bytesOf(r: StepReport['response'], protocol: StepReport['protocol']): string {
  if (!r) return '';
  const size =
    protocol === 'h3'
      ? `body ${r.decodedSize ?? r.bodySize} bytes decoded`
      : `body ${r.bodySize} bytes as received${r.decodedSize !== undefined ? `, ${r.decodedSize} decoded` : ''}`;
  return ` <span class="muted">${esc(`${size}${r.decodeError ? `, decode error: ${r.decodeError}` : ''}`)}</span>`;
}

/** Why a step has no answer: its leg's errors (an h3 request that got no answer over QUIC), linked to their rows above. */
function noAnswer(t: TestReport, s: StepReport): string {
  const errors = t.expectations.flatMap((e) =>
    e.step === s.id ? e.findings.filter((f) => f.protocol === s.protocol && f.verdict === 'error').map((f) => ({ e, f })) : [],
  );
  const why = errors.map(({ e, f }) => `<div><a href="#${e.key}">${esc(aspectOf(e.id, s.id))}</a>: ${esc(f.actual)}</div>`).join('');
  return `<p class="muted">no response${s.skipped ? `: ${esc(s.skipped)}` : ''}</p>${why}`;
}

function reproBlock(s: StepReport, text = s.reproduce): string {
  return `<div class="repro"><code id="${s.key}-cmd">${esc(text)}</code><button type="button" class="copy" data-for="${s.key}-cmd">Copy</button></div>`;
}

/**
 * An HTTP/3 command is a long Chromium launch (every endpoint, every resolver rule) and a short
 * request part. The launches are written once, as shell functions in the run's header, and each
 * step calls its function: a run with many h3 legs would otherwise repeat kilobytes per step.
 */
const H3_REQUEST_PART = ' --log-net-log=';

function splitH3(command: string | undefined): { launch: string; request: string } | undefined {
  const at = command?.indexOf(H3_REQUEST_PART) ?? -1;
  return command && at > 0 ? { launch: command.slice(0, at), request: command.slice(at) } : undefined;
}

function collectH3Launchers(tests: readonly TestReport[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const t of tests)
    for (const l of t.legs ?? [])
      for (const s of l.steps) {
        const split = s.protocol === 'h3' ? splitH3(s.reproduce) : undefined;
        if (split && !names.has(split.launch)) names.set(split.launch, names.size === 0 ? 'chromium_h3' : `chromium_h3_${names.size + 1}`);
      }
  return names;
}

function h3LaunchersBlock(h3Launchers: ReadonlyMap<string, string>): string {
  if (h3Launchers.size === 0) return '';
  const defs = [...h3Launchers].map(
    ([launch, name], i) =>
      `<div class="repro"><code id="h3-launch-${i + 1}-cmd">${esc(`${name}() { ${launch} "$@"; }`)}</code><button type="button" class="copy" data-for="h3-launch-${i + 1}-cmd">Copy</button></div>`,
  );
  return `<details><summary>HTTP/3 reproduction (${h3Launchers.size === 1 ? 'one Chromium launch' : `${h3Launchers.size} Chromium launches`})</summary><p class="muted">The HTTP/3 commands of the steps call ${
    h3Launchers.size === 1 ? 'this shell function' : 'these shell functions'
  }: Chromium with QUIC forced to the advertised endpoints and the run's resolver rules and trust. Paste it into the shell first.</p>${defs.join('')}</details>`;
}

function h3Repro(ctx: RenderContext, s: StepReport): string {
  const split = splitH3(s.reproduce);
  const name = split && ctx.h3Launchers.get(split.launch);
  return reproBlock(s, name && split ? `${name}${split.request}` : s.reproduce);
}

function stepBlock(ctx: RenderContext, t: TestReport, s: StepReport, like?: StepReport): string {
  const label = `${s.id} over ${s.protocol}`;
  const d = s.discovered;
  const discovered = d
    ? `<div class="discovered muted">${d.url ? `discovered <code>${esc(d.url)}</code> (${esc(d.via ?? '')} on <code>${esc(d.from)}</code>)` : `nothing found on <code>${esc(d.from)}</code>`} for the shape <code>${esc(d.template)}</code></div>`
    : '';
  if (s.skipped && !s.request) return `<div class="step" id="${s.key}"><h4>${esc(label)}</h4><p class="muted">skipped: ${esc(s.skipped)}</p></div>`;
  if (!s.request && d && !d.url) return `<div class="step" id="${s.key}"><h4>${esc(label)}</h4>${discovered}</div>`;
  const req = s.request
    ? `<div class="mono">${esc(s.request.method)} ${esc(s.request.url)}</div><details><summary>request headers (${s.request.headers.length})</summary><pre>${esc(
        s.request.headers.map(([n, v]) => `${n}: ${v}`).join('\n'),
      )}</pre></details>`
    : '';
  // The same request over another protocol differs only by curl's protocol flag: its command is not repeated.
  const repro = !s.reproduce
    ? ''
    : s.protocol === 'h3'
      ? `<div class="muted">reproduce with Chromium, QUIC forced to the endpoint (the curl most systems ship cannot send HTTP/3):</div>${h3Repro(ctx, s)}`
      : like?.reproduce && like.reproduce.replace(/ --http2\b| --http1\.1\b/, '') === s.reproduce.replace(/ --http2\b| --http1\.1\b/, '')
        ? '<div class="muted">reproduce: the command over h1, with --http2</div>'
        : reproBlock(s);
  const body = !s.response ? noAnswer(t, s) : s.protocol === 'h3' ? twinTable(t, s, s.response) : sideBySide(ctx, t, s, like);
  return `<div class="step" id="${s.key}"><h4>${esc(label)}<a class="anchor" href="#${s.key}">#</a>${bytesOf(s.response, s.protocol)}</h4>${discovered}${req}${h3Line(s)}${repro}${noiseLine(s)}${body}</div>`;
}

function legsBlock(ctx: RenderContext, t: TestReport): string {
  if (!t.legs?.length) return '';
  // Steps by position: a flow may ask the same step id more than once (one per name of a role).
  const count = Math.max(...t.legs.map((l) => l.steps.length));
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    const id = t.legs.map((l) => l.steps[n]?.id).find((x) => x !== undefined) ?? '';
    const first = t.legs[0].steps[n];
    const cols = t.legs
      .map((l, i) => {
        const s = l.steps[n];
        // A leg skipped as a whole (h3 of a flow) states its reason once, beside the first step.
        if (!s)
          return l.skipped && (n === 0 || l.steps.length > 0)
            ? `<div class="step"><h4>${esc(id)} over ${esc(l.protocol)}</h4><p class="muted">skipped: ${esc(l.skipped)}</p></div>`
            : '';
        return stepBlock(ctx, t, s, i > 0 && first?.response ? first : undefined);
      })
      .join('');
    out.push(`<div class="legs">${cols}</div>`);
  }
  return `<h3>Exchanges</h3>${out.join('')}`;
}

/**
 * A differential run's view of one test: baseline | candidate | spec for every aspect where the two
 * differ (or where the spec speaks and the baseline's value is known), then what each side was
 * asked (the addresses each discovered may differ: shown, not counted).
 */
function differentialBlock(t: TestReport, bodies: ConformanceResults['bodies']): string {
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
      const aspect = comparison ? e.id.slice(`${step} diff `.length) || 'answer' : aspectOf(e.id, step);
      const specExp = comparison ? t.expectations.find((x) => x.id === `${step} ${aspect}`)?.findings[0]?.expected : f.expected;
      const baseline = comparison ? f.expected : (f.baseline ?? '');
      rows.push(
        `<tr class="f-${vc(f.verdict)}"${comparison ? ` id="${f.key}"` : ''}><td>${anchors}${esc(step === t.id ? aspect : `${step.slice(t.id.length + 1)} · ${aspect}`)}<a class="anchor" href="#${f.key}">#</a></td><td class="v">${esc(
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
          s.noise ? `<div class="noise muted">noise: ${s.noise.length ? s.noise.map((n) => `<code>${esc(n)}</code>`).join(', ') : 'none'}</div>` : ''
        }${s.reproduce && l.protocol === 'h1' ? reproBlock(s) : ''}</div>`,
      );
    }
  }
  return `<h3>Against the baseline</h3>${table}<details><summary>What the baseline was asked</summary>${asked.join('')}</details>`;
}

function browserBlock(t: TestReport): string {
  if (!t.browser) return '';
  const shot = safeScreenshotSource(t.browser.screenshot);
  const hops = t.browser.redirects.length
    ? `<table class="redirects"><thead><tr><th>#</th><th>status</th><th>request URL</th><th>Location</th></tr></thead><tbody>${t.browser.redirects
        .map((h, i) => `<tr><td>${i + 1}</td><td>${esc(h.status)}</td><td class="mono">${esc(h.url)}</td><td class="mono">${esc(h.location)}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p class="muted">no redirects</p>';
  return `<h3>Browser</h3><h4>Redirect chain</h4>${hops}${shot ? `<h4>Screenshot of the final page</h4><div class="shot-box"><img class="shot" alt="screenshot of ${esc(t.id)}" src="${shot}"></div>` : ''}`;
}

function testBlock(ctx: RenderContext, t: TestReport, firstOfRole: boolean, bodies: ConformanceResults['bodies']): string {
  const open = ctx.failing(t.verdict) ? ' open' : '';
  const errors =
    t.errors.length && t.status !== 'passed' && t.status !== 'skipped'
      ? `<details><summary>Playwright error</summary><pre>${esc(t.errors.join('\n\n'))}</pre></details>`
      : '';
  return `<article class="test v-${vc(t.verdict)}" id="${t.key}" data-role="${esc(t.role)}" data-verdict="${t.verdict}">${firstOfRole ? `<span id="role-${esc(t.role)}"></span>` : ''}<details${open}><summary>${badge(
    t.verdict,
  )} <b>${esc(t.id)}</b><span class="kind">${esc(t.kind)} · ${esc(t.project)} · ${esc(t.status)}</span><span class="counts">${countsText(t.counts)}</span><a class="anchor" href="#${t.key}">#</a></summary><div class="body">
<div class="muted">${esc(t.titlePath.join(' › '))} — ${esc(t.file)}</div>
${t.skipped ? `<p>skipped: ${esc(t.skipped)}</p>` : ''}${errors}${expectationsTable(ctx, t, bodies)}${differentialBlock(t, bodies)}${legsBlock(ctx, t)}${browserBlock(t)}</div></details></article>`;
}

export function renderHtml(results: ConformanceResults, options: HtmlOptions = {}): string {
  const ctx = renderContext(results);
  const scriptHash = createHash('sha256').update(SCRIPT).digest('base64');
  const csp =
    options.csp === false
      ? ''
      : `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: 'self'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; base-uri 'none'; form-action 'none'">`;
  const seenRoles = new Set<string>();
  const tests = failuresFirst(results.tests)
    .map((t) => {
      const first = !seenRoles.has(t.role);
      seenRoles.add(t.role);
      return testBlock(ctx, t, first, results.bodies);
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
${csp}
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(results.run.title)}</title>
<style>${CSS}</style>
</head>
<body>
${header(results)}
<main>
${summary(results, ctx)}
${filters(results)}
${failures(results, ctx)}
<section class="tests"><h2>Tests (worst verdict first)</h2>
${tests}
</section>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
