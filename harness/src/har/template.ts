/**
 * Request paths: the concrete path a spec sends (placeholders, `{section}`, secrets redacted) and
 * the template that groups entries (`/{section}/css/<name>.css?lw=<v>`).
 */
import type { Placeholderizer } from './role-mapping';
import { isSecretParam, looksSecret } from './secrets';

export interface TemplatedPath {
  /** Path and query to send; secret values are replaced by `{secret:<param>}` (the user must supply them). */
  path: string;
  /** Grouping key and title of the exchange. */
  template: string;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function templateSegment(seg: string, isLast: boolean, depth: number): string {
  if (seg === '' || seg === '{section}' || seg === '{secret}') return seg === '{secret}' ? '<secret>' : seg;
  if (/^[0-9]+$/.test(seg)) return '<n>';
  if (/^[0-9a-fA-F]{16,}$/.test(seg) || /^\{?[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}\}?$/.test(seg)) return '<id>';
  if (isLast && depth >= 2) {
    const m = /^(.+)\.([A-Za-z0-9]{1,8})$/.exec(seg);
    if (m) return `<name>.${m[2]}`;
  }
  return seg;
}

export function templatePath(pathAndQuery: string, ph: Placeholderizer): TemplatedPath {
  const q = pathAndQuery.indexOf('?');
  const rawPath = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  const rawQuery = q < 0 ? undefined : pathAndQuery.slice(q + 1);
  const segments = ph
    .section(ph.apply(rawPath))
    .split('/')
    .map((seg) => (looksSecret(decode(seg)) ? '{secret}' : seg));
  const concreteParts: string[] = [];
  const templateParts: string[] = [];
  if (rawQuery !== undefined) {
    for (const part of rawQuery.split('&')) {
      const eq = part.indexOf('=');
      if (eq < 0) {
        const secret = looksSecret(decode(part));
        concreteParts.push(secret ? '{secret}' : ph.apply(part));
        templateParts.push(part === '' ? '' : '<v>');
        continue;
      }
      const name = part.slice(0, eq);
      const value = part.slice(eq + 1);
      const secret = isSecretParam(decode(name)) || looksSecret(decode(value));
      concreteParts.push(`${name}=${secret ? `{secret:${name}}` : ph.apply(value)}`);
      templateParts.push(`${name}=<v>`);
    }
  }
  const nonEmpty = segments.filter((s) => s !== '').length;
  const tSegments = segments.map((seg, i) => templateSegment(seg, i === segments.length - 1, nonEmpty));
  const query = (parts: string[]) => (rawQuery === undefined ? '' : `?${parts.join('&')}`);
  return { path: segments.join('/') + query(concreteParts), template: tSegments.join('/') + query(templateParts) };
}

/** `GET /{section}/css/<name>.css?lw=<v>` -> `get-section-css-name-css-lw`. */
export function slugOf(method: string, template: string): string {
  const t = template === '/' ? 'root' : template.replace(/<v>/g, '').replace(/[<>{}]/g, '');
  const slug = `${method}-${t}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.length > 80 ? slug.slice(0, 80).replace(/-+$/, '') : slug;
}
