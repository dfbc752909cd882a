import { TargetConfigError } from './errors';
import { acceptsSeveralUrls, type Role } from './roles';

const EXPECTED = '(expected https://host[:port])';

/** Where a value came from, so every error names the variable (and the pointer for TARGETS_FILE). */
export interface ValueSource {
  variable: string;
  pointer?: string;
}

function fail(src: ValueSource, value: string, reason: string): never {
  throw new TargetConfigError(src.variable, value, reason, src.pointer);
}

/**
 * A role's base URL: scheme, host and port only. Spec paths are absolute, so a path prefix would
 * be silently dropped or doubled; credentials would leak into reports and reproduction commands.
 */
export function parseBaseUrl(value: string, src: ValueSource): URL {
  if (/^(["'`]).*\1$/s.test(value) && value.length >= 2)
    fail(src, value, `is written in quotes, which would become part of the value: give it without them ${EXPECTED}`);
  // The WHATWG parser would read "www.x.test:8443" as scheme "www.x.test:", so insist on "://".
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value)) {
    fail(src, value, `is not an absolute URL with a scheme ${EXPECTED}`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(src, value, `is not a valid URL ${EXPECTED}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    fail(src, value, `has scheme ${url.protocol.slice(0, -1)}; only http and https are supported ${EXPECTED}`);
  }
  // Checked on the raw text: "https://@h" and "https://h/?" parse to an empty username / search.
  if (/^[^:]+:\/\/[^/?#]*@/.test(value)) {
    fail(src, value, `must not carry credentials ${EXPECTED}`);
  }
  if (/[?#]/.test(value)) {
    fail(src, value, `must not have a query or fragment ${EXPECTED}`);
  }
  if (url.pathname !== '/') {
    fail(src, value, `must not have a path (found ${url.pathname}) ${EXPECTED}`);
  }
  return url;
}

/**
 * A role's URL(s) from one comma-separated variable value or one JSON array; `fromArray` makes
 * errors point at the array item rather than the whole list.
 */
export function parseRoleUrls(role: Role, values: string[], src: ValueSource, fromArray = false): URL[] {
  if (values.length === 0) {
    fail(src, '', 'holds no URL');
  }
  if (values.length > 1 && !acceptsSeveralUrls(role)) {
    fail(src, values.join(','), `gives several URLs, but the ${role} role takes one ` + `(only the ocsp and redirector roles accept a list)`);
  }
  return values.map((v, i) => {
    const item = v.trim();
    const itemSrc = fromArray && src.pointer !== undefined ? { ...src, pointer: `${src.pointer}/${i}` } : src;
    if (item === '') fail(itemSrc, fromArray ? v : values.join(','), 'is an empty URL');
    return parseBaseUrl(item, itemSrc);
  });
}
