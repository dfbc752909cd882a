/**
 * Roles whose answers tested nothing. A sign-in page, a bot challenge, a maintenance page, the
 * platform's default virtual host or a certificate for another name answers every address the same
 * way, and a run judged on those answers fails (or, where the spec is loose, passes) for reasons
 * that have nothing to do with the target. Across one role's exchanges (each step of the HTTP/1.1
 * legs), a failing exchange looks inconclusive when it was:
 *
 * - refused with 401, or 403 with `WWW-Authenticate` (`auth`);
 * - a 403, 429 or 503 carrying the marks of a bot check or WAF (`challenge`);
 * - redirected to the same address as most of the others (`redirect`, a sign-in);
 * - answered with the same body as other addresses (`same-page`);
 * - met with a certificate whose names do not cover the host (`certificate`), refused or accepted
 *   with TARGET_INSECURE=1.
 *
 * Only exchanges that missed an expectation count: one that met them all tested something (the
 * reference's maintenance host answers every address with one 403 page, as the description says).
 * A role is inconclusive when more than half of its exchanges show one of these; the weak signs
 * (one redirect target, one page) need two exchanges, the page two different addresses. The role
 * then gets one `error` (`<role>/inconclusive`), and its other failures are grouped under it.
 */
import { labelOf } from './build/group';
import { emptyCounts, failsRun, fieldValue, unjudged } from '../core';
import { anchor } from './anchors';
import type { InconclusiveRole, ResponseReport, StepReport, TestReport } from './types';

type Kind = InconclusiveRole['kind'];

interface Seen {
  kind: Kind;
  /** What groups the signs of one kind: the page's hash, the redirect's address. */
  key: string;
  url: string;
  response?: ResponseReport;
  detail?: string;
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
};

/** Whether a certificate name (possibly `*.example.org`) covers a host. */
function covers(name: string, host: string): boolean {
  if (name === host) return true;
  if (!name.startsWith('*.')) return false;
  const rest = name.slice(1);
  return host.endsWith(rest) && !host.slice(0, -rest.length).includes('.');
}

const header = (r: ResponseReport, name: string) => fieldValue(r.lines, name) ?? '';

const CERT_NAMES = /ERR_TLS_CERT_ALTNAME_INVALID|does not match certificate's altnames|Hostname\/IP does not match/i;

/** The signs one failing step shows, strongest first. */
function signsOf(step: StepReport, transportError: string | undefined): Seen[] {
  const url = step.request?.url ?? '';
  if (transportError !== undefined) return CERT_NAMES.test(transportError) ? [{ kind: 'certificate', key: '', url, detail: transportError }] : [];
  const r = step.response;
  if (!r) return [];
  const out: Seen[] = [];
  const names = r.tls?.peerNames;
  if (names?.length && url.startsWith('https:') && !names.some((n) => covers(n, hostOf(url))))
    out.push({ kind: 'certificate', key: names.join(','), url, response: r, detail: `a certificate for ${names.slice(0, 3).join(', ')}` });
  const challenge = header(r, 'www-authenticate');
  if (r.status === 401 || (r.status === 403 && challenge)) out.push({ kind: 'auth', key: '', url, response: r, detail: challenge });
  if ((r.status === 403 || r.status === 429 || r.status === 503) && r.markers?.length)
    out.push({ kind: 'challenge', key: '', url, response: r, detail: r.markers.join(', ') });
  if (r.status >= 300 && r.status < 400 && r.redirect) out.push({ kind: 'redirect', key: r.redirect, url, response: r });
  if (r.sha256 && r.bodySize > 0) out.push({ kind: 'same-page', key: r.sha256, url, response: r });
  return out;
}

/** An exchange that missed any of its expectations (a reference choice included): one that met them all tested something. */
const MISSED: ReadonlySet<string> = new Set(['error', 'fail', 'warn', 'info']);
const STRONG: ReadonlySet<Kind> = new Set(['certificate', 'auth', 'challenge']);
const ORDER: readonly Kind[] = ['certificate', 'auth', 'challenge', 'redirect', 'same-page'];

const pathOf = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
};
const bytes = (n: number) => n.toLocaleString('en-US');

function message(role: string, kind: Kind, seen: Seen[], total: number): string {
  const of = `${seen.length} of ${total} ${role} exchange${total === 1 ? '' : 's'}`;
  const first = seen[0];
  const r = first.response;
  switch (kind) {
    case 'certificate':
      return `inconclusive: ${of} met ${first.detail && !CERT_NAMES.test(first.detail) ? first.detail : 'a certificate for other names'} (the role's host is ${hostOf(first.url)}); is the name mapped to the right address (TARGET_RESOLVE), or the platform's default host answering?`;
    case 'auth':
      return `inconclusive: ${of} were refused with ${r?.status}${first.detail ? ` (WWW-Authenticate: ${first.detail.slice(0, 80)})` : ''}; does the target need credentials? (TARGET_HEADERS)`;
    case 'challenge':
      return `inconclusive: ${of} answered a bot challenge (${r?.status}: ${first.detail}); let the harness through (an allowed address, or a bypass header in TARGET_HEADERS)`;
    case 'redirect':
      return `inconclusive: ${of} were redirected to ${pathOf(first.key)} (${r?.status}); is the target behind a sign-in? (TARGET_HEADERS)`;
    case 'same-page': {
      const size = r?.decodedSize ?? r?.bodySize ?? 0;
      const title = r?.title ? ` "${r.title}"` : '';
      const hint =
        r?.status === 404
          ? "are the role's addresses right (its URL, {section}, TARGET_VALUE_*)?"
          : r && r.status >= 500
            ? 'is the target down for maintenance?'
            : 'is the target behind a sign-in? (TARGET_HEADERS)';
      const where = pathOf(first.url);
      return `inconclusive: ${of} answered the same ${bytes(size)}-byte page${title} (status ${r?.status}, e.g. for ${where.length > 60 ? `${where.slice(0, 57)}...` : where}); ${hint}`;
    }
  }
}

