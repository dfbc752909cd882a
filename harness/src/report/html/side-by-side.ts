/** One leg of one step: expected against actual, row by row. */
import { fieldLines } from '../../core';
import { esc, markDifference } from '../escape';
import type { Expectation, FindingReport, StepReport, TestReport, Verdict } from '../types';
import { vc, DIFFERS, met, verdictCell, shapeInfo, valuesHtml } from './cells';
import { isParity, specAspect } from './aspects';
import { type RenderContext, anchorsOf } from './context';

/** The rows of one side-by-side table, each carrying the anchor of the finding it shows. */
class SideTable {
  readonly rows: string[] = [];
  constructor(private readonly ctx: RenderContext) {}

  row(aspect: string, expected: string, actualHtml: string, verdict?: Verdict, key?: string, e?: Expectation): void {
    const anchors = anchorsOf(this.ctx, key);
    const shape = e && anchors ? shapeInfo(e) : '';
    // A met value equal to the expected one is shown once, across both columns.
    const values =
      verdict && met(verdict) && !shape && esc(expected) === actualHtml
        ? `<td class="exp" colspan="2">${actualHtml}</td>`
        : `<td class="exp">${esc(expected)}${shape}</td><td>${actualHtml}</td>`;
    this.rows.push(
      `<tr${verdict && !met(verdict) ? ` class="f-${vc(verdict)}"` : ''}${anchors?.id ? ` id="${anchors.id}"` : ''}><td>${esc(aspect)}${key && verdict && !met(verdict) ? `<a class="anchor" href="#${key}">#</a>` : ''}</td>${values}<td class="v">${
        verdict ? verdictCell(verdict) : ''
      }</td></tr>`,
    );
  }

  /** Rows met as over the other leg: counted in one row that keeps their anchors. */
  alike(label: string, keys: string[], like: StepReport | undefined): void {
    this.row(label, '', `<span class="muted">as over ${esc(like?.protocol ?? '')}</span>${keys.join('')}`);
  }

  html(): string {
    return `<table class="side"><thead><tr><th>aspect</th><th>expected</th><th>actual</th><th class="v"></th></tr></thead><tbody>${this.rows.join('')}</tbody></table>`;
  }
}

/** A step's findings over one leg. */
interface Leg {
  ctx: RenderContext;
  s: StepReport;
  /** The same step over another leg, to count what is alike rather than repeat it. */
  like: StepReport | undefined;
  /** The step's expectations (comparisons with a baseline have their own table: differential.ts). */
  exps: Expectation[];
  table: SideTable;
}

// A leg is a protocol on a node (one node where the name has one): its finding is the one of both.
const forLeg = (leg: Leg, e: Expectation) => e.findings.find((f) => f.protocol === leg.s.protocol && f.node === leg.s.node);

const plain = (f: FindingReport | undefined, fallback: string) =>
  f ? (DIFFERS(f.verdict) ? markDifference(f.expected, f.actual) : esc(f.actual)) : esc(fallback);

/**
 * One leg of one step: expected against actual, row by row. Given the same step over another leg
 * (`like`), header fields that met their expectation with the same value there are counted, not
 * repeated: the page stays small and what differs stands out.
 */
export function sideBySide(ctx: RenderContext, t: TestReport, s: StepReport, like?: StepReport): string {
  const leg: Leg = { ctx, s, like, exps: t.expectations.filter((e) => e.step === s.id && e.source !== 'baseline'), table: new SideTable(ctx) };
  protocolRow(leg);
  statusRow(leg);
  headerRows(leg);
  factRows(leg);
  return leg.table.html();
}

function protocolRow({ s, table }: Leg): void {
  const res = s.response;
  if (!res) return;
  const wanted = s.protocol === 'h2' ? 'h2' : 'h1';
  const tls = res.tls
    ? ` · TLS ${res.tls.protocol}${res.tls.peerSubject ? ` · cert ${res.tls.peerSubject}` : ''}${res.tls.peerIssuer ? ` · issuer ${res.tls.peerIssuer}` : ''}${res.tls.validTo ? ` · valid to ${res.tls.validTo}` : ''}`
    : '';
  const ok = res.protocol === wanted;
  table.rows.push(
    `<tr class="${ok ? '' : 'diff'}"><td class="mono">protocol</td><td class="exp mono">${esc(wanted)}</td><td class="mono">${ok ? esc(res.protocol) : `<mark>${esc(res.protocol)}</mark>`}${esc(tls)}</td><td class="v"></td></tr>`,
  );
}

function statusRow(leg: Leg): void {
  const { s } = leg;
  const e = leg.exps.find((x) => specAspect(x, 'status'));
  const f = e && forLeg(leg, e);
  leg.table.row(
    'status',
    f?.expected ?? '(not specified)',
    f ? plain(f, '') : esc(s.response ? String(s.response.status) : '(no response)'),
    f?.verdict,
    f?.key,
    e,
  );
}

/** Every observed header line (repeats numbered), with the expectation of its name beside it; fields no expectation names listed together. */
function headerRows(leg: Leg): void {
  const { s, like, table } = leg;
  const lines = s.response?.lines ?? [];
  const byName = new Map<string, Expectation>();
  for (const e of leg.exps) {
    const header = specAspect(e, 'header');
    if (header) byName.set(header.name, e);
  }
  const names: string[] = [];
  for (const [n] of lines) if (!names.includes(n)) names.push(n);
  for (const n of byName.keys()) if (!names.includes(n)) names.push(n);
  const alikeKeys: string[] = [];
  let alike = 0;
  const unspecified: string[] = [];
  for (const name of names) {
    const values = fieldLines(lines, name);
    const e = byName.get(name);
    const f = e && forLeg(leg, e);
    const bad = f !== undefined && DIFFERS(f.verdict);
    const there = like?.response ? fieldLines(like.response.lines, name) : undefined;
    if (!bad && there && there.join('\n') === values.join('\n')) {
      alike++;
      const a = anchorsOf(leg.ctx, f?.key);
      if (a?.id) alikeKeys.push(`<span id="${a.id}"></span>`);
      continue;
    }
    if (!e) {
      unspecified.push(...values.map((v) => `${name}: ${v}`));
      continue;
    }
    table.row(
      `header ${name}${values.length > 1 ? ` ×${values.length}` : ''}`,
      f ? f.expected : '(not specified)',
      valuesHtml(values, bad),
      f?.verdict,
      f?.key,
      e,
    );
  }
  if (unspecified.length)
    table.rows.push(
      `<tr><td>${unspecified.length} other header field${unspecified.length === 1 ? '' : 's'}</td><td colspan="3"><pre>${esc(unspecified.join('\n'))}</pre></td></tr>`,
    );
  if (alike) table.alike(`${alike} more header field${alike === 1 ? '' : 's'}`, alikeKeys, like);
}

/** Cookies, body facts, checks, captures: one row per expectation of the step; those met as over the other leg counted. */
function factRows(leg: Leg): void {
  const { like, table } = leg;
  const alikeKeys: string[] = [];
  let alike = 0;
  for (const e of leg.exps) {
    if (specAspect(e, 'status') || specAspect(e, 'header') || isParity(e)) continue;
    const aspect = e.label;
    const f = forLeg(leg, e);
    if (!f) continue;
    const there = like && e.findings.find((x) => x.protocol === like.protocol && x.node === like.node);
    if (there && met(f.verdict) && there.verdict === f.verdict && there.expected === f.expected && there.actual === f.actual) {
      alike++;
      const a = anchorsOf(leg.ctx, f.key);
      if (a?.id) alikeKeys.push(`<span id="${a.id}"></span>`);
      continue;
    }
    table.row(aspect, f.expected, plain(f, ''), f.verdict, f.key, e);
  }
  if (alike) table.alike(`${alike} more expectation${alike === 1 ? '' : 's'} met`, alikeKeys, like);
}
