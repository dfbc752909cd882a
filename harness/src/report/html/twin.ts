/** An HTTP/3 step beside its h1 twin, which is what it is judged by. */
import { aspectText, fieldLines, type Aspect } from '../../core';
import { comparedField } from '../../noise/fields';
import { esc, markDifference } from '../escape';
import type { Expectation, FindingReport, StepReport, TestReport } from '../types';
import { sameAspect } from './aspects';
import { vc, DIFFERS, badge, valuesHtml } from './cells';

const isH3Parity = (s: StepReport, x: Expectation): boolean => x.step === s.id && x.compared?.by === 'parity h3';

/** The parity expectation of an h3 step for one aspect (the status, a header field), when the comparison found a difference there. */
function h3Parity(t: TestReport, s: StepReport, aspect: Aspect): { e: Expectation; f: FindingReport } | undefined {
  const e = t.expectations.find((x) => isH3Parity(s, x) && sameAspect(x.aspect, aspect));
  const f = e?.findings.find((x) => x.verdict === e.verdict) ?? e?.findings[0];
  return e && f && DIFFERS(f.verdict) ? { e, f } : undefined;
}

/**
 * An h3 step's answer beside its h1 twin (the answer to the header fields Chromium sent), which is
 * what the h3 answer is judged by: its parity findings are listed with the expectations above and
 * linked from here; the spec's expectations are the h1 and h2 legs'. Fields alike are counted.
 */
export function twinTable(t: TestReport, s: StepReport, res: NonNullable<StepReport['response']>): string {
  const twin = s.h3?.twin;
  if (!twin)
    return `<p class="muted">not compared: no h1 twin was asked</p><pre>${esc([`${res.protocol} ${res.status}`, ...res.lines.map(([n, v]) => `${n}: ${v}`)].join('\n'))}</pre>`;
  const rows: string[] = [];
  const row = (aspect: string, h1Html: string, h3Html: string, judged?: { e: Expectation; f: FindingReport }) =>
    rows.push(
      `<tr${judged ? ` class="f-${vc(judged.f.verdict)}"` : ''}><td>${esc(aspect)}${judged ? `<a class="anchor" href="#${judged.e.key}">#</a>` : ''}</td><td class="exp">${h1Html}</td><td>${h3Html}</td><td class="v">${judged ? badge(judged.f.verdict) : ''}</td></tr>`,
    );
  row('protocol', esc(twin.protocol), res.protocol === 'h3' ? esc(res.protocol) : `<mark>${esc(res.protocol)}</mark>`);
  const status = h3Parity(t, s, { kind: 'status' });
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
    const judged = h3Parity(t, s, { kind: 'header', name });
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
  for (const e of t.expectations) {
    if (!isH3Parity(s, e) || !e.aspect || e.aspect.kind === 'status' || e.aspect.kind === 'header') continue;
    const judged = h3Parity(t, s, e.aspect);
    if (!judged) continue;
    const h1 = judged.f.compared?.firstValue ?? '';
    row(aspectText(e.aspect), esc(h1), markDifference(h1, judged.f.compared?.secondValue ?? ''), judged);
  }
  return `<table class="side"><thead><tr><th>aspect</th><th>h1 twin</th><th>h3</th><th class="v"></th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Where an h3 step went and what it was compared with: the endpoint QUIC was forced to, the twin's status and size. */
export function h3Line(s: StepReport): string {
  if (!s.h3) return '';
  const twin = s.h3.twin;
  const compared = twin
    ? `compared with an h1 request carrying the same header fields: <code>${esc(`${twin.protocol} ${twin.status} · ${twin.decodedSize ?? twin.bodySize} bytes decoded`)}</code>`
    : 'not compared with an h1 request (no h3 answer to compare)';
  return `<div class="h3-endpoint muted">QUIC forced to <code>${esc(s.h3.endpoint)}</code> (UDP, advertised in the h1 answer's Alt-Svc); ${compared}</div>`;
}
