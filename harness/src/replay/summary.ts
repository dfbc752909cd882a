/**
 * Turns a replay's findings into the one assertion message of its test: one line per failing
 * finding, `site/home header x-frame-options: expected "SAMEORIGIN, SAMEORIGIN", got "SAMEORIGIN"`,
 * the same failure on both protocols written once, a failure of one protocol marked with it.
 */
import type { Finding } from '../checks/types';

export type Protocol = 'h1' | 'h2';

/** A finding of the replay: which protocol leg it came from (none for parity and whole-run findings). */
export type ReplayFinding = Finding & { protocol?: Protocol };

export const FAILING: ReadonlySet<Finding['verdict']> = new Set(['fail', 'error']);

export function failingFindings(findings: readonly ReplayFinding[]): ReplayFinding[] {
  return findings.filter((f) => FAILING.has(f.verdict));
}

const quote = (s: string) => JSON.stringify(s);

function actualText(f: Finding): string {
  // The assertion message lands in consoles and CI logs: a secret (a cookie value) is not printed there.
  return f.secret ? `(secret value of ${f.actual.length} characters)` : quote(f.actual);
}

/**
 * One line per distinct failure. `legs` are the protocols that ran: a failure seen on all of them
 * carries no protocol mark, one seen on some is marked "(h1 only)" / "(h2 only)".
 */
export function failureLines(findings: readonly ReplayFinding[], legs: readonly Protocol[]): string[] {
  const groups = new Map<string, { f: ReplayFinding; protocols: Set<Protocol> }>();
  for (const f of failingFindings(findings)) {
    const key = `${f.verdict}\u0000${f.id}\u0000${f.expected}\u0000${f.actual}`;
    const g = groups.get(key) ?? { f, protocols: new Set<Protocol>() };
    if (f.protocol) g.protocols.add(f.protocol);
    groups.set(key, g);
  }
  return [...groups.values()].map(({ f, protocols }) => {
    const partial = protocols.size > 0 && legs.some((p) => !protocols.has(p));
    const mark = partial ? ` (${[...protocols].join(', ')} only)` : '';
    if (f.verdict === 'error') return `${f.id}${mark}: error: ${f.message ?? f.actual} (expected ${quote(f.expected)})`;
    return `${f.id}${mark}: expected ${quote(f.expected)}, got ${actualText(f)}`;
  });
}

export function failureMessage(title: string, findings: readonly ReplayFinding[], legs: readonly Protocol[]): string {
  const lines = failureLines(findings, legs);
  if (lines.length === 0) return `${title}: every expectation met`;
  return `${title}: ${lines.length} failing expectation${lines.length === 1 ? '' : 's'}\n${lines.map((l) => `  ${l}`).join('\n')}`;
}
