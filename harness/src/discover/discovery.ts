/**
 * Finds the address a deployment uses for a path shape of the description by reading a page the
 * target serves (its home page, its product page, a stylesheet), one request per page for the
 * run. The replay then asks for that address instead of a captured one.
 */
import { candidatesOf, selects, type Candidate, type Selector, type SourceAnswer } from './candidates';
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
}

export type SourceFetch = (req: SourceRequest) => Promise<SourceAnswer & { status: number }>;

export interface DiscoverRule {
  select: readonly Selector[];
  template: string;
  pick?: 'first' | 'last';
}

export interface Discovered {
  kind: 'found';
  /** The address to ask for, absolute. */
  url: string;
  /** The page it was read from, and where on it. */
  from: string;
  via: Selector;
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
  /** The first few addresses the page did link (of the selected kinds), and how many there were. */
  linked: string[];
  linkedCount: number;
  /** No answer at all (a run error), rather than an answer without the address (a failure). */
  unreachable?: boolean;
}

export const SHOWN_LINKS = 5;

const VALUE_TOKEN = /\{value:([A-Za-z_][A-Za-z0-9_]*)\}/g;

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

  /**
   * The address of the rule's shape on the source page. `values` is the run's placeholder table;
   * `roleOrigin` the origin a bare-path template is on.
   */
  async find(source: SourceRequest, rule: DiscoverRule, values: Readonly<Record<string, string>>, roleOrigin: string): Promise<Discovered | DiscoverMiss> {
    const page = await this.page(source);
    const offered = page.candidates.filter((c) => selects(rule.select, c));
    const miss = (problem: string, unreachable = false): DiscoverMiss => {
      const linked = [...new Set(offered.map((c) => c.url.href))];
      return {
        kind: 'miss',
        template: rule.template,
        from: source.url,
        problem,
        linked: linked.slice(0, SHOWN_LINKS),
        linkedCount: linked.length,
        ...(unreachable ? { unreachable } : {}),
      };
    };
    if (page.problem) return miss(`could not be read: ${page.problem}`, true);
    if (page.status !== undefined && (page.status < 200 || page.status > 299)) return miss(`answered ${page.status}`);
    const exact = compileTemplate(rule.template, values, roleOrigin);
    let found = pick(offered, exact, rule.pick);
    const disagreements: Discovered['disagreements'] = [];
    if (!found) {
      // A target value the page contradicts: the page is what the target serves.
      const set = [...rule.template.matchAll(VALUE_TOKEN)].map((m) => m[1]).filter((n) => values[`{value:${n}}`] !== undefined);
      if (set.length) {
        const open = { ...values };
        for (const n of set) delete open[`{value:${n}}`];
        found = pick(offered, compileTemplate(rule.template, open, roleOrigin), rule.pick);
        if (found)
          for (const n of set)
            if (found.parts[n] !== values[`{value:${n}}`]) disagreements.push({ name: n, value: values[`{value:${n}}`], found: found.parts[n] });
      }
    }
    if (!found) return miss(offered.length ? 'links nothing of the shape' : `links no address of the selected kinds (${rule.select.join(', ')})`);
    return { kind: 'found', url: found.url.href, from: source.url, via: found.via, template: rule.template, parts: found.parts, disagreements };
  }
}

function pick(offered: readonly Candidate[], t: CompiledTemplate, which: DiscoverRule['pick']): (TemplateMatch & { via: Selector }) | undefined {
  const matches: Array<TemplateMatch & { via: Selector }> = [];
  for (const c of offered) {
    const m = matchTemplate(t, c.url);
    if (m) matches.push({ ...m, via: c.via });
  }
  return which === 'last' ? matches[matches.length - 1] : matches[0];
}

/** The miss in one sentence, for a finding's `actual`. */
export function describeMiss(m: DiscoverMiss): string {
  const shown = m.linked.length
    ? `; it links ${m.linked.join(', ')}${m.linkedCount > m.linked.length ? ` and ${m.linkedCount - m.linked.length} more` : ''}`
    : '';
  return `${m.from} ${m.problem}${shown}`;
}
