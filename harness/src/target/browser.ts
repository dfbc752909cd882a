import type { TargetMap } from './target-map';

export interface BrowserLaunchData {
  /** Value for Chromium's --host-resolver-rules; '' when there is nothing to map. */
  hostResolverRules: string;
  /** Extra roots to install in the browser's trust store (an NSS database), one PEM each. */
  caPems: string[];
  /** The browser equivalent is Playwright's ignoreHTTPSErrors. */
  insecure: boolean;
}

function bracketed(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

/**
 * Chromium's MAP rules match "host:port" patterns and may rewrite the port, so each resolve entry
 * (both curl forms) becomes one rule and Chromium keeps the URL's name for SNI and Host.
 */
export function browserLaunchData(map: TargetMap): BrowserLaunchData {
  return {
    hostResolverRules: map.resolve
      .map((e) => `MAP ${e.host}:${e.port} ${bracketed(e.address)}:${e.connectPort}`)
      .join(', '),
    caPems: [...map.ca],
    insecure: map.insecure,
  };
}
