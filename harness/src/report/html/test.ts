/** One test: its expectations, its exchanges, the baseline, the browser. */
import { esc, safeScreenshotSource } from '../escape';
import type { ConformanceResults, TestReport } from '../types';
import { vc, badge, countsText } from './cells';
import { type RenderContext } from './context';
import { expectationsTable } from './expectations';
import { legsBlock } from './steps';
import { differentialBlock } from './differential';

function browserBlock(t: TestReport): string {
  if (!t.browser) return '';
  const shot = safeScreenshotSource(t.browser.screenshot);
  const hops = t.browser.redirects.length
    ? `<table class="redirects"><thead><tr><th>#</th><th>status</th><th>request URL</th><th>Location</th></tr></thead><tbody>${t.browser.redirects
        .map((h, i) => `<tr><td>${i + 1}</td><td>${esc(h.status)}</td><td class="mono">${esc(h.url)}</td><td class="mono">${esc(h.location)}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p class="muted">no redirects</p>';
  const node = t.browser.node
    ? `<p class="muted">in Chromium at <code>${esc(t.browser.node)}</code>, the first node of its role's name (as a sticky session keeps a browser)</p>`
    : '';
  return `<h3>Browser</h3>${node}<h4>Redirect chain</h4>${hops}${shot ? `<h4>Screenshot of the final page</h4><div class="shot-box"><img class="shot" alt="screenshot of ${esc(t.id)}" src="${shot}"></div>` : ''}`;
}

export function testBlock(ctx: RenderContext, t: TestReport, firstOfRole: boolean, bodies: ConformanceResults['bodies']): string {
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
