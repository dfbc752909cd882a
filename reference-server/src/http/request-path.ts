export type ResolvedPath =
  /** `key`: the decoded path, lowercased (IIS and Sitecore match paths case-insensitively). */
  | { kind: 'ok'; key: string; query: string | undefined }
  /** A malformed percent-encoding: IIS answers 400. */
  | { kind: 'bad-request' }
  /** A path that cannot name an indexed file (dot segments, encoded separators, NUL, empty segments). */
  | { kind: 'not-found' };

function unsafeSegment(segment: string): boolean {
  return segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment);
}

/**
 * Maps a request target to a lookup key. Dot segments are refused instead of resolved: lookups
 * only ever consult in-memory indexes, so refusing them keeps one spelling per file and makes any
 * traversal attempt a plain 404.
 */
export function resolveRequestPath(url: string): ResolvedPath {
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? undefined : url.slice(q + 1);
  if (!rawPath.startsWith('/')) return { kind: 'bad-request' };
  if (rawPath === '/') return { kind: 'ok', key: '/', query };
  const decoded: string[] = [];
  for (const segment of rawPath.slice(1).split('/')) {
    try {
      decoded.push(decodeURIComponent(segment));
    } catch {
      return { kind: 'bad-request' };
    }
  }
  if (decoded.some(unsafeSegment)) return { kind: 'not-found' };
  return { kind: 'ok', key: `/${decoded.join('/')}`.toLowerCase(), query };
}
