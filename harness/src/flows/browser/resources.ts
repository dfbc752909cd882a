/**
 * One sub-resource as the browser loaded it, as plain data, and its findings: answered at all,
 * status, then each expected header (content type, content coding, ...).
 */
import { aspectText, type Finding } from '../../core';
import { evaluateExchange } from '../../spec-model/evaluate';
import type { ObservedExchange } from '../../spec-model/observed';
import type { PlaceholderValues } from '../../spec-model/placeholders';
import type { ExchangeSpec } from '../../spec-model/types';
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

/** A resource's response header fields as lines: Playwright joins repeated field lines with a newline, and each is a line of its own. */
export function responseLines(r: ObservedResource): Array<[string, string]> {
  return Object.entries(r.responseHeaders).flatMap(([name, value]) => value.split('\n').map((v): [string, string] => [name, v]));
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
  if (!expectation) {
    const ok = r.status !== undefined && r.status >= 200 && r.status < 300;
    out.compare(`${label} status`, ok, '2xx', String(r.status), {
      source: 'capture',
      message: 'no spec exchange covers this resource: only its status is checked',
    });
    return;
  }
  out.push(...judgedAgainst(r, label, expectation, out, values));
  for (const [name, why] of Object.entries(expectation.notCompared)) {
    out.add(`${label} ${name}`, 'skip', '(not compared)', r.responseHeaders[name] ?? '(absent)', { message: why });
  }
}

/** What a verdict of the evaluator keeps as its message (why it was not compared); the others say where the expectation came from. */
const OWN_MESSAGE: ReadonlySet<Finding['verdict']> = new Set(['n/a', 'skip', 'error']);

/**
 * The resource's answer judged by the spec evaluator, as the raw replay's are (its exchange's level,
 * each matcher's provenance, level and premise): the status and the headers the browser compares,
 * each finding named by the resource (`<label> status`, `<label> content-type`).
 */
function judgedAgainst(r: ObservedResource, label: string, expectation: ResourceExpectation, out: FindingList, values: PlaceholderValues): Finding[] {
  const spec: ExchangeSpec = {
    id: label,
    title: label,
    clause: expectation.clause,
    source: expectation.source,
    ...(expectation.level ? { level: expectation.level } : {}),
    request: { path: new URL(r.url).pathname, method: r.method },
    expect: { status: expectation.status, headers: expectation.headers },
  };
  const lines = responseLines(r);
  const observed: ObservedExchange = {
    target: out.defaults.target ?? '',
    request: { method: r.method, url: r.url, headers: Object.entries(r.requestHeaders) },
    protocol: 'unknown',
    status: r.status ?? 0,
    lines,
    cookies: [],
    body: Buffer.alloc(0),
    timings: { startedAt: new Date(0).toISOString(), totalMs: 0 },
  };
  const note = `expectation of ${expectation.from}`;
  const findings = evaluateExchange(spec, observed, {
    role: expectation.role,
    placeholders: values,
    targetOrigin: out.defaults.targetOrigin,
    checks: [],
    idOf: (a) => `${label} ${a.kind === 'header' ? a.name : aspectText(a)}`,
  });
  // Named by the resource, judged as its own role's answer (the report's causes group by that role).
  return findings.map((f) => ({ ...(OWN_MESSAGE.has(f.verdict) ? f : { ...f, message: note }), role: expectation.role }));
}

/** `{base_url}/static/css/main.css`: the URL with its origin written as the role's placeholder, no query. */
export function resourceLabel(url: string, originPlaceholders: ReadonlyMap<string, string>): string {
  const u = new URL(url);
  const origin = originPlaceholders.get(u.origin) ?? u.origin;
  return `${origin}${u.pathname}`;
}