/** A test whose failures are all addresses not found on pages of these hosts (its role's files are linked from another role's pages). */
function onlyUnfoundOn(t: TestReport, hosts: ReadonlySet<string>, failOn: Parameters<typeof failsRun>[1]): boolean {
  const failing = t.expectations.filter((e) => failsRun(e.verdict, failOn));
  if (failing.length === 0) return false;
  const sources = new Map((t.legs ?? []).flatMap((l) => l.steps.filter((s) => s.discovered).map((s) => [s.id, hostOf(s.discovered!.from)] as const)));
  return failing.every((e) => e.aspect?.kind === 'discover' && e.step !== undefined && hosts.has(sources.get(e.step) ?? ''));
}

export interface Inconclusive {
  roles: InconclusiveRole[];
  /** One test per inconclusive role, holding its error. */
  tests: TestReport[];
}

/**
 * The sign that more than half of a role's steps show (of those that missed an expectation): of the
 * signs that are enough, the most common, a tie going to the kind earlier in ORDER; or undefined.
 */
function commonSign(steps: ReadonlyArray<{ test: TestReport; step: StepReport }>): { kind: Kind; seen: Seen[] } | undefined {
  const total = steps.length;
  const signs = new Map<string, Seen[]>();
  for (const { test, step } of steps) {
    const mine = test.expectations.filter((e) => e.step === step.id || (!e.step && test.id === step.id));
    if (!mine.some((e) => MISSED.has(e.verdict))) continue;
    const transport = mine.find((e) => e.verdict === 'error' && e.aspect?.kind === 'transport');
    const error = transport ? (transport.findings.find((f) => f.protocol === 'h1') ?? transport.findings[0])?.message : undefined;
    for (const s of signsOf(step, step.response ? undefined : (error ?? undefined))) {
      const k = `${s.kind}\u0000${s.key}`;
      signs.set(k, [...(signs.get(k) ?? []), s]);
    }
  }
  let best: { kind: Kind; seen: Seen[] } | undefined;
  for (const kind of ORDER) {
    for (const [k, seen] of signs) {
      if (!k.startsWith(`${kind}\u0000`)) continue;
      const addresses = new Set(seen.map((s) => s.url)).size;
      const enough = seen.length * 2 > total && (STRONG.has(kind) || (seen.length >= 2 && (kind !== 'same-page' || addresses >= 2)));
      if (enough && (!best || seen.length > best.seen.length)) best = { kind, seen };
    }
  }
  return best;
}

export function findInconclusive(tests: readonly TestReport[], failOn: Parameters<typeof failsRun>[1]): Inconclusive {
  const byRole = new Map<string, Array<{ test: TestReport; step: StepReport }>>();
  for (const t of tests) {
    if (t.role === 'service' || t.role === 'other') continue;
    const h1 = t.legs?.find((l) => l.protocol === 'h1');
    for (const step of h1?.steps ?? []) if (step.request && !step.skipped) byRole.set(t.role, [...(byRole.get(t.role) ?? []), { test: t, step }]);
  }
  const roles: InconclusiveRole[] = [];
  const made: TestReport[] = [];
  for (const [role, steps] of byRole) {
    const total = steps.length;
    const best = commonSign(steps);
    if (!best) continue;
    const text = message(role, best.kind, best.seen, total);
    const id = `${role}/inconclusive`;
    const key = anchor('t', id, '', '', id);
    const hosts = new Set(steps.map(({ step }) => hostOf(step.request?.url ?? '')));
    const dependents = tests.filter((t) => t.role !== role && onlyUnfoundOn(t, hosts, failOn));
    const failing = (t: TestReport) => t.expectations.filter((e) => failsRun(e.verdict, failOn)).length;
    const grouped = [...tests.filter((t) => t.role === role), ...dependents].reduce((n, t) => n + failing(t), 0);
    roles.push({
      role,
      kind: best.kind,
      seen: best.seen.length,
      total,
      message: text,
      key,
      grouped,
      ...(dependents.length ? { dependents: dependents.map((t) => t.key) } : {}),
    });
    const finding = {
      key: anchor('f', `${role} inconclusive`, key, '0'),
      ...unjudged('error', {
        id: `${role} inconclusive`,
        level: 'must',
        expected: `answers to ${role}'s own addresses`,
        actual: `${best.seen.length} of ${total} exchanges alike (${best.kind})`,
        source: 'capture',
        message: text,
      }),
    };
    made.push({
      key,
      id,
      title: id,
      titlePath: [role, id],
      project: '',
      file: '',
      role,
      kind: 'test',
      status: 'failed',
      errors: [],
      verdict: finding.verdict,
      counts: { ...emptyCounts(), [finding.verdict]: 1 },
      expectations: [
        {
          key: anchor('e', finding.id, key),
          id: finding.id,
          label: labelOf(finding),
          verdict: finding.verdict,
          level: finding.level,
          source: finding.source,
          findings: [finding],
        },
      ],
      durationMs: 0,
      retry: 0,
    });
  }
  return { roles, tests: made };
}

/** The inconclusive role a test belongs to: its failures are grouped under that role's one error (listed by itself, first). */
export function inconclusiveOf(results: { run: { inconclusive?: InconclusiveRole[] } }, t: TestReport): InconclusiveRole | undefined {
  return results.run.inconclusive?.find((r) => r.role === t.role) ?? results.run.inconclusive?.find((r) => r.dependents?.includes(t.key));
}
