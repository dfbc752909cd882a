/**
 * Findings grouped by what caused them, for every view of a run (terminal, summary.md,
 * annotations, HTML): a cause is one field (or status, cookie attribute, body fact) of one role
 * with one observed value, however many exchanges, protocol legs, named checks, browser resources
 * and spec folders found it. A missing X-Frame-Options on the site is one cause, whether the site's
 * exchanges, the security check, the browser's resources or derived specs saw it.
 *
 * A comparison of two answers (h1 with h2, h1 with its h3 twin, GET with HEAD) joins the cause of
 * the side whose value failed the spec, and the other side is said as the one that answers
 * otherwise: the leg that agrees with the spec is never blamed. A comparison no spec finding
 * explains is a cause of its own that names both sides. Nodes behind one name are sides too: a value
 * seen on some of the nodes only names them (`at 10.0.0.6`), and the comparison of two nodes says
 * what the other node answers. Everything is read from typed fields
 * (role, aspect, observed value, comparison), never from ids or messages.
 */
import { aspectText, failsRun, isNodeComparison, worst } from '../core';
import { failuresFirst } from './build';
import { inconclusiveOf } from './inconclusive';
import type { Aspect, ConformanceResults, Expectation, FindingReport, TestReport, Verdict } from './types';

export interface CauseMember {
  test: TestReport;
  expectation: Expectation;
}

/** Answers of the same requests that differ from the cause's observed value, on one side. */
export interface OtherSide {
  /** `h3`, `h2`, `HEAD`...: the side as the comparison named it. */
  side: string;
  /** What that side answered (several where the requests differ: a page that repeats a field). */
  values: string[];
  /** Where that side's answer came from (the HTTP/3 endpoint), when the record says. */
  endpoint?: string;
}

export interface Cause {
  /** The worst verdict of its members. */
  verdict: Verdict;
  role: string;
  /** What differs: `header x-frame-options`, `status`, `cookie sid samesite`, `body size`, a check's own finding. */
  subject: string;
  /** The value observed, the same for every member (redacted as the report shows it). */
  observed: string;
  /** The finding shown for the cause: a spec finding where there is one. */
  finding: FindingReport;
  members: CauseMember[];
  /** The sides that answered with `observed`: protocols (`h1`, `h2`), `browser`. */
  on: string[];
  /** The nodes (addresses) that answered with `observed`, where the name has several. */
  at: string[];
  /** Every node its tests asked (the union of their `nodes`): `at` names the culprits when it is fewer. */
  ofNodes: string[];
  /** Answers of the same requests that differ from `observed` (the comparisons that joined it). */
  otherwise: OtherSide[];
  /** Where it was seen besides the spec's own expectations: `check security/header-set-per-role`, `parity h3`. */
  seenBy: string[];
}

const COMPARISONS = /^(parity|head|node)/;

/** What of the answer a finding is about, as a cause names it: the field a check judged is that field; else the expectation's words. */
function subjectOf(f: FindingReport, e: Expectation): string {
  const a: Aspect | undefined = f.aspect ?? e.aspect;
  if (a?.kind === 'check' && a.field) return `header ${a.field}`;
  return a ? aspectText(a) : e.label;
}

/** A transport error's kind from its typed cause (`HARNESS_ERR_CONNECTION ECONNREFUSED`), or undefined where it has none. */
function transportKind(a: Aspect | undefined): string | undefined {
  return a?.kind === 'transport' && a.cause ? `${a.cause} ${a.lowLevelCode ?? ''}` : undefined;
}

/** Where a comparison's second side answered from: the HTTP/3 endpoint of its step. */
function endpointOf(test: TestReport, e: Expectation): string | undefined {
  for (const leg of test.legs ?? []) for (const s of leg.steps) if (s.id === e.step && s.h3?.endpoint) return s.h3.endpoint;
  return undefined;
}

interface Pending {
  /** A comparison below the wanted verdict: it joins a cause the spec's findings made, and makes none. */
  joinOnly?: boolean;
  member: CauseMember;
  finding: FindingReport;
  role: string;
  subject: string;
}

/**
 * Tests of an inconclusive role (its own error included) are left out: the renderers show the role's one error, first.
 * Two passes over the same maps (the causes, the spec misses, the pending comparisons) and the `add` and `join` helpers:
 * the second pass joins each comparison to a cause the first made, so the passes stay together rather than pass all five around.
 */
