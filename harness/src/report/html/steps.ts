/** A test's exchanges: each step over each protocol, side by side. */
import { noiseText } from '../../core';
import { esc } from '../escape';
import type { StepReport, TestReport } from '../types';
import { reproBlock, h3Repro } from './repro';
import { type RenderContext } from './context';
import { sideBySide } from './side-by-side';
import { twinTable, h3Line } from './twin';

/** Learned noise: over h3 from asking both the h3 request and its h1 twin twice. */
function noiseLine(s: StepReport): string {
  if (!s.noise) return '';
  const over = s.protocol === 'h3' ? 'h3, or between two h1 twins' : s.protocol;
  return `<div class="noise muted">learned noise (differed between two identical requests over ${esc(over)}; excused when two answers are compared, never in an expectation): ${
    noiseText(s.noise)
      .map((n) => `<code>${esc(n)}</code>`)
      .join(', ') || 'none'
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
    e.step === s.id ? e.findings.filter((f) => f.protocol === s.protocol && f.node === s.node && f.verdict === 'error').map((f) => ({ e, f })) : [],
  );
  const why = errors.map(({ e, f }) => `<div><a href="#${e.key}">${esc(e.label)}</a>: ${esc(f.actual)}</div>`).join('');
  return `<p class="muted">no response${s.skipped ? `: ${esc(s.skipped)}` : ''}</p>${why}`;
}

function stepBlock(ctx: RenderContext, t: TestReport, s: StepReport, like?: StepReport): string {
  const label = `${s.id} over ${s.protocol}${s.node ? ` at ${s.node}` : ''}`;
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
      ? `<div class="muted">reproduce with Chromium, QUIC forced to the endpoint (the curl most systems ship cannot send HTTP/3):</div>${h3Repro(ctx.h3Launchers, s)}`
      : like?.reproduce && like.reproduce.replace(/ --http2\b| --http1\.1\b/, '') === s.reproduce.replace(/ --http2\b| --http1\.1\b/, '')
        ? '<div class="muted">reproduce: the command over h1, with --http2</div>'
        : reproBlock(s);
  const body = !s.response ? noAnswer(t, s) : s.protocol === 'h3' ? twinTable(t, s, s.response) : sideBySide(ctx, t, s, like);
  return `<div class="step" id="${s.key}"><h4>${esc(label)}<a class="anchor" href="#${s.key}">#</a>${bytesOf(s.response, s.protocol)}</h4>${discovered}${req}${h3Line(s)}${repro}${noiseLine(s)}${body}</div>`;
}

/**
 * A test nothing of which needs reading (met, skipped, not applicable, informational): its exchanges
 * as one line each (what was asked, what came back over which protocol), every step's anchor kept;
 * the answers themselves are in results.json. What fails or warns is shown whole.
 */
function compactLegs(t: TestReport, count: number): string {
  const lines: string[] = [];
  for (let n = 0; n < count; n++) {
    const steps = (t.legs ?? []).map((l) => l.steps[n]).filter((s): s is StepReport => s !== undefined);
    const first = steps.find((s) => s.request);
    const answers = steps
      .map(
        (s) =>
          `<span id="${s.key}">${esc(s.protocol)}${s.node ? ` at ${esc(s.node)}` : ''} ${s.response ? esc(s.response.status) : esc(s.skipped ? 'skipped' : 'no answer')}</span>`,
      )
      .join(', ');
    lines.push(
      `<div class="step compact"><span class="mono">${first?.request ? `${esc(first.request.method)} ${esc(first.request.url)}` : esc(steps[0]?.id ?? '')}</span>: ${answers}</div>`,
    );
  }
  return `<h3>Exchanges</h3><p class="muted">every expectation met: each answer's header lines, body and reproduction command are in results.json (this test's <code>legs</code>)</p>${lines.join('')}`;
}

export function legsBlock(ctx: RenderContext, t: TestReport): string {
  if (!t.legs?.length) return '';
  if (!ctx.failing(t.verdict) && (t.verdict === 'pass' || t.verdict === 'skip' || t.verdict === 'n/a' || t.verdict === 'info'))
    return compactLegs(t, Math.max(...t.legs.map((l) => l.steps.length)));
  // Steps by position: a flow may ask the same step id more than once (one per name of a role).
  // Each node's legs are a row of their own under the first node's, so a pool stays readable.
  const count = Math.max(...t.legs.map((l) => l.steps.length));
  const rows = (t.nodes ?? [undefined]).map((node, i) => t.legs!.filter((l) => l.node === node || (i === 0 && l.node === undefined)));
  const out: string[] = [];
  for (let n = 0; n < count; n++)
    for (const legs of rows) {
      if (legs.length) out.push(stepRow(ctx, t, legs, n));
    }
  return `<h3>Exchanges</h3>${out.join('')}`;
}

/** Step `n` over each of `legs`, side by side, each compared with the first that answered. */
function stepRow(ctx: RenderContext, t: TestReport, legs: NonNullable<TestReport['legs']>, n: number): string {
  const id = legs.map((l) => l.steps[n]?.id).find((x) => x !== undefined) ?? '';
  const first = legs[0].steps[n];
  const cols = legs
    .map((l, i) => {
      const s = l.steps[n];
      // A leg skipped as a whole (h3 of a flow) states its reason once, beside the first step.
      if (!s)
        return l.skipped && (n === 0 || l.steps.length > 0)
          ? `<div class="step"><h4>${esc(id)} over ${esc(l.protocol)}${l.node ? ` at ${esc(l.node)}` : ''}</h4><p class="muted">skipped: ${esc(l.skipped)}</p></div>`
          : '';
      return stepBlock(ctx, t, s, i > 0 && first?.response ? first : undefined);
    })
    .join('');
  return `<div class="legs">${cols}</div>`;
}
