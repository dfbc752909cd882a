/**
 * How the reference's OCSP responder dates its answers. Boulder (Let's Encrypt) pre-signs
 * responses, truncates thisUpdate to the minute and sets nextUpdate one second short of a whole
 * lifetime; the service description shows max-age values from about 6000 to 15300 seconds.
 */

/** 4 h 15 min: a fresh response shows a max-age of 15,240 to 15,299 s. */
export const LIFETIME_SECONDS = 15_300;
/** A stored response is re-signed once fewer seconds than this remain: max-age never drops below about 6,000 s. */
export const REFRESH_BELOW_SECONDS = 6_000;
/** How often the store looks for responses to refresh, at most. */
export const REFRESH_CHECK_MS = 60_000;
/** Boulder's limit on a POST body; larger requests are refused before being read whole. */
export const MAX_REQUEST_BYTES = 10_000;

export type ResponderIdForm = 'byName' | 'byKey';
export const RESPONDER_ID_FORMS: readonly ResponderIdForm[] = ['byName', 'byKey'];

export interface ResponderOptions {
  /** ResponderID form: byName (504-byte responses, the description's size) or byKey (473 bytes). */
  responderId: ResponderIdForm;
  lifetimeSeconds: number;
  refreshBelowSeconds: number;
}

export const DEFAULT_RESPONDER_OPTIONS: ResponderOptions = {
  responderId: 'byName',
  lifetimeSeconds: LIFETIME_SECONDS,
  refreshBelowSeconds: REFRESH_BELOW_SECONDS,
};

export interface ResponseTimes {
  producedAt: Date;
  thisUpdate: Date;
  nextUpdate: Date;
}

const MINUTE_MS = 60_000;

/** thisUpdate and producedAt truncated to the minute; nextUpdate = thisUpdate + lifetime - 1 s. */
export function responseTimes(now: number, lifetimeSeconds: number): ResponseTimes {
  const thisUpdate = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  return {
    producedAt: new Date(thisUpdate),
    thisUpdate: new Date(thisUpdate),
    nextUpdate: new Date(thisUpdate + lifetimeSeconds * 1000 - 1000),
  };
}

/** Whether a response valid until `nextUpdate` is due for re-signing at `now`. */
export function needsRefresh(nextUpdate: number, now: number, refreshBelowSeconds: number): boolean {
  return nextUpdate - now < refreshBelowSeconds * 1000;
}
