/**
 * A browser flow and its session: a page with its network log and console, and helpers that turn
 * what the browser saw into findings. A navigation that fails and a response that never comes are
 * recorded as findings and end the flow (`FlowAbort`); `run-flow.ts` runs a flow within its budget.
 */
import type { BrowserContext, Page, Response } from '@playwright/test';
import { fieldLines, type Provenance } from '../../core';
import type { InputGate } from '../../browser/input-gate';
import { BLOCKED, gateRefusal } from '../../browser/request-gate';
import type { RedirectHop } from '../../record';
import { parseSetCookieLine } from '../../spec-model/observe';
import { ROLE_PLACEHOLDERS, ROLES, roleUrls, type Role } from '../../target-map';
import { evaluateConsole, type ObservedConsole } from './console';
import { evaluateStoredCookies, type StoredCookie } from './cookies';
import type { FlowEnvironment } from './environment';
import { FlowAbort } from './errors';
import type { RequestFacts } from './expectations';
import { FindingList } from './findings';
import { supplementEntry, type SupplementEntry } from './har-supplement';
import { classifyNavigationError } from './navigation';
import { NetworkLog } from './network-log';
import { evaluateResource, resourceLabel, responseLines, type ObservedResource } from './resources';

export interface BrowserFlow {
  /** `<role>/browser/<name>` */
  id: string;
  role: Role;
  title: string;
  clause: string;
  /** Roles that must be mapped for the flow to run (its own role included). */
  requires: Role[];
  /** Target values the flow needs (`{value:NAME}`); unset, the flow is skipped naming the variable. */
  values?: string[];
  /** File name (without .har) of the flow's recording under har/reference/. */
  har: string;
  run(s: FlowSession): Promise<void>;
}

export class FlowSession {
  readonly findings: FindingList;
  readonly network: NetworkLog;
  readonly consoleMessages: ObservedConsole[] = [];
  readonly pageErrors: string[] = [];
  /** Exchanges the flow saw that Playwright's events leave out (/favicon.ico and its redirects), for the flow's HAR. */
  readonly harSupplement: Array<Promise<SupplementEntry | undefined>> = [];
  /** Redirects the flow followed and judged, for the record (`redirectHop`). */
  readonly redirects: RedirectHop[] = [];
  private readonly originPlaceholders = new Map<string, string>();
  private readonly roleOfOrigin = new Map<string, Role>();

  constructor(
    readonly flow: BrowserFlow,
    readonly page: Page,
    readonly context: BrowserContext,
    readonly env: FlowEnvironment,
    private readonly input: InputGate = { open: async () => undefined },
  ) {
    this.findings = new FindingList({ of: flow.id, source: 'capture', clause: flow.clause, target: env.map.origin, targetOrigin: env.map.origin });
    this.network = new NetworkLog(page, { bodyCapBytes: env.map.limits.bodyCapBytes });
    page.on('console', (m) => this.consoleMessages.push({ type: m.type(), text: m.text(), ...(m.location().url ? { url: m.location().url } : {}) }));
    page.on('pageerror', (e) => this.pageErrors.push(`${e.name}: ${e.message}`));
    for (const role of ROLES) {
      roleUrls(env.map, role).forEach((u, i) => {
        this.roleOfOrigin.set(u.origin, role);
        const base = ROLE_PLACEHOLDERS[role];
        this.originPlaceholders.set(u.origin, i === 0 ? base : `${base.slice(0, -1)}_${i + 1}}`);
      });
    }
  }

  get id(): string {
    return this.flow.id;
  }

  /** Origin of a role's n-th URL ('' when unmapped). */
  origin(role: Role, n = 0): string {
    return roleUrls(this.env.map, role)[n]?.origin ?? '';
  }

  roleOf(url: string): Role | undefined {
    try {
      return this.roleOfOrigin.get(new URL(url).origin);
    } catch {
      return undefined;
    }
  }

  /**
   * A redirect the flow followed: kept for the report's chain when its status is 3xx, its address
   * as the browser asked it, as the flow's HAR has it (the report takes the chain from either, and
   * a run whose HAR came late must show the same chain as one whose HAR came in time).
   */
  redirectHop(url: string, status: number | undefined, location: string | null | undefined): void {
    if (status !== undefined && status >= 300 && status < 400) this.redirects.push({ status, url, location: location ?? '(absent)' });
  }

  label(url: string): string {
    return resourceLabel(url, this.originPlaceholders);
  }

