import { ROLE_NAMES, ROLES, type Role } from '../roles';
import { akamaiRequestId } from './redirector/akamai';
import { cfRay } from './redirector/cloudflare';
import { CACHE, SHOP_HSTS } from './shop/storefront-headers';

/**
 * A deployment: every choice the reference makes where the service description is silent, as
 * data. `reference` is the default; `alt` keeps every stated fact and chooses differently
 * wherever the description is silent, so that a harness judging by the description (not by the
 * reference) passes both. Host factories read their choices from here.
 */
export interface Deployment {
  name: 'reference' | 'alt';
  /** `{section}` when none is given. */
  defaultSection: string;
  /** A per-request trace header on every response of every role (none in the reference). */
  traceHeader?: string;
  /** `Vary: Accept-Encoding` on the dynamic responses the description lists without it (site page, lookup, visitor CSS; redirector page and cf.errors.css). */
  varyOnDynamic: boolean;
  /** "repeated twice, comma-separated": two field lines, or one line `SAMEORIGIN, SAMEORIGIN`. */
  homeFrameOptions: 'two-lines' | 'one-line';
  /** Other methods on the bare and maintenance hosts: 405 with Allow, or the answer GET gets (301 / 403). */
  unusualMethods: 'method-not-allowed' | 'same-as-get';
  /** The session cookie's name ("carries the hosting platform name"). */
  sessionCookieName: string;
  /** The sxa_site cookie's value ("<site name string>"). */
  siteName: string;
  /** request-context: appId=<this>. */
  appId: string;
  /** The asset host's cache status and request-trace headers. */
  assetHeaders: 'azure' | 'rfc9211';
  /** The maintenance host's request id header name and server value. */
  maintenanceRequestIdHeader: string;
  maintenanceServer: string;
  /** The lesson-plan lookup's error body. */
  lessonPlanError: 'nested' | 'flat';
  /** The site's 404 page. */
  notFoundPage: 'iis' | 'plain';
  /** The storefront's localization cookie value. */
  shopCountry: string;
  /**
   * What a user of this deployment gives the harness as target values (the description names a
   * shape and no page links it): a product handle, the redirector's directory, the beacon path.
   */
  targetValues: { PRODUCT_HANDLE: string; REDIRECTOR_DIRECTORY: string; BEACON_PATH: string };
  /**
   * Its own names where the description names only a shape: substitutions applied, in order, to
   * the paths it serves and to the text of its pages, stylesheets and scripts (file names, media
   * folders and rev values, product handles, theme number, platform path, font family, beacon path).
   */
  names: ReadonlyArray<readonly [string, string]>;
  /** The secret its font URLs are signed with. */
  fontSecret: string;
  /** `/<directory>/` on the redirecting host: any one segment, or only its own directory. */
  redirectorDirectories: 'any' | 'own';
  /** The favicon chain's second and third hosts ("another host", "a third host"). */
  redirectorHops: readonly [string, string];
  /**
   * The redirecting host's edge: its `Server` value and its per-request ray header (name and a
   * value maker); the description names neither.
   */
  redirectorEdge: { server: string; rayHeader: string; ray: () => string };
  /** Strict-Transport-Security on the storefront (the description states max-age=63072000 only). */
  shopHsts: string;
  /** How "10 years" (SC_ANALYTICS_GLOBAL_COOKIE) and "1 year" (the storefront's cookies) are counted, in days. */
  cookieYears: { analyticsTenYearsDays: number; shopYearDays: number };
  /**
   * How the asset host spells Cache-Control, Vary and Content-Disposition on media ("public,
   * max-age=604800", "vary Accept-Encoding", "inline; filename=<file name>"): as the description
   * writes them, or as an edge that rewrites fields does (`max-age=604800,public`,
   * `accept-encoding`, the file name quoted): the same values by their grammar.
   */
  mediaFieldSpelling: 'as-stated' | 'edge';
  /**
   * "expires -1" on the site's uncacheable answers: ASP.NET's `-1`, or a date in the past (as
   * Express apps and nginx's `expires -1` write it): both mean already expired (RFC 9111 §5.3).
   */
  expiredAs: '-1' | 'epoch';
  /** The hex digits of its ARRAffinity ("<64 hex chars>"): lowercase, as ARR writes them, or uppercase, as .NET's Convert.ToHexString does. */
  affinityHex: 'lower' | 'upper';
  /** A charset parameter on the site's static text files (CSS, scripts): none, as IIS sends them, or its own label. */
  textCharset?: string;
  /** How the storefront writes its cookies' lifetimes ("1 year", "1 day", "about 30 minutes"): an Expires date, or Max-Age alone. */
  shopCookieLifetimes: 'expires' | 'max-age';
  /** Where the site declares its icon font: the linked stylesheet (and a preload link), or an inline `<style>` of the home page. */
  fontFaces: 'stylesheet' | 'inline-style';
  /** Its HTTP/3 edge: the default port (the TLS port + this), and the `ma` of the `Alt-Svc` it advertises. */
  h3: { portOffset: number; maxAgeSeconds: number };
  /**
   * The site's Content-Security-Policy ("permissive default source policy; scripts additionally
   * allowed from two tag-management and analytics hosts"): which tag host, and in which order.
   */
  siteCsp: 'reference' | 'portal';
  /** The site's /favicon.ico: the reference's 301-byte icon, or the portal's own (125 bytes). */
  siteFavicon: 'reference' | 'portal';
  /** The bodies of the site's 302 and the bare host's 301 (the description: "short HTML body"): IIS's and ASP.NET's, or a plain one. */
  redirectBodies: 'iis' | 'plain';
  /** Headers on every storefront answer that the description does not state (the reference: nosniff). */
  shopEdgeHeaders: Readonly<Record<string, string>>;
  /** Timing-Allow-Origin on every file under /cdn/, or only on the theme assets and compiled scripts (where the description states it). */
  shopTimingAllowOrigin: 'every-cdn-file' | 'theme-assets';
  /** Cache-Control of the storefront's images (the description states none): a year as 365.2425 or as 365 days. */
  shopImageCache: string;
  /** The origin the theme assets' canonical Link names ("an origin asset address"): the storefront's own, or another host. */
  shopCanonicalOrigin?: string;
  /** The keep_alive cookie's value (the description names no shape): a UUID, or 32 hex. */
  keepAliveFormat: 'uuid' | 'hex';
  /** The favicon chain's arrival page: X-Frame-Options SAMEORIGIN (not stated there), and headers of the hops' own edge. */
  redirectorArrivalFrameOptions: boolean;
  redirectorHopHeaders: Readonly<Record<string, string>>;
  /** Cloudflare's /cdn-cgi/styles/cf.errors.css as served (2,973 bytes), or minified by the deployment's edge. */
  redirectorErrorsCss: 'as-served' | 'minified';
}

