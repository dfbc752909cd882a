/**
 * Finds the address a deployment uses for a path shape of the description by reading what a
 * browser reads for a document the target serves (its home page, its product page, a
 * stylesheet): the document itself (elements, `<style>` elements, `style` attributes, `Link`
 * fields) and the stylesheets it loads (`<link rel=stylesheet>`) with what they `@import`, each
 * asked for once per run. The replay then asks for that address instead of a captured one.
 */
import { signedValues, type SecretValue } from '../core';
import { candidatesOf, selects, type Candidate, type Selector, type SourceAnswer, type Via } from './candidates';
import { compileTemplate, matchTemplate, type CompiledTemplate, type TemplateMatch } from './template';

export interface SourceRequest {
  url: string;
  headers: Record<string, string>;
}

/** A source page as fetched: status and the addresses it offers (or why there are none). */
export interface SourcePage {
  url: string;
  status?: number;
  candidates: Candidate[];
  /** The page could not be read: no response, or a body that would not decode. */
  problem?: string;
  /**
   * A browser loaded the page and its requests are among the candidates (`network`), or why it
   * could not; absent when no browser loaded it in this run.
   */
  requests?: { problem?: string };
}

export type SourceFetch = (req: SourceRequest) => Promise<SourceAnswer & { status: number }>;

export interface DiscoverRule {
  select: readonly Selector[];
  template: string;
  pick?: 'first' | 'last';
}

/** One source read for a document, and how the document reaches it. */
export interface LookedAt {
  url: string;
  /** `the page`, `stylesheet linked by <url>`, `@import of <url>`. */
  how: string;
  /** Why nothing was taken from it: `answered 404`, `could not be read: ...`, `not read: ...`. */
  problem?: string;
}

export interface Discovered {
  kind: 'found';
  /** The address to ask for, absolute. */
  url: string;
  /** The page or stylesheet it was read from, and where on it. */
  from: string;
  via: Via;
  /** The document whose sources were read (the page the spec names, or the page that led to it). */
  document: string;
  template: string;
  /** The target-chosen parts of the address, by the template's names. */
  parts: Record<string, string>;
  /** Target values the page contradicts: the page's address is used, the value is warned about. */
  disagreements: Array<{ name: string; value: string; found: string }>;
}

export interface DiscoverMiss {
  kind: 'miss';
  template: string;
  from: string;
  /** What went wrong, in words: "links nothing of the shape", "answered 404"... */
  problem: string;
  /** The first few addresses the sources did link (of the selected kinds), and how many there were. */
  linked: string[];
  linkedCount: number;
  /** Every source read for the document, in order: the page, then its stylesheets and imports. */
  sources: LookedAt[];
  /** No answer at all (a run error), rather than an answer without the address (a failure). */
  unreachable?: boolean;
}

export interface FindOptions {
  /** Why a linked stylesheet is not read (default: every one is); the replay reads only the target map's origins. */
  refused?: (url: URL) => string | undefined;
  /**
   * A wider document to look in when the source itself links nothing of the shape: a stylesheet's
   * spec names the page that linked it, and the fonts may be declared inline on that page.
   */
  widen?: SourceRequest;
}

export const SHOWN_LINKS = 5;

/** The signed query values (`hmac=`, `token=`) of every address a miss names, for its finding to declare. */
export function missSecrets(miss: DiscoverMiss): SecretValue[] {
  return signedValues([miss.from, ...miss.linked, ...miss.sources.map((s) => s.url)]);
}
/** A document's stylesheets read at most, and how deep `@import`s are followed: a hostile target cannot make a run read without end. */
export const MAX_STYLESHEETS = 32;
export const MAX_IMPORT_DEPTH = 5;

const VALUE_TOKEN = /\{value:([A-Za-z_][A-Za-z0-9_]*)\}/g;
const STYLESHEET_ACCEPT = 'text/css,*/*;q=0.1';

interface Offered extends Candidate {
  /** The page or stylesheet it was read from. */
  source: string;
}

export class Discovery {
  private readonly pages = new Map<string, Promise<SourcePage>>();
  /** Source pages requested so far (each at most once). */
  requests = 0;

  constructor(private readonly fetchSource: SourceFetch) {}

