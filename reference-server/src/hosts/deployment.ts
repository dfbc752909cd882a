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
  appId: 'cid-v1:0a9b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d',
  assetHeaders: 'rfc9211',
  maintenanceRequestIdHeader: 'x-request-id',
  maintenanceServer: 'AzureBlobEdge/2.0',
  lessonPlanError: 'flat',
  notFoundPage: 'plain',
  shopCountry: 'GB',
  targetValues: { PRODUCT_HANDLE: 'linen-apron', REDIRECTOR_DIRECTORY: 'blog', BEACON_PATH: '/t.gif' },
};

export const DEPLOYMENTS: Readonly<Record<Deployment['name'], Deployment>> = { reference: REFERENCE_DEPLOYMENT, alt: ALT_DEPLOYMENT };

export function deploymentByName(name: string): Deployment | undefined {
  return Object.prototype.hasOwnProperty.call(DEPLOYMENTS, name) ? DEPLOYMENTS[name as Deployment['name']] : undefined;
}
