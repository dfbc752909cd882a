/**
 * Turns findings into the one assertion message of a test: one line per finding at or above the
 * run's threshold (`HARNESS_FAIL_ON`), `site/home header x-frame-options: expected "...", got "..."`,
 * the same failure on every protocol written once, a failure of some protocols marked with them.
 */
import { failsRun, type FailOn } from './fail-on';
import { NOT_JUDGED } from './verdict';
import type { Finding } from './finding';
import { hideSecrets } from './secret-values';

/** A finding with the protocol leg it came from, where it has one. */
type Located = Finding & { protocol?: string };

export function failingFindings<F extends Finding>(findings: readonly F[], failOn: FailOn): F[] {
  return findings.filter((f) => failsRun(f.verdict, failOn));
}

const quote = (s: string) => JSON.stringify(s);

/** The assertion message lands in consoles and CI logs: a secret the finding declares is not printed there (its non-secret parts are). */
const hidden = (f: Finding, text: string) => hideSecrets(text, f.secrets, (v) => `‹secret: ${v.length} chars›`);

/**
 * One line per failing expectation. `legs` are the protocols that ran: a failure seen on all of
 * them carries no protocol mark (the first leg's values are shown: they may differ by a second of
 * a date), one seen on some is marked "(h1 only)" / "(h2 only)".
 */
export function failureLines(findings: readonly Located[], failOn: FailOn, legs: readonly string[] = []): string[] {
  const groups = new Map<string, { f: Located; protocols: Set<string> }>();
  for (const f of failingFindings(findings, failOn)) {
    // Across protocol legs one expectation is one line; findings without a leg (browser flows) by their values.
    const key = f.protocol ? `${f.verdict}\u0000${f.id}` : `${f.verdict}\u0000${f.id}\u0000${f.expected}\u0000${f.actual}`;
    const g = groups.get(key) ?? { f, protocols: new Set<string>() };
    if (f.protocol) g.protocols.add(f.protocol);
    groups.set(key, g);
  }
  return [...groups.values()].map(({ f, protocols }) => {
    const partial = protocols.size > 0 && legs.some((p) => !protocols.has(p));
    const mark = partial ? ` (${[...protocols].join(', ')} only)` : '';
    if (f.verdict === 'error') return `${f.id}${mark}: error: ${hidden(f, f.message ?? f.actual)} (expected ${quote(hidden(f, f.expected))})`;
    const verdict = f.verdict === 'fail' ? '' : `${f.verdict}: `;
    return `${f.id}${mark}: ${verdict}expected ${quote(hidden(f, f.expected))}, got ${quote(hidden(f, f.actual))}`;
  });
}

export function failureMessage(title: string, findings: readonly Located[], failOn: FailOn, legs: readonly string[] = []): string {
  const lines = failureLines(findings, failOn, legs);
  if (lines.length === 0) return `${title}: every expectation met`;
  return `${title}: ${lines.length} failing expectation${lines.length === 1 ? '' : 's'}\n${lines.map((l) => `  ${l}`).join('\n')}`;
}

/** What a test concludes from its findings: whether anything was judged, whether it passes, and the message that says why not. */
export interface Conclusion {
  judged: number;
  failing: number;
  passed: boolean;
  message: string;
}

/**
 * A test's one conclusion over its findings: something was judged (a test that evaluated nothing
 * never passes), and nothing is at or above the run's threshold. The Playwright tests assert it;
 * the detection tests, which replay in process, read it: one rule for both.
 */
export function conclude(title: string, findings: readonly Located[], failOn: FailOn, legs: readonly string[] = []): Conclusion {
  const judged = findings.filter((f) => !NOT_JUDGED.has(f.verdict)).length;
  const failing = failingFindings(findings, failOn).length;
  if (judged === 0)
    return { judged, failing, passed: false, message: `${title}: no expectation was evaluated (${findings.map((f) => f.actual).join('; ') || 'no findings'})` };
  return { judged, failing, passed: failing === 0, message: failureMessage(title, findings, failOn, legs) };
}
