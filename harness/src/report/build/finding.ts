/** One attached finding as the report keeps it: every field checked, values the target sent redacted. */
import { FINDING_SOURCES, LEVELS, readAspect, readVerdict, type Compared, type Level } from '../../core';
import type { FindingProtocol, FindingReport, FindingSource } from '../types';
import type { BuildContext } from './context';
import { readSecrets, redactUrls, shownText } from './redact';
import { knownMarkOf, SHA256, str, text, type RawFinding } from './validate';

const SOURCE_SET: ReadonlySet<string> = new Set(FINDING_SOURCES);

/** A comparison as attached, its values shown as the finding's are. */
function comparedOf(raw: RawFinding['compared'], shown: (v: string) => string): Compared | undefined {
  if (!raw || typeof raw !== 'object' || !str(raw.by) || str(raw.first) === undefined || str(raw.second) === undefined) return undefined;
  return {
    by: str(raw.by)!,
    first: str(raw.first)!,
    second: str(raw.second)!,
    ...(str(raw.firstValue) !== undefined ? { firstValue: shown(str(raw.firstValue)!) } : {}),
    ...(str(raw.secondValue) !== undefined ? { secondValue: shown(str(raw.secondValue)!) } : {}),
  };
}
const LEVEL_SET: ReadonlySet<string> = new Set(LEVELS);

export function toFinding(raw: RawFinding, protocol: FindingProtocol | undefined, ctx: BuildContext): Omit<FindingReport, 'key'> {
  const verdict = readVerdict(raw.verdict);
  const source = (SOURCE_SET.has(text(raw.source)) ? text(raw.source) : 'capture') as FindingSource;
  const level = (LEVEL_SET.has(text(raw.level)) ? text(raw.level) : source === 'reference' ? 'info' : 'must') as Level;
  const id = text(raw.id) || '(finding without id)';
  const aspect = readAspect(raw.aspect);
  const secrets = readSecrets(raw.secrets);
  let redacted = false;
  /** A text of the finding, its declared secrets hidden wherever they appear (the expected value and the message alike). */
  const shown = (value: string): string => {
    const out = shownText(value, secrets, ctx);
    if (out !== value) redacted = true;
    return out;
  };
  const actual = shown(text(raw.actual));
  const out: Omit<FindingReport, 'key'> = { id, verdict, level, expected: shown(text(raw.expected)), actual, source };
  if (str(raw.observed) !== undefined) out.observed = shown(str(raw.observed)!);
  if (str(raw.role)) out.role = str(raw.role);
  if (raw.baseline !== undefined) out.baseline = shown(text(raw.baseline));
  if (str(raw.detail)) out.detail = ctx.rawSecrets ? str(raw.detail) : redactUrls(shown(str(raw.detail)!));
  if (raw.bodies && typeof raw.bodies === 'object') {
    const b = str(raw.bodies.baseline);
    const c = str(raw.bodies.candidate);
    if ((b && SHA256.test(b)) || (c && SHA256.test(c)))
      out.bodies = { ...(b && SHA256.test(b) ? { baseline: b } : {}), ...(c && SHA256.test(c) ? { candidate: c } : {}) };
  }
  if (protocol) out.protocol = protocol;
  if (str(raw.node)) out.node = str(raw.node);
  if (aspect) out.aspect = aspect;
  const compared = comparedOf(raw.compared, shown);
  if (compared) out.compared = compared;
  if (str(raw.clause)) out.clause = str(raw.clause);
  if (str(raw.shape)) out.shape = str(raw.shape);
  if (str(raw.message)) out.message = shown(str(raw.message)!);
  if (redacted) out.redacted = true;
  if (str(raw.target)) out.target = str(raw.target);
  const known = verdict === 'known' ? knownMarkOf(raw.known) : undefined;
  if (known) out.known = known;
  return out;
}