  /** The page at this address, fetched once for the life of this object. */
  page(req: SourceRequest): Promise<SourcePage> {
    let p = this.pages.get(req.url);
    if (!p) {
      this.requests++;
      p = this.fetchSource(req).then(
        (answer) => ({ url: req.url, status: answer.status, candidates: answer.status >= 200 && answer.status < 300 ? candidatesOf(answer) : [] }),
        (e: unknown) => ({ url: req.url, candidates: [], problem: (e as Error).message }),
      );
      this.pages.set(req.url, p);
    }
    return p;
  }

  /** Pages fetched so far, settled, for the report and for sharing with other processes. */
  async fetched(): Promise<SourcePage[]> {
    return Promise.all(this.pages.values());
  }

  /** Seeds a page read elsewhere (by the run's set-up): it is not fetched again. */
  seed(page: SourcePage): void {
    this.pages.set(page.url, Promise.resolve(page));
  }

  /** What a browser requested while loading a page read here (its `network` candidates), or why it could not load it. */
  async addRequests(url: string, outcome: { requested: Candidate[] } | { problem: string }): Promise<void> {
    const page = await this.pages.get(url);
    if (!page) return;
    const next: SourcePage =
      'problem' in outcome
        ? { ...page, requests: { problem: outcome.problem } }
        : { ...page, candidates: [...page.candidates, ...outcome.requested], requests: {} };
    this.pages.set(url, Promise.resolve(next));
  }

  /**
   * The sources a browser reads for the document at `source`: the document, then the stylesheets
   * it loads and their imports, breadth first, each once. `seen` spans several documents of one search.
   */
  private async document(
    source: SourceRequest,
    refused: (url: URL) => string | undefined,
    seen: Set<string>,
  ): Promise<{ root: SourcePage; looked: LookedAt[]; offered: Offered[] }> {
    const root = await this.page(source);
    seen.add(source.url);
    const looked: LookedAt[] = [{ url: source.url, how: 'the page', ...(problemOf(root) ? { problem: problemOf(root) } : {}) }];
    const offered: Offered[] = root.candidates.map((c) => Object.assign({}, c, { source: source.url }));
    let level: SourcePage[] = [root];
    let read = 0;
    for (let depth = 0; depth < MAX_IMPORT_DEPTH && level.length; depth++) {
      const next: SourcePage[] = [];
      for (const from of level) {
        for (const c of from.candidates) {
          if (c.loads !== 'stylesheet') continue;
          const url = withoutFragment(c.url);
          if (seen.has(url)) continue;
          seen.add(url);
          const how = c.via === 'link[href]' ? `stylesheet linked by ${from.url}` : `@import of ${from.url}`;
          const refusal = /^https?:$/.test(c.url.protocol) ? refused(c.url) : `has scheme ${c.url.protocol.slice(0, -1)}`;
          if (refusal) {
            looked.push({ url, how, problem: `not read: ${refusal}` });
            continue;
          }
          if (read >= MAX_STYLESHEETS) {
            looked.push({ url, how, problem: `not read: the first ${MAX_STYLESHEETS} stylesheets were` });
            continue;
          }
          read++;
          const sheet = await this.page({ url, headers: { ...source.headers, accept: STYLESHEET_ACCEPT } });
          looked.push({ url, how, ...(problemOf(sheet) ? { problem: problemOf(sheet) } : {}) });
          offered.push(...sheet.candidates.map((s) => Object.assign({}, s, { source: url })));
          next.push(sheet);
        }
      }
      level = next;
    }
    return { root, looked, offered };
  }

