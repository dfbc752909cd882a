/**
 * Secrets redacted from what the records declare, as the report is built (then by value, in
 * `redactResults`): the secret values a finding lists (a cookie's value part by part, a credential
 * or a signed parameter whole) wherever its text holds them, and by field the addresses, request
 * headers and header lines of the exchanges. No finding's text is searched for what looks like a
 * cookie: a change of wording cannot reveal a value. With HARNESS_REPORT_RAW_SECRETS the values
 * are shown as they are.
 */
import { hideSecrets, type SecretKind, type SecretValue } from '../../core';
import { describeSecret, redactHeaderValue, redactUrl } from '../secrets';
import type { BuildContext } from './context';

const KINDS: ReadonlySet<string> = new Set<SecretKind>(['cookie', 'credential', 'signed']);

/** The secrets a finding declares, as attached (anything malformed dropped: it may come from an old or foreign record). */
export function readSecrets(raw: unknown): SecretValue[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((s: unknown) => {
    const o = s as { kind?: unknown; value?: unknown } | null;
    return o && typeof o.kind === 'string' && KINDS.has(o.kind) && typeof o.value === 'string' ? [{ kind: o.kind as SecretKind, value: o.value }] : [];
  });
}

/** A text of a finding as the report shows it: its declared secrets hidden. */
export function shownText(value: string, secrets: readonly SecretValue[], ctx: BuildContext): string {
  return ctx.rawSecrets ? value : hideSecrets(value, secrets, describeSecret);
}

/** Every address in a body's text with its secret-looking query values redacted (a line diff has no fields to declare them). */
export function redactUrls(value: string): string {
  return value.replace(/https?:\/\/[^\s,)"'<>]+/g, (u) => redactUrl(u));
}

export const shownUrl = (url: string, ctx: BuildContext): string => (ctx.rawSecrets ? url : redactUrl(url));

export const shownLines = (lines: Array<[string, string]>, ctx: BuildContext): Array<[string, string]> =>
  ctx.rawSecrets ? lines : lines.map(([n, v]) => [n, redactHeaderValue(n, v)]);
