import { createHash, randomBytes } from 'node:crypto';

/*
 * Set-Cookie lines of the site, written out by hand: each platform layer has its own attribute
 * spelling (ASP.NET lowercases `path`, ARR writes no space after semicolons) and cookie
 * libraries normalise those away.
 */

export const SESSION_COOKIE = 'ASP.NET_SessionId';
export const ANALYTICS_COOKIE = 'SC_ANALYTICS_GLOBAL_COOKIE';
export const VERIFICATION_COOKIE = '__RequestVerificationToken';
export const AFFINITY_COOKIE = 'ARRAffinity';
export const AFFINITY_SAMESITE_COOKIE = 'ARRAffinitySameSite';
export const SXA_SITE_COOKIE = 'sxa_site=Lessons; path=/';

/** "10 years" as the reference counts it: ten years of 365.25 days (315,576,000 s). */
export const TEN_YEARS_DAYS = 10 * 365.25;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The names, values and lifetimes a deployment chooses where the description is silent. */
export interface SiteCookieChoices {
  sessionCookieName: string;
  siteName: string;
  /** How many days "10 years" of SC_ANALYTICS_GLOBAL_COOKIE are. */
  cookieYears: { analyticsTenYearsDays: number };
}
const REFERENCE_CHOICES: SiteCookieChoices = { sessionCookieName: SESSION_COOKIE, siteName: 'Lessons', cookieYears: { analyticsTenYearsDays: TEN_YEARS_DAYS } };

/** ASP.NET's SessionIDManager alphabet: 15 random bytes as 24 five-bit characters. */
const SESSION_ALPHABET = 'abcdefghijklmnopqrstuvwxyz012345';

export function newSessionId(): string {
  const bytes = randomBytes(15);
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += SESSION_ALPHABET[(acc >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9]{24}$/.test(value);
}

export function sessionCookie(id: string, name: string = SESSION_COOKIE): string {
  return `${name}=${id}; path=/; HttpOnly; SameSite=Lax`;
}

export interface AnalyticsVisitor {
  /** 32 lowercase hex: the contact id Sitecore tracks. */
  id: string;
  /** True once the visitor-identification stylesheet was fetched (a real browser). */
  identified: boolean;
}

export function newAnalyticsId(): string {
  return randomBytes(16).toString('hex');
}

/** A SC_ANALYTICS_GLOBAL_COOKIE value as sent back (cookie-parser has already URI-decoded it). */
export function parseAnalyticsCookie(value: unknown): AnalyticsVisitor | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^([0-9a-f]{32})\|(True|False)$/.exec(value);
  return m ? { id: m[1], identified: m[2] === 'True' } : undefined;
}

/** "10 years after issue", counted as the given number of days (the description says only "10 years"). */
export function tenYearsAfter(now: Date, days: number = TEN_YEARS_DAYS): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

export function analyticsCookie(visitor: AnalyticsVisitor, now: Date, tenYearsDays: number = TEN_YEARS_DAYS): string {
  return `${ANALYTICS_COOKIE}=${visitor.id}|${visitor.identified ? 'True' : 'False'}; expires=${tenYearsAfter(now, tenYearsDays).toUTCString()}; path=/; HttpOnly`;
}

/** 75 random bytes in base64url: 100 characters of [A-Za-z0-9_-]. */
export function newVerificationToken(): string {
  return randomBytes(75).toString('base64url');
}

export function isVerificationToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{80,200}$/.test(value);
}

export function verificationTokenCookie(token: string): string {
  return `${VERIFICATION_COOKIE}=${token}; path=/; HttpOnly`;
}

/**
 * ARR's affinity value: a SHA-256 hex id of the App Service instance. Each deployment runs one
 * instance, so every process of it hands out the same value, as every request to one App Service
 * instance does: two processes of one deployment answer alike (a differential run of the reference
 * against itself shows no difference), two deployments do not.
 */
export function instanceAffinity(deploymentName: string): string {
  return createHash('sha256').update(`App Service instance of the ${deploymentName} deployment`).digest('hex');
}

export function isAffinity(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-fA-F]{64}$/.test(value);
}

export function affinityCookies(value: string, host: string): [string, string] {
  return [
    `${AFFINITY_COOKIE}=${value};Path=/;HttpOnly;Secure;Domain=${host}`,
    `${AFFINITY_SAMESITE_COOKIE}=${value};Path=/;HttpOnly;SameSite=None;Secure;Domain=${host}`,
  ];
}

export type RequestCookies = Record<string, unknown>;

/**
 * Every Set-Cookie line of the home page, valid values sent by the client kept.
 * `instanceAffinity` is what a new visitor gets: one value per running site, as ARR hands out
 * the hash of the instance that served the request.
 */
export function homePageCookies(
  sent: RequestCookies,
  host: string,
  instanceAffinity: string,
  now: Date,
  choices: SiteCookieChoices = REFERENCE_CHOICES,
): string[] {
  const name = choices.sessionCookieName;
  const session = isSessionId(sent[name]) ? sent[name] : newSessionId();
  const visitor = parseAnalyticsCookie(sent[ANALYTICS_COOKIE]) ?? { id: newAnalyticsId(), identified: false };
  const token = isVerificationToken(sent[VERIFICATION_COOKIE]) ? sent[VERIFICATION_COOKIE] : newVerificationToken();
  const affinity = [sent[AFFINITY_COOKIE], sent[AFFINITY_SAMESITE_COOKIE]].find(isAffinity) ?? instanceAffinity;
  return [
    // ASP.NET writes the session cookie twice when session state is created during the request.
    sessionCookie(session, name),
    sessionCookie(session, name),
    analyticsCookie(visitor, now, choices.cookieYears.analyticsTenYearsDays),
    verificationTokenCookie(token),
    `sxa_site=${choices.siteName}; path=/`,
    ...affinityCookies(affinity, host),
  ];
}

/** The visitor-identification stylesheet marks the visitor as identified, keeping its id. */
export function identifiedVisitorCookie(sent: RequestCookies, now: Date, tenYearsDays: number = TEN_YEARS_DAYS): string {
  const visitor = parseAnalyticsCookie(sent[ANALYTICS_COOKIE]);
  return analyticsCookie({ id: visitor?.id ?? newAnalyticsId(), identified: true }, now, tenYearsDays);
}
