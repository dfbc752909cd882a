/**
 * The registry of named checks: cross-field invariants, one file each. Specs name them by id or by
 * a prefix ending at a `/` boundary (`cache` selects `cache/max-age-matches-expires`).
 */
import { selectFrom } from '../spec-model/check';
import type { Check } from './types';
import { maxAgeMatchesExpires } from './max-age-matches-expires';
import { ocspEtagIsSha256OfBody } from './ocsp-etag-is-sha256-of-body';
import { contentLengthMatches } from './content-length-matches';
import { negotiatedResponseHasVary } from './negotiated-response-has-vary';
import { cookieFlipKeepsId } from './cookie-flip-keeps-id';
import { cookieExpiresMatchesLifetime } from './cookie-expires-matches-lifetime';
import { hstsPerRole } from './hsts-per-role';
import { securityHeaderSetPerRole } from './security-header-set-per-role';
import { cookiePairSameValue } from './cookie-pair-same-value';
import { sessionCookieSentTwice } from './session-cookie-sent-twice';
import { cookieDomainMatchesHost } from './cookie-domain-matches-host';
import { headersCacheStatus } from './headers-cache-status';
import { headersRequestId } from './headers-request-id';
import { redirectLocationOtherHost } from './redirect-location-other-host';

export type { Check, CheckContext, CheckResult, Finding, Verdict } from './types';

export const CHECKS: readonly Check[] = Object.freeze([
  maxAgeMatchesExpires,
  ocspEtagIsSha256OfBody,
  contentLengthMatches,
  negotiatedResponseHasVary,
  cookieFlipKeepsId,
  cookieExpiresMatchesLifetime,
  hstsPerRole,
  securityHeaderSetPerRole,
  cookiePairSameValue,
  sessionCookieSentTwice,
  cookieDomainMatchesHost,
  headersCacheStatus,
  headersRequestId,
  redirectLocationOtherHost,
]);

export { selects } from '../spec-model/check';

/** The checks selected by any of the prefixes, in registry order, each once. */
export function selectChecks(prefixes: readonly string[], registry: readonly Check[] = CHECKS): readonly Check[] {
  return selectFrom(registry, prefixes);
}

export function checkById(id: string): Check | undefined {
  return CHECKS.find((c) => c.id === id);
}
