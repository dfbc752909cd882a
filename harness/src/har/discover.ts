/**
 * A captured file whose address is the deployment's own (its template has parts: `<name>`, `<n>`,
 * `<id>`) gets a `discover` block, so that a spec made from production traffic replays on
 * staging's own files: the page that linked it in the same HAR (found by scanning the captured
 * HTML and CSS, else by the request's Referer) is its source, the template its shape.
 */
import type { Selector } from '../discover/candidates';
import type { DiscoverSpec, ExchangeSpec } from '../spec-model/types';
import type { Group } from './derive-exchange';
import type { Observation } from './observation';
import type { Placeholderizer } from './role-mapping';

/** Everything a page may link a file with, when only the Referer tells which page it was. */
const ANY_LINK: Selector[] = ['link[href]', 'script[src]', 'img[src]', 'img[srcset]', 'source[src]', 'source[srcset]', 'css'];

/**
 * Every kind of reference that can load what a file is: a deployment may declare its fonts in an
 * inline `<style>` where the capture's linked a preload, or give an image as `srcset`. The kind the
 * capture showed is always among them.
 */
const KINDS_BY_TYPE: ReadonlyArray<[RegExp, Selector[]]> = [
  [/\.(woff2?|ttf|otf|eot)$/i, ['font-face', 'css', 'link[rel=preload]', 'link[href]']],
  [/\.(png|gif|svg|jpe?g|webp|avif|ico)$/i, ['img[src]', 'img[srcset]', 'source[src]', 'source[srcset]', 'css', 'link[rel=icon]', 'link[rel=preload]', 'link[href]']],
  [/\.css$/i, ['link[href]', 'css', 'link[rel=preload]']],
  [/\.js$/i, ['script[src]', 'link[rel=preload]', 'link[href]']],
];

export function kindsOf(template: string, via: Selector): Selector[] {
  const path = template.split('?')[0];
  const kinds = KINDS_BY_TYPE.find(([re]) => re.test(path))?.[1] ?? [];
  return kinds.includes(via) ? kinds : [via, ...kinds];
}

/** The description's path shapes, recognised on a captured path (the query is left to the page). */
const SHAPES: ReadonlyArray<[RegExp, string]> = [
  [/^\/\{section\}\/(css|js|img|fonts)\/[^/]+\.(\w+)$/, '/{section}/$1/{name}.$2'],
  [/^\/-\/media\/.+\/[^/]+\.svg$/i, '/-/media/{folder*}/{file}.svg'],
  [/^\/cdn\/shop\/t\/[^/]+\/assets\/[^/]+\.(css|js)$/, '/cdn/shop/t/{theme}/assets/{file}.$1'],
  [/^\/cdn\/shop\/t\/[^/]+\/compiled_assets\/scripts\.js$/, '/cdn/shop/t/{theme}/compiled_assets/scripts.js'],
  [/^\/cdn\/.+\/assets\/storefront\/features-[0-9a-f]{64}\.js$/, '/cdn/{platform*}/assets/storefront/features-{hash}.js'],
  [/^\/cdn\/fonts\/[^/]+\/[^/]+\.woff2$/, '/cdn/fonts/{family}/{file}.woff2'],
  [/^\/cdn\/shop\/files\/[^/]+\.png$/, '/cdn/shop/files/{name}.png'],
];

/**
 * The shape to look for: the description's, where the captured path has one; otherwise the
 * grouping template with its parts named (`/layouts/<name>.js` -> `/layouts/{name}.js`); none for
 * an address without parts (a fixed path is replayed as captured).
 */
export function describedShape(capturedPath: string): string | undefined {
  const captured = capturedPath.split('?')[0];
  for (const [re, shape] of SHAPES) if (re.test(captured)) return captured.replace(re, shape);
  return undefined;
}

export function discoverTemplate(template: string, capturedPath = ''): string | undefined {
  const described = describedShape(capturedPath);
  if (described) return described;
  const path = template.split('?')[0];
  if (!/<(name|n|id|secret)>/.test(path)) return undefined;
  const used = new Map<string, number>();
  return path.replace(/<(name|n|id|secret)>/g, (_m, kind: string) => {
    const n = (used.get(kind) ?? 0) + 1;
    used.set(kind, n);
    return `{${kind}${n > 1 ? n : ''}}`;
  });
}

export interface LinkIndex {
  /** Where each address was linked first: the page's URL and how. */
  linked: Map<string, { page: string; via: Selector }>;
  /** Pages whose text the capture holds: what they do not link, their scripts built. */
  read: Set<string>;
}

/** `keyOf` makes addresses of several captures comparable (their ports and host names differ): under the mapping of the observation's capture. */
export function linkIndex(observations: Iterable<Observation>, keyOf: (o: Observation, url: string) => string): LinkIndex {
  const out: LinkIndex = { linked: new Map(), read: new Set() };
  for (const o of observations) {
    if (o.links) out.read.add(keyOf(o, o.url));
    for (const l of o.links ?? []) if (!out.linked.has(keyOf(o, l.url))) out.linked.set(keyOf(o, l.url), { page: o.url, via: l.via });
  }
  return out;
}

