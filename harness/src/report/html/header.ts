/** The page header: the run, its target and baseline, its exit status, and what changed since the previous run. */
import { esc } from '../escape';
import { EXIT_MEANING } from '../terminal';
import type { ConformanceResults } from '../types';

export function header(r: ConformanceResults): string {
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
