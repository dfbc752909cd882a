/**
 * Why a navigation (or a wait) did not end well, in the words of a finding: a certificate the
 * browser does not trust, a redirect loop, a page that never finishes loading are failures of the
 * target; a target that cannot be reached at all is an error of the run.
 */
export interface NavigationProblem {
  /** Whose failure: the target's (a miss of must), or the run's (it could not reach the target at all). */
  kind: 'target' | 'run';
  expected: string;
  actual: string;
  message: string;
}

const UNREACHABLE = /net::ERR_(CONNECTION_REFUSED|NAME_NOT_RESOLVED|ADDRESS_UNREACHABLE|INTERNET_DISCONNECTED|NAME_RESOLUTION_FAILED|CONNECTION_TIMED_OUT)/;

export function classifyNavigationError(error: string, url: string, timeoutMs: number, waitFor = 'load'): NavigationProblem {
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  const first = error.split('\n')[0];
  const cert = /net::ERR_CERT_[A-Z_]+/.exec(error);
  if (cert) {
    return {
      kind: 'target',
      expected: `a certificate the browser trusts for ${host}`,
      actual: cert[0],
      message: `${url}: Chromium refused the certificate (${cert[0]}); the roots it trusts are the system's plus TARGET_CA`,
    };
  }
  if (/net::ERR_BLOCKED_BY_CLIENT/.test(error)) {
    return {
      kind: 'target',
      expected: 'a page on the target map, its redirects included',
      actual: 'a navigation or redirect hop off the target map (refused, never sent)',
      message: `${url}: the harness's browser is sent nowhere off the target map, nor to a link-local or metadata address (the redirect flows name the Location)`,
    };
  }
  if (/net::ERR_TOO_MANY_REDIRECTS/.test(error)) {
    return {
      kind: 'target',
      expected: 'a redirect chain that ends on a page',
      actual: 'net::ERR_TOO_MANY_REDIRECTS',
      message: `${url}: the browser gave up after more than 20 redirects (a redirect loop)`,
    };
  }
  if (/net::ERR_SSL_|net::ERR_BAD_SSL/.test(error)) {
    const code = /net::ERR_[A-Z_]+/.exec(error)?.[0] ?? first;
    return { kind: 'target', expected: `a TLS handshake with ${host}`, actual: code, message: `${url}: ${first}` };
  }
  if (/Timeout \d+ms exceeded|TimeoutError/.test(error)) {
    const s = Math.round(timeoutMs / 100) / 10;
    return {
      kind: 'target',
      expected: `the "${waitFor}" event within ${s} s`,
      actual: `no "${waitFor}" event after ${s} s`,
      message: `${url}: the page never finished loading`,
    };
  }
  const unreachable = UNREACHABLE.exec(error);
  if (unreachable) {
    return {
      kind: 'run',
      expected: `a connection to ${host}`,
      actual: unreachable[0],
      message: `${url}: the target cannot be reached; check TARGET_* and TARGET_RESOLVE`,
    };
  }
  const code = /net::ERR_[A-Z_0-9]+/.exec(error);
  if (code) return { kind: 'target', expected: `a response from ${host}`, actual: code[0], message: `${url}: ${first}` };
  return { kind: 'run', expected: `navigation to ${url}`, actual: first, message: error.slice(0, 500) };
}
