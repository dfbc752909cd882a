/**
 * Secrets redacted by field as the report is built (then by value, in `redactResults`): values of
 * secret header fields, signed addresses a page links, request headers and answers' header lines.
 * With HARNESS_RAW_SECRETS the values are shown as they are.
 */
import type { Aspect } from '../../core';
import { isSecretHeader } from '../../har/secrets';
import { describeSecret, redactHeaderValue, redactSetCookieText, redactUrl } from '../secrets';
import type { BuildContext } from './context';

/** Every address in a text with its secret-looking query values redacted (signed URLs a page links). */
export function redactUrls(value: string): string {
  return value.replace(/https?:\/\/[^\s,)"'<>]+/g, (u) => redactUrl(u));
}

/** A value the target sent, for a finding about `aspect`, as the report shows it; `secret` is the finding's own flag. */
export function shownValue(value: string, aspect: Aspect | undefined, secret: boolean, ctx: BuildContext): string {
  if (ctx.rawSecrets) return value;
  if (secret) return describeSecret(value);
  if (aspect?.kind === 'header' && isSecretHeader(aspect.name)) {
    const header = aspect.name.toLowerCase();
    return header === 'set-cookie' ? redactSetCookieText(value) : header === 'cookie' ? redactHeaderValue(header, value) : describeSecret(value);
  }
  if (aspect?.kind === 'discover') return redactUrls(value);
  return value;
}

export const shownUrl = (url: string, ctx: BuildContext): string => (ctx.rawSecrets ? url : redactUrl(url));

export const shownLines = (lines: Array<[string, string]>, ctx: BuildContext): Array<[string, string]> =>
  ctx.rawSecrets ? lines : lines.map(([n, v]) => [n, redactHeaderValue(n, v)]);