  /** Navigates; a failure (certificate, redirect loop, timeout, unreachable) is recorded and ends the flow. */
  async goto(url: string, waitUntil: 'load' | 'domcontentloaded' | 'commit' = 'load'): Promise<Response> {
    const timeout = this.env.timeouts.navigationMs;
    let response: Response | null;
    await this.network.ready;
    try {
      response = await this.page.goto(url, { waitUntil, timeout });
    } catch (e) {
      const p = classifyNavigationError(String((e as Error).message ?? e), url, timeout, waitUntil);
      // The gate refused a hop: name it and the rule, as the raw redirect flows name a Location off the map.
      const refused = (await this.network.snapshot()).find((r) => r.failure?.startsWith(BLOCKED) && r.resourceType === 'document');
      const why = refused && gateRefusal(this.env.map, refused.url, true);
      if (refused && why) p.actual = `${refused.url} ${why} (refused, never sent)`;
      const pending = this.network.pendingCount() ? await this.pendingLabels() : [];
      const id = `${this.id} navigation ${this.label(url)}`;
      const message = `${p.message}${pending.length ? `; still pending: ${pending.join(', ')}` : ''}`;
      if (p.kind === 'target') this.findings.compare(id, false, p.expected, p.actual, { level: 'must', message });
      else this.findings.add(id, 'error', p.expected, p.actual, { message });
      // Whatever did arrive is still worth checking: requests that hang are named one by one.
      if (p.actual.startsWith('no "')) await this.checkResources(() => true, { includeDocuments: true }).catch(() => undefined);
      throw new FlowAbort(p.message);
    }
    if (!response) {
      this.findings.add(`${this.id} navigation ${this.label(url)}`, 'error', 'a document response', '(none: same-document navigation)');
      throw new FlowAbort('no response');
    }
    return response;
  }

  private async pendingLabels(): Promise<string[]> {
    return (await this.network.snapshot()).filter((r) => r.pending).map((r) => `${r.method} ${this.label(r.url)}`);
  }

  /** Lets the flow's own input reach the page: until then the page ignores input (runFlow), so only the flow's actions move a pointer over it. */
  async act(): Promise<Page> {
    await this.input.open();
    return this.page;
  }

  /** Waits for a response the page's own script causes; a timeout is recorded and ends the flow. */
  async waitForResponse(what: string, predicate: (r: Response) => boolean, trigger?: () => Promise<unknown>): Promise<Response> {
    const timeout = this.env.timeouts.responseMs;
    const waiting = this.page.waitForResponse(predicate, { timeout });
    // Observed at once: on a slow machine the wait can run out while the trigger still runs, and
    // a rejection nobody had observed yet would surface as an unhandled one, outside the flow.
    waiting.catch(() => undefined);
    try {
      if (trigger) await trigger();
      return await waiting;
    } catch (e) {
      if (e instanceof FlowAbort) throw e;
      const s = timeout / 1000;
      this.findings.compare(
        `${this.id} ${what}`,
        false,
        `${what} within ${s} s`,
        /Timeout|timeout/.test(String(e)) ? `no such response after ${s} s` : String((e as Error).message).split('\n')[0],
      );
      throw new FlowAbort(what);
    }
  }

  /** Lets the page's network go quiet; returns false when something was still pending at the budget. */
  async settle(): Promise<boolean> {
    return this.network.waitForQuiet(this.env.timeouts.settleMs);
  }

  facts(r: ObservedResource): RequestFacts | undefined {
    const role = this.roleOf(r.url);
    if (!role) return undefined;
    return { role, method: r.method, url: new URL(r.url), headers: r.requestHeaders };
  }

  /** Checks one observed response (status, content type, coding) against its expectation. */
  checkResource(r: ObservedResource, label = `${this.id} ${this.label(r.url)}`): void {
    const facts = this.facts(r);
    if (this.env.specProblems[facts?.role ?? this.flow.role]) {
      this.findings.add(`${label} expectation`, 'error', `a loadable specs/${facts?.role}.json`, 'invalid spec file', {
        message: this.env.specProblems[facts?.role ?? this.flow.role],
      });
    }
    const expectation = facts ? this.env.index.lookup(facts) : undefined;
    evaluateResource(r, label, expectation, this.findings, this.env.values);
  }

  /**
   * Every request the page made that matches `filter`, as it ended: redirect hops are skipped
   * (their final request is checked), documents only when asked. Returns what was checked.
   */
  async checkResources(filter: (r: ObservedResource) => boolean, options: { includeDocuments?: boolean } = {}): Promise<ObservedResource[]> {
    const all = await this.network.snapshot();
    const checked = all.filter(
      (r) => !r.redirectedTo && (options.includeDocuments || r.resourceType !== 'document') && !r.url.startsWith('data:') && filter(r),
    );
    for (const r of checked) this.checkResource(r);
    return checked;
  }