  /**
   * The address of the rule's shape among the document's sources. `values` is the run's
   * placeholder table; `roleOrigin` the origin a bare-path template is on.
   */
  async find(
    source: SourceRequest,
    rule: DiscoverRule,
    values: Readonly<Record<string, string>>,
    roleOrigin: string,
    options: FindOptions = {},
  ): Promise<Discovered | DiscoverMiss> {
    const refused = options.refused ?? (() => undefined);
    const seen = new Set<string>();
    const { root, looked, offered: all } = await this.document(source, refused, seen);
    let offered = all.filter((c) => selects(rule.select, c));
    const miss = (problem: string, unreachable = false): DiscoverMiss => {
      const linked = [...new Set(offered.map((c) => c.url.href))];
      return {
        kind: 'miss',
        template: rule.template,
        from: source.url,
        problem,
        linked: linked.slice(0, SHOWN_LINKS),
        linkedCount: linked.length,
        sources: looked,
        ...(unreachable ? { unreachable } : {}),
      };
    };
    if (rule.select.includes('network'))
      looked.splice(1, 0, {
        url: source.url,
        how: "the browser's requests for the page",
        ...(root.requests ? (root.requests.problem ? { problem: root.requests.problem } : {}) : { problem: 'not read: no browser loaded it in this run' }),
      });
    if (root.problem) return miss(`could not be read: ${root.problem}`, true);
    if (root.status !== undefined && (root.status < 200 || root.status > 299)) return miss(`answered ${root.status}`);
    let found = this.match(offered, rule, values, roleOrigin);
    if (!found && options.widen && options.widen.url !== source.url) {
      const wider = await this.document(options.widen, refused, seen);
      looked.push(...wider.looked.map((l) => (l.how === 'the page' ? { ...l, how: `the page that linked ${source.url}` } : l)));
      offered = [...offered, ...wider.offered.filter((c) => selects(rule.select, c))];
      found = this.match(offered, rule, values, roleOrigin);
    }
    if (!found) return miss(offered.length ? 'links nothing of the shape' : `links no address of the selected kinds (${rule.select.join(', ')})`);
    const { match, disagreements } = found;
    return {
      kind: 'found',
      url: match.url.href,
      from: match.source,
      via: match.via,
      document: source.url,
      template: rule.template,
      parts: match.parts,
      disagreements,
    };
  }

  private match(
    offered: readonly Offered[],
    rule: DiscoverRule,
    values: Readonly<Record<string, string>>,
    roleOrigin: string,
  ): { match: TemplateMatch & Offered; disagreements: Discovered['disagreements'] } | undefined {
    const exact = pick(offered, compileTemplate(rule.template, values, roleOrigin), rule.pick);
    if (exact) return { match: exact, disagreements: [] };
    // A target value the page contradicts: the page is what the target serves.
    const set = [...rule.template.matchAll(VALUE_TOKEN)].map((m) => m[1]).filter((n) => values[`{value:${n}}`] !== undefined);
    if (!set.length) return undefined;
    const open = { ...values };
    for (const n of set) delete open[`{value:${n}}`];
    const found = pick(offered, compileTemplate(rule.template, open, roleOrigin), rule.pick);
    if (!found) return undefined;
    const disagreements = set
      .filter((n) => found.parts[n] !== values[`{value:${n}}`])
      .map((n) => ({ name: n, value: values[`{value:${n}}`], found: found.parts[n] }));
    return { match: found, disagreements };
  }
}

function problemOf(page: SourcePage): string | undefined {
  if (page.problem) return `could not be read: ${page.problem}`;
  if (page.status !== undefined && (page.status < 200 || page.status > 299)) return `answered ${page.status}`;
  return undefined;
}

function withoutFragment(url: URL): string {
  const u = new URL(url.href);
  u.hash = '';
  return u.href;
}

function pick(offered: readonly Offered[], t: CompiledTemplate, which: DiscoverRule['pick']): (TemplateMatch & Offered) | undefined {
  const matches: Array<TemplateMatch & Offered> = [];
  for (const c of offered) {
    const m = matchTemplate(t, c.url);
    if (m) matches.push(Object.assign({}, c, m));
  }
  return which === 'last' ? matches[matches.length - 1] : matches[0];
}

/** The miss in one sentence, for a finding's `actual`: what went wrong, what was linked, every source looked at. */
export function describeMiss(m: DiscoverMiss): string {
  const shown = m.linked.length
    ? `; it links ${m.linked.join(', ')}${m.linkedCount > m.linked.length ? ` and ${m.linkedCount - m.linked.length} more` : ''}`
    : '';
  const sources = m.sources.map((l) => `${l.url} (${l.how}${l.problem ? `: ${l.problem}` : ''})`).join(', ');
  return `${m.from} ${m.problem}${shown}; looked at ${sources}`;
}