/** The deployment's names applied to a path or a text (the identity for the reference). */
export function renamer(d: Deployment): (text: string) => string {
  if (d.names.length === 0) return (text) => text;
  return (text) => d.names.reduce((out, [from, to]) => out.split(from).join(to), text);
}

export const REFERENCE_DEPLOYMENT: Deployment = {
  name: 'reference',
  defaultSection: 'static',
  varyOnDynamic: true,
  homeFrameOptions: 'two-lines',
  unusualMethods: 'method-not-allowed',
  sessionCookieName: 'ASP.NET_SessionId',
  siteName: 'Lessons',
  appId: 'cid-v1:5f0c8d2e-8a41-4d0b-9c3e-1a2b3c4d5e6f',
  assetHeaders: 'azure',
  maintenanceRequestIdHeader: 'x-ms-request-id',
  maintenanceServer: 'Windows-Azure-Web/1.0 Microsoft-HTTPAPI/2.0',
  lessonPlanError: 'nested',
  notFoundPage: 'iis',
  shopCountry: 'US',
  targetValues: { PRODUCT_HANDLE: 'linen-apron', REDIRECTOR_DIRECTORY: 'blog', BEACON_PATH: '/t.gif' },
  names: [],
  fontSecret: 'reference-storefront-font-secret-2026',
  redirectorDirectories: 'any',
  redirectorHops: [ROLE_NAMES.redirector[1], ROLE_NAMES.redirector[2]],
  redirectorEdge: { server: 'cloudflare', rayHeader: 'CF-RAY', ray: cfRay },
  shopHsts: SHOP_HSTS,
  cookieYears: { analyticsTenYearsDays: 10 * 365.25, shopYearDays: 365 },
  shopCookieLifetimes: 'expires',
  mediaFieldSpelling: 'as-stated',
  affinityHex: 'lower',
  expiredAs: '-1',
  fontFaces: 'stylesheet',
  h3: { portOffset: 1, maxAgeSeconds: 86400 },
  siteCsp: 'reference',
  siteFavicon: 'reference',
  redirectBodies: 'iis',
  shopEdgeHeaders: { 'X-Content-Type-Options': 'nosniff' },
  shopTimingAllowOrigin: 'every-cdn-file',
  shopImageCache: CACHE.image,
  keepAliveFormat: 'uuid',
  redirectorArrivalFrameOptions: true,
  redirectorHopHeaders: {},
  redirectorErrorsCss: 'as-served',
};

