/**
 * One sub-resource as the browser loaded it, as plain data, and its findings: answered at all,
 * status, then each expected header (content type, content coding, ...).
 */
import { compileMatcher, matcherMeta, MatcherSpecError } from '../../spec-model/matchers';
import type { PlaceholderValues } from '../../spec-model/placeholders';
import type { ResourceExpectation } from './expectations';
import type { FindingList } from './findings';

export interface ObservedResource {
  url: string;
  method: string;
  /** Playwright's resource type: document, stylesheet, script, image, font, xhr, fetch, ... */
  resourceType: string;
  requestHeaders: Record<string, string>;
  /** Undefined when no response arrived. */
  status?: number;
  responseHeaders: Record<string, string>;
  /** Chromium's error text when the request failed (`net::ERR_...`). */
  failure?: string;
  /** The URL this response redirected to (a hop of a redirect chain). */
  redirectedTo?: string;
  /** Still waiting for its answer when observed. */
  pending?: boolean;
}

/**
 * Chromium ends a fetch whose response has no body (content-length 0, 204) with net::ERR_ABORTED
 * although the page's fetch resolves normally (microsoft/playwright#32752). Such a request has its
 * response; it is reported as info and its status and headers are still checked.
 */
export function isBodylessAbort(r: ObservedResource): boolean {
  return r.failure === 'net::ERR_ABORTED' && r.status !== undefined && r.status < 400 && (r.status === 204 || r.responseHeaders['content-length'] === '0');
}

export function evaluateResource(
  r: ObservedResource,
  label: string,
  expectation: ResourceExpectation | undefined,
  out: FindingList,
  values: PlaceholderValues,
): void {
  if (r.pending) {
    out.compare(`${label} answer`, false, 'an answer before the page settles', `no answer (still pending)`, { message: `${r.method} ${r.url} hangs` });
    return;
  }
  if (r.failure !== undefined) {
    if (r.status === undefined) {
      out.compare(`${label} answer`, false, 'an HTTP response', r.failure, { message: `${r.method} ${r.url} failed: ${r.failure}` });
      return;
    }
    if (isBodylessAbort(r)) {
      out.add(`${label} answer`, 'info', 'an HTTP response', `${r.status} with an empty body, then ${r.failure}`, {
        message:
          'Chromium ends responses without a body with net::ERR_ABORTED although the page receives them (microsoft/playwright#32752); status and headers are checked below',
      });
    } else {
      out.compare(`${label} answer`, false, 'a complete response', `${r.status}, then ${r.failure}`, {
        message: `${r.method} ${r.url}: the body did not arrive whole`,
      });
    }
  }
  const status = String(r.status);
  const extra = (source?: string, clause?: string) => ({
    ...(source ? { source: source as 'capture' | 'rfc' | 'reference' } : {}),
    ...(clause ? { clause } : {}),
  });
  if (!expectation) {
    const ok = r.status !== undefined && r.status >= 200 && r.status < 300;
    out.compare(`${label} status`, ok, '2xx', status, { source: 'capture', message: 'no spec exchange covers this resource: only its status is checked' });
    return;
  }
  const note = `expectation of ${expectation.from}`;
  const run = (aspect: string, spec: Parameters<typeof compileMatcher>[0], actual: string | undefined) => {
    const meta = matcherMeta(spec);
    try {
      const r2 = compileMatcher(spec)(actual, { placeholders: values });
      out.compare(`${label} ${aspect}`, r2.ok, r2.expected, r2.actual, {
        ...extra(meta.source ?? expectation.source, meta.clause ?? expectation.clause),
        ...(meta.level ? { level: meta.level } : {}),
        ...(r2.shape ? { shape: r2.shape } : {}),
        message: note,
      });
    } catch (e) {
      if (e instanceof MatcherSpecError) out.add(`${label} ${aspect}`, 'error', '(invalid matcher)', '(not compared)', { message: e.message });
      else throw e;
    }
  };
  run('status', expectation.status, status);
  // Playwright joins repeated field lines with a newline; RFC 9110 §5.3 combines them with a comma.
  for (const [name, spec] of Object.entries(expectation.headers)) run(name, spec, r.responseHeaders[name]?.replace(/\n/g, ', '));
  for (const [name, why] of Object.entries(expectation.notCompared)) {
    out.add(`${label} ${name}`, 'skip', '(not compared)', r.responseHeaders[name] ?? '(absent)', { message: why });
  }
}

/** `{base_url}/static/css/main.css`: the URL with its origin written as the role's placeholder, no query. */
export function resourceLabel(url: string, originPlaceholders: ReadonlyMap<string, string>): string {
  const u = new URL(url);
  const origin = originPlaceholders.get(u.origin) ?? u.origin;
  return `${origin}${u.pathname}`;
}