export function causes(r: ConformanceResults, wanted: (v: Verdict) => boolean): Cause[] {
  const groups = new Map<string, Cause>();
  const comparisons: Pending[] = [];
  // Every spec finding that missed, whatever its verdict: a comparison is told which side disagrees with the spec by it.
  const misses = new Map<string, { on: Set<string>; finding: FindingReport }>();
  const add = (c: Cause, member: CauseMember, f: FindingReport): Cause => {
    if (!c.members.some((m) => m.expectation === member.expectation)) c.members.push(member);
    c.verdict = worst([c.verdict, member.expectation.verdict]);
    for (const n of member.test.nodes ?? []) if (!c.ofNodes.includes(n)) c.ofNodes.push(n);
    // A check that judged the cause's field is said; a check's own finding is the cause itself.
    const a = f.aspect ?? member.expectation.aspect;
    if (a?.kind === 'check' && a.field && !c.seenBy.includes(`check ${a.check}`)) c.seenBy.push(`check ${a.check}`);
    return c;
  };
  const join = (key: string, make: () => Cause, member: CauseMember, f: FindingReport): Cause => {
    const c = groups.get(key) ?? make();
    groups.set(key, c);
    return add(c, member, f);
  };
  for (const test of failuresFirst(r.tests)) {
    if (inconclusiveOf(r, test)) continue;
    for (const expectation of test.expectations) {
      for (const f of expectation.findings)
        if (f.verdict !== 'pass' && !f.compared && f.verdict !== 'n/a' && f.verdict !== 'skip') {
          const key = [f.role ?? test.role, subjectOf(f, expectation), f.observed ?? f.actual].join('\u0000');
          const m = misses.get(key) ?? { on: new Set<string>(), finding: f };
          m.on.add(f.protocol ?? 'answer');
          misses.set(key, m);
        }
      const member = { test, expectation };
      if (!wanted(expectation.verdict)) {
        for (const f of expectation.findings)
          // A comparison of two nodes warns by itself (the description is silent on which is right), and still says what the other node answers in a failing cause.
          if (f.compared && isNodeComparison(f.compared) && f.verdict !== 'pass')
            comparisons.push({ joinOnly: true, member, finding: f, role: f.role ?? test.role, subject: subjectOf(f, expectation) });
        continue;
      }
      for (const f of expectation.findings.filter((x) => x.verdict === expectation.verdict)) {
        const role = f.role ?? test.role;
        const subject = subjectOf(f, expectation);
        if (f.compared && COMPARISONS.test(f.compared.by)) {
          comparisons.push({ member, finding: f, role, subject });
          continue;
        }
        const observed = f.observed ?? f.actual;
        // A status is one cause per expected status (a 404 answering 200 is not a redirect answering 200); a run error per
        // kind: a request that got no answer by its typed cause (each exchange's message names its own URL, and a role
        // refusing connections, or whose name resolves to a forbidden address, is one deviation), any other by its message.
        const key = [
          role,
          subject,
          observed,
          subject === 'status' ? f.expected : '',
          f.verdict === 'error' ? (transportKind(f.aspect ?? expectation.aspect) ?? f.message ?? '') : '',
          f.source === 'baseline' ? (f.baseline ?? '') : '',
        ].join('\u0000');
        const c = join(
          key,
          () => ({ verdict: f.verdict, role, subject, observed, finding: f, members: [], on: [], at: [], ofNodes: [], otherwise: [], seenBy: [] }),
          member,
          f,
        );
        const side = f.protocol ?? 'answer';
        if (!c.on.includes(side)) c.on.push(side);
        if (f.node && !c.at.includes(f.node)) c.at.push(f.node);
      }
    }
  }
  for (const p of comparisons) {
    const cmp = p.finding.compared!;
    const at = (value: string | undefined) =>
      value === undefined
        ? undefined
        : groups.get([p.role, p.subject, value, p.subject === 'status' ? statusExpected(groups, p, value) : '', '', ''].join('\u0000'));
    // The side whose value missed the spec (at whatever level): the cause is that value, the other side answers otherwise.
    const missed = (value: string | undefined) => (value === undefined ? undefined : misses.get([p.role, p.subject, value].join('\u0000')));
    let c = at(cmp.firstValue);
    let wrongFirst = c !== undefined;
    if (!c) {
      c = at(cmp.secondValue);
      wrongFirst = false;
    }
    if (!c && p.joinOnly) continue;
    if (!c) {
      const first = missed(cmp.firstValue);
      const second = first ? undefined : missed(cmp.secondValue);
      const m = first ?? second;
      if (m) {
        wrongFirst = first !== undefined;
        const observed = (wrongFirst ? cmp.firstValue : cmp.secondValue)!;
        const key = [p.role, p.subject, observed, 'compared'].join('\u0000');
        c = groups.get(key) ?? {
          verdict: p.finding.verdict,
          role: p.role,
          subject: p.subject,
          observed,
          finding: m.finding,
          members: [],
          on: [...m.on],
          at: [],
          ofNodes: [],
          otherwise: [],
          seenBy: [],
        };
        groups.set(key, c);
      }
    }
    const tag = `${cmp.by.replace(/ .*$/, '')} ${cmp.second}`;
    if (c) {
      const side = wrongFirst ? cmp.second : cmp.first;
      const value = (wrongFirst ? cmp.secondValue : cmp.firstValue) ?? '(absent)';
      const endpoint = wrongFirst ? endpointOf(p.member.test, p.member.expectation) : undefined;
      add(c, p.member, p.finding);
      const other = c.otherwise.find((o) => o.side === side && o.endpoint === endpoint);
      if (!other) c.otherwise.push({ side, values: [value], ...(endpoint ? { endpoint } : {}) });
      else if (!other.values.includes(value)) other.values.push(value);
      if (!c.seenBy.includes(tag)) c.seenBy.push(tag);
      continue;
    }
    // No spec finding says which side is wrong: the two sides, neither blamed.
    const observed = `${cmp.first}: ${cmp.firstValue ?? '(absent)'}; ${cmp.second}: ${cmp.secondValue ?? '(absent)'}`;
    const key = [p.role, p.subject, observed, 'comparison'].join('\u0000');
    join(
      key,
      () => ({
        verdict: p.finding.verdict,
        role: p.role,
        subject: p.subject,
        observed,
        finding: p.finding,
        members: [],
        on: [],
        at: [],
        ofNodes: [],
        otherwise: [],
        seenBy: [],
      }),
      p.member,
      p.finding,
    );
  }
  return [...groups.values()];
}