export const ALT_DEPLOYMENT: Deployment = {
  name: 'alt',
  defaultSection: 'content',
  traceHeader: 'x-trace-id',
  varyOnDynamic: false,
  homeFrameOptions: 'one-line',
  unusualMethods: 'same-as-get',
  sessionCookieName: 'AzureAppService_SessionId',
  siteName: 'Lessons Portal',
  appId: '0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d',
  assetHeaders: 'rfc9211',
  maintenanceRequestIdHeader: 'x-request-id',
  maintenanceServer: 'AzureBlobEdge/2.0',
  lessonPlanError: 'flat',
  notFoundPage: 'plain',
  shopCountry: 'GB',
  targetValues: { PRODUCT_HANDLE: 'flax-apron', REDIRECTOR_DIRECTORY: 'journal', BEACON_PATH: '/px.gif' },
  names: [
    ['/main.css', '/portal.css'],
    ['/main.js', '/portal.js'],
    ['/logo.png', '/brand-mark.png'],
    ['/spacer.gif', '/blank.gif'],
    ['/bullet.gif', '/dot.gif'],
    ['/arrow-right.svg', '/chevron.svg'],
    ['/hero-illustration.svg', '/hero.svg'],
    ['/pattern.png', '/texture.png'],
    ['/subject-badge.png', '/badge.png'],
    ['lessons-icons', 'portal-glyphs'],
    ['Project/Lessons', 'Sites/Portal'],
    ['/search.svg', '/find.svg'],
    ['/math.svg', '/maths.svg'],
    ['29f73bb7676c0fc09cd4b89472fe52d4', '5d0e1c2b3a4f59687766554433221100'],
    ['43b14fb918c28f96ab445eb0bf3f4b49', '0f1e2d3c4b5a69788796a5b4c3d2e1f0'],
    ['9c0d2e7a51f34b6880e1d4c3a7b25f96', 'a1b2c3d4e5f60718293a4b5c6d7e8f90'],
    ['b3ae98586ca3f7f0f9ea7fb2b6bc4ef1', 'c0ffee00c0ffee00c0ffee00c0ffee00'],
    ['e2b7f0a4c39d4d18b6a5f07c1e8d3b42', '1234567890abcdef1234567890abcdef'],
    ['137296035934', '149911223344'],
    ['shopifycloud/storefront', 'platform-cdn/v2'],
    ['lessons_sans', 'portal_serif'],
    ['linen-apron', 'flax-apron'],
    ['walnut-serving-board', 'oak-serving-board'],
    ['ceramic-pour-over', 'stoneware-dripper'],
    ['/assets/base.css', '/assets/theme.css'],
    ['/assets/global.js', '/assets/theme.js'],
    ['/t.gif', '/px.gif'],
  ],
  fontSecret: 'alt-deployment-font-signing-key',
  redirectorDirectories: 'own',
  redirectorHops: ['relay.redirect.test', 'landing.redirect.test'],
  redirectorEdge: { server: 'AkamaiGHost', rayHeader: 'X-Akamai-Request-ID', ray: akamaiRequestId },
  shopHsts: 'max-age=63072000; includeSubDomains; preload',
  cookieYears: { analyticsTenYearsDays: 3653, shopYearDays: 365.25 },
  shopCookieLifetimes: 'max-age',
  mediaFieldSpelling: 'edge',
  affinityHex: 'upper',
  expiredAs: 'epoch',
  textCharset: 'utf-8',
  fontFaces: 'inline-style',
  h3: { portOffset: 2, maxAgeSeconds: 3600 },
  siteCsp: 'portal',
  siteFavicon: 'portal',
  redirectBodies: 'plain',
  shopEdgeHeaders: { 'X-Download-Options': 'noopen', 'Cross-Origin-Resource-Policy': 'cross-origin' },
  shopTimingAllowOrigin: 'theme-assets',
  shopImageCache: 'public, max-age=31536000',
  shopCanonicalOrigin: 'https://cdn.portal-origin.test',
  keepAliveFormat: 'hex',
  redirectorArrivalFrameOptions: false,
  redirectorHopHeaders: { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' },
  redirectorErrorsCss: 'minified',
};

/** The host names a deployment serves, role by role: the reference's, with its own favicon-chain hops. */
export function roleNames(d: Deployment): Readonly<Record<Role, readonly string[]>> {
  return { ...ROLE_NAMES, redirector: [ROLE_NAMES.redirector[0], ...d.redirectorHops] };
}

export const DEPLOYMENTS: Readonly<Record<Deployment['name'], Deployment>> = { reference: REFERENCE_DEPLOYMENT, alt: ALT_DEPLOYMENT };

export function deploymentByName(name: string): Deployment | undefined {
  return Object.prototype.hasOwnProperty.call(DEPLOYMENTS, name) ? DEPLOYMENTS[name as Deployment['name']] : undefined;
}

/**
 * Every name some deployment serves, role by role: the PKI issues its leaves for all of them, so
 * that deployments started side by side share one PKI cache (one root) and never reissue it.
 */
export function pkiNames(): Record<Role, string[]> {
  const out = {} as Record<Role, string[]>;
  for (const role of ROLES) out[role] = [...new Set(Object.values(DEPLOYMENTS).flatMap((d) => [...roleNames(d)[role]]))];
  return out;
}
