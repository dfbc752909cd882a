/** The addresses of `Link` response fields (RFC 8288), read with http-link-header. */
import LinkHeader from 'http-link-header';

export interface HeaderLink {
  rel?: string;
  url: URL;
}

/** Every field line on its own: one malformed line does not hide the others. */
export function headerLinks(lines: readonly string[], base: string): HeaderLink[] {
  const out: HeaderLink[] = [];
  for (const line of lines) {
    let refs: Array<{ uri: string; rel?: string }>;
    try {
      refs = LinkHeader.parse(line).refs;
    } catch {
      continue;
    }
    for (const ref of refs) {
      try {
        out.push({ ...(ref.rel ? { rel: ref.rel.toLowerCase() } : {}), url: new URL(ref.uri, base) });
      } catch {
        /* not a URL */
      }
    }
  }
  return out;
}