/** An address with its percent-escapes undone, to compare addresses that escape differently (a page's link and the request for it). */
export function unescapedUrl(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/**
 * Where the replay finds the group's address on another deployment: the page that linked it in
 * the capture, when its address has parts and the page is in the HAR. `pageIds` names the exchange
 * derived from a page (its URL with placeholders), when there is one; `ownId` is the group's.
 */
export function discoverFor(g: Group, rep: Observation, links: LinkIndex, pageIds: Map<string, string>, ph: Placeholderizer, ownId: string): DiscoverSpec | undefined {
  const pageKey = (href: string) => unescapedUrl(ph.section(ph.apply(href)));
  if (g.method !== 'GET' || g.secondaryHost) return undefined;
  const template = discoverTemplate(g.template, rep.path);
  if (!template) return undefined;
  const linked = links.linked.get(pageKey(rep.url));
  // The Referer names the page when the capture lacks its text; a page it holds that does not
  // link the file built its address in script: nothing to discover from markup.
  // A Referer alone is trusted only for the description's shapes (a script may build the rest).
  const byReferer = rep.referer && !links.read.has(pageKey(rep.referer)) && describedShape(rep.path) ? rep.referer : undefined;
  const page = linked?.page ?? byReferer;
  if (!page) return undefined;
  let pageUrl: URL;
  try {
    pageUrl = new URL(page);
  } catch {
    return undefined;
  }
  // An exchange of the same file names the page (each derived file loads on its own); another role's page by its address.
  const known = pageIds.get(pageKey(pageUrl.href));
  const id = known?.startsWith(`${g.role}/`) ? known : undefined;
  if (id === ownId) return undefined;
  const from = id ?? pageKey(pageUrl.href);
  // A page on no mapped host, or on a role's secondary name, cannot be asked for on the target.
  if (!id && !/^\{[a-z]+_url\}/.test(from)) return undefined;
  // A bare path: on the exchange's own role, wherever the page is.
  return { from, select: linked ? kindsOf(template, linked.via) : ANY_LINK, template };
}

/** The exchange asked on the address `discover` finds. */
export function withDiscover(ex: ExchangeSpec, discover: DiscoverSpec): ExchangeSpec {
  return {
    id: ex.id,
    title: ex.title,
    clause: `${ex.clause}; address discovered on the page that linked it in the capture`,
    source: ex.source,
    ...(ex.level ? { level: ex.level } : {}),
    request: { ...ex.request, path: '{{found}}' },
    discover,
    expect: ex.expect,
    ...(ex.checks ? { checks: ex.checks } : {}),
    ...(ex.checkLevels ? { checkLevels: ex.checkLevels } : {}),
  };
}

/**
 * What a discovered address gives its step on another deployment, as the captured text each
 * stands for: the whole address ({{found}}), without its query ({{found_path}}), and the named
 * parts of its template of three characters or more ({{file}}), longest first.
 */
export function foundTexts(rep: Observation, template: string, ph: Placeholderizer, section: string): { found: Array<[string, string]>; parts: Array<[string, string]> } {
  const url = new URL(rep.url);
  const found: Array<[string, string]> = [
    [ph.apply(url.href), '{{found}}'],
    [ph.apply(`${url.origin}${url.pathname}`), '{{found_path}}'],
  ];
  const names: string[] = [];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = template
    .replace(/^\{[a-z]+_url\}/, '')
    .split('?')[0]
    .split(/(\{[A-Za-z_][A-Za-z0-9_]*\*?\})/)
    .map((part) => {
      const m = /^\{([A-Za-z_][A-Za-z0-9_]*)(\*?)\}$/.exec(part);
      if (!m) return escape(part);
      if (m[1] === 'section') return escape(section);
      names.push(m[1]);
      return m[2] ? '(.+?)' : '([^/?#]+)';
    })
    .join('');
  const match = new RegExp(`^${source}$`).exec(url.pathname);
  const parts: Array<[string, string]> = [];
  if (match) names.forEach((n, i) => match[i + 1] && match[i + 1].length >= 3 && parts.push([decodeURIComponent(match[i + 1]), `{{${n}}}`]));
  const longest = (a: [string, string], b: [string, string]) => b[0].length - a[0].length;
  return { found: found.sort(longest), parts: parts.sort(longest) };
}

/** Deployment choices no page links, as the target values a user gives (`{value:NAME}`). */
const VALUE_SHAPES: ReadonlyArray<{ role: string; re: RegExp; path: (m: RegExpExecArray) => string }> = [
  { role: 'shop', re: /^\/products\/[^/?]+(\?.*)?$/, path: (m) => `/products/{value:PRODUCT_HANDLE}${m[1] ?? ''}` },
  { role: 'redirector', re: /^\/[^/?]+\/(\?.*)?$/, path: (m) => `/{value:REDIRECTOR_DIRECTORY}/${m[1] ?? ''}` },
  { role: 'analytics', re: /^\/[^?]+(\?a=[^&]*&b=.*)$/, path: (m) => `{value:BEACON_PATH}${m[1]}` },
];

/** The exchange's path with the deployment's own handle, directory or beacon path as a target value. */
export function withValues(ex: ExchangeSpec, g: Group): ExchangeSpec {
  if (g.secondaryHost || ex.discover) return ex;
  for (const shape of VALUE_SHAPES) {
    const m = shape.role === g.role ? shape.re.exec(ex.request.path) : null;
    if (m) return { ...ex, request: { ...ex.request, path: shape.path(m) } };
  }
  return ex;
}