  /** Each kind of sub-resource the flow promises must have been loaded at least once. */
  requireLoaded(
    resources: readonly ObservedResource[],
    kinds: ReadonlyArray<{ what: string; test: (r: ObservedResource) => boolean; source?: Provenance; note?: string }>,
  ): void {
    for (const k of kinds) {
      const hits = resources.filter(k.test);
      this.findings.compare(
        `${this.id} loads ${k.what}`,
        hits.length > 0,
        `at least one ${k.what}`,
        hits.length
          ? `${hits.length}: ${hits
              .map((h) => this.label(h.url))
              .slice(0, 3)
              .join(', ')}${hits.length > 3 ? ', ...' : ''}`
          : 'none requested',
        {
          ...(k.source ? { source: k.source } : {}),
          ...(k.note ? { message: k.note } : {}),
        },
      );
    }
  }

  checkConsole(faviconDescribedFor: Role[] = ['site']): void {
    evaluateConsole(
      this.id,
      this.consoleMessages,
      this.pageErrors,
      { faviconDescribed: (origin) => faviconDescribedFor.includes(this.roleOfOrigin.get(origin) as Role) },
      this.findings,
    );
  }

  /** The cookies the browser stored for `host`, against the cookie expectations of the spec exchange covering `request` (the one home of cookie rules). */
  async checkCookies(
    request: RequestFacts,
    date: Date | undefined,
    options: { only?: string[]; ignoreValue?: boolean; status?: number } = {},
  ): Promise<StoredCookie[]> {
    const jar = (await this.context.cookies()) as StoredCookie[];
    const chosen = this.env.index.cookieSpecs(request);
    if (!chosen) {
      this.findings.add(`${this.id} cookies`, 'skip', 'cookie expectations', '(none stated)', {
        message: `no spec exchange for ${request.url.pathname} states cookies`,
      });
      return jar;
    }
    const only = options.only;
    let cookies = only ? Object.fromEntries(Object.entries(chosen.cookies).filter(([n]) => only.includes(n))) : chosen.cookies;
    // A cookie a later answer of the page set again holds that answer's value and attributes: the
    // stored one is not this exchange's to judge. Its Set-Cookie line is the raw replay's to judge.
    const resetBy = await this.laterSetters(request, Object.keys(cookies));
    for (const [name, by] of resetBy) {
      this.findings.add(`${this.id} cookie ${name} stored`, 'n/a', `${name} as this answer set it`, `set again by ${by}`, {
        clause: chosen.clause,
        message: `${name} was set again by ${by} after this answer, so the stored cookie is that answer's; the Set-Cookie line of this answer is judged by the raw replay of ${chosen.from}`,
      });
    }
    cookies = Object.fromEntries(Object.entries(cookies).filter(([n]) => !resetBy.has(n)));
    // A spec's literal value belongs to its own request (a fixed id it sent): the flow checks values itself then.
    if (options.ignoreValue) cookies = Object.fromEntries(Object.entries(cookies).map(([n, c]) => [n, { ...c, value: undefined }]));
    evaluateStoredCookies(
      this.id,
      jar,
      cookies,
      {
        host: request.url.hostname,
        ...(date ? { date } : {}),
        ...(options.status !== undefined ? { status: options.status } : {}),
        placeholders: this.env.values,
        source: chosen.source,
        ...(chosen.level ? { level: chosen.level } : {}),
        clause: chosen.clause,
        from: chosen.from,
      },
      this.findings,
    );
    return jar;
  }

  /** The cookies among `names` that an answer after the one to `request` set again, each with that answer's label. */
  private async laterSetters(request: RequestFacts, names: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const log = await this.network.snapshot();
    let at = -1;
    log.forEach((r, i) => {
      if (r.url === request.url.href && r.method === request.method && r.status !== undefined) at = i;
    });
    if (at < 0) return out;
    for (const r of log.slice(at + 1)) {
      for (const line of fieldLines(responseLines(r), 'set-cookie')) {
        const { name } = parseSetCookieLine(line);
        if (names.includes(name)) out.set(name, `${r.method} ${this.label(r.url)}`);
      }
    }
    return out;
  }

  /** Keeps a response the flow observed for the HAR, in case the recorder left it out. */
  noteForHar(response: Response): void {
    this.harSupplement.push(supplementEntry(response).catch(() => undefined));
  }

  /** The Date of a response, for expiries relative to it. */
  static async dateOf(response: Response): Promise<Date | undefined> {
    const d = await response.headerValue('date');
    const t = d ? Date.parse(d) : NaN;
    return Number.isFinite(t) ? new Date(t) : undefined;
  }

  /** ObservedResource of a Response the flow holds (for checks on a document or an awaited response). */
  static async observe(response: Response): Promise<ObservedResource> {
    const request = response.request();
    const next = request.redirectedTo();
    return {
      url: response.url(),
      method: request.method(),
      resourceType: request.resourceType(),
      requestHeaders: await request.allHeaders(),
      status: response.status(),
      responseHeaders: await response.allHeaders(),
      ...(next ? { redirectedTo: next.url() } : {}),
    };
  }
}