/** The expected status of the cause a comparison's value would join (a status cause is keyed by it). */
function statusExpected(groups: Map<string, Cause>, p: Pending, value: string): string {
  for (const c of groups.values()) if (c.role === p.role && c.subject === 'status' && c.observed === value) return c.finding.expected;
  return '';
}

const SIDE_ORDER = ['h1', 'h2', 'h3', 'browser'];
const listed = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/**
 * The causes that fail the run, in the order every view lists and numbers them (`[1]`, `[2]`...):
 * `npm run accept -- --known --cause N` reads the same numbers.
 */
export function failingCauses(r: ConformanceResults): Cause[] {
  return causes(r, (v) => failsRun(v, r.run.failOn));
}

/**
 * The cause in one sentence: the role, what, the value, and which side differs.
 * `site: header x-frame-options is (absent) on h1 and h2; h3 at 127.0.0.1:41444 answers "SAMEORIGIN"`.
 */
export function causeHeadline(c: Cause): string {
  const on = c.on.filter((s) => s !== 'answer').sort((a, b) => SIDE_ORDER.indexOf(a) - SIDE_ORDER.indexOf(b));
  const value =
    c.finding.source === 'baseline' && c.finding.baseline !== undefined
      ? `${JSON.stringify(c.observed)} (the baseline: ${JSON.stringify(c.finding.baseline)})`
      : JSON.stringify(c.observed);
  // Nodes are named only where some answered otherwise: a value every node sends is the name's, not a node's
  // (a flow that asks only the other nodes on their own, as the OCSP flow does, lists none: its nodes are named).
  const nodes = c.at.length && (c.ofNodes.length === 0 || c.at.length < c.ofNodes.length) ? ` at ${listed(c.at)}` : '';
  const where = `${on.length ? ` on ${listed(on)}` : ''}${nodes}`;
  const others = c.otherwise.map(
    (o) =>
      `${o.side}${o.endpoint ? ` at ${o.endpoint}` : ''} answers ${[...o.values]
        .sort()
        .map((v) => JSON.stringify(v))
        .join(' or ')}`,
  );
  if (!c.on.length && !c.otherwise.length && c.members.every((m) => m.expectation.findings.some((f) => f.compared && COMPARISONS.test(f.compared.by))))
    return `${c.role}: ${c.subject} differs between the answers: ${c.observed}`;
  if (c.verdict === 'error') return `${c.role}: ${c.subject}: ${c.finding.message ?? c.finding.actual}`;
  return `${c.role}: ${c.subject} is ${value}${where}${others.length ? `; ${others.join('; ')}` : ''}`;
}

/** The tests a cause affects, a few named: `in 36 tests (site/home, site/static/css, +34)`, or the one expectation. */
export function causeScope(c: Cause, named = 3): string {
  if (c.members.length === 1) return c.members[0].expectation.id;
  const ids = [...new Set(c.members.map((m) => m.test.id))];
  return `in ${ids.length} test${ids.length === 1 ? '' : 's'} (${ids.slice(0, named).join(', ')}${ids.length > named ? `, +${ids.length - named}` : ''})`;
}

/** What the spec expected, as the cause's shown finding says. */
export function causeExpected(c: Cause): string {
  return c.finding.source === 'baseline' ? `the baseline's ${JSON.stringify(c.finding.baseline ?? c.finding.expected)}` : JSON.stringify(c.finding.expected);
}
