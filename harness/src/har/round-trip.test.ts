/**
 * Round trip: HARs recorded from the reference (har/*.har, `npm run record:har`) -> har2spec ->
 * derived specs, which must
 *  1. load with the spec loader (JSON Schema, shape names, regexes, id prefixes, no duplicate ids,
 *     also next to the hand-written specs/<role>.json when those exist);
 *  2. pass when evaluated against every captured entry they were derived from (the derivation
 *     does not contradict its own input);
 *  3. not contradict hand-written specs/<role>.json where both state a literal for the same
 *     request (method and path): status, header values, cookie flags.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CHECKS } from '../checks';
import { compileTemplate } from '../discover/template';
import { evaluateExchange } from '../spec-model/evaluate';
import { loadSpecFile, loadSpecs } from '../spec-model/load';
import type { ObservedCookie, ObservedExchange } from '../spec-model/observed';
import type { ExchangeSpec, SpecFile } from '../spec-model/types';
import { ROLE_PLACEHOLDERS, SECTION_PLACEHOLDER } from '../target-map/roles';
import { parseSetCookie, setCookieLines } from './cookies';
import { deriveSpecs } from './derive';
import { groupKeyOf } from './derive-exchange';
import type { HarEntry } from './har-types';
import { observe } from './observation';
import { defaultRoleMapping, Placeholderizer } from './role-mapping';
import { stableStringify } from './stable-json';

const ROOT = path.resolve(__dirname, '../../..');
const HAR_DIR = path.join(ROOT, 'har');
const hars = fs.existsSync(HAR_DIR) ? fs.readdirSync(HAR_DIR).filter((f) => f.endsWith('.har')).sort().map((f) => path.join(HAR_DIR, f)) : [];
const mapping = defaultRoleMapping();

function toObserved(e: HarEntry): ObservedExchange {
  const lines = e.response.headers.filter((h) => !h.name.startsWith(':')).map((h) => [h.name.toLowerCase(), h.value] as [string, string]);
  const cookies: ObservedCookie[] = setCookieLines(lines.filter(([n]) => n === 'set-cookie').map(([, v]) => v)).flatMap((line) => {
    const c = parseSetCookie(line);
    return c ? [{ ...c, line }] : [];
  });
  const c = e.response.content;
  const body =
    typeof c.text === 'string' ? Buffer.from(c.text, c.encoding === 'base64' ? 'base64' : 'utf8') : Buffer.alloc(Math.max(0, c.size));
  return {
    target: 'har',
    request: { method: e.request.method, url: e.request.url, headers: e.request.headers.map((h) => [h.name, h.value]) },
    protocol: /2/.test(e.response.httpVersion) ? 'h2' : 'h1',
    status: e.response.status,
    lines,
    cookies,
    body,
    decoded: body,
    timings: { startedAt: e.startedDateTime, totalMs: e.time },
  };
}

describe('round trip: recorded HARs -> har2spec -> specs', () => {
  const result = deriveSpecs(hars, mapping);
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'har2spec-rt-'));
    for (const spec of result.specs) fs.writeFileSync(path.join(tmp, `${spec.role}.derived.json`), stableStringify(spec));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('derives the site, bare, assets and maintenance roles with a visitor-flag flow', () => {
    const roles = result.specs.map((s) => s.role);
    expect(roles).toEqual(expect.arrayContaining(['site', 'bare', 'assets', 'maintenance']));
    const site = result.specs.find((s) => s.role === 'site')!;
    const flow = site.flows?.find((f) => f.steps.some((s) => s.request.path.startsWith('/layouts/system/VisitorIdentificationCSS.aspx')));
    expect(flow).toBeDefined();
  });

  it('every derived file loads with the spec loader (schema, shapes, regexes, ids)', () => {
    for (const spec of result.specs) expect(() => loadSpecFile(path.join(tmp, `${spec.role}.derived.json`), CHECKS)).not.toThrow();
    expect(() => loadSpecs(tmp, CHECKS)).not.toThrow();
  });

  it('loads together with the hand-written specs/<role>.json (no duplicate ids)', () => {
    const hand = result.specs.map((s) => path.join(ROOT, 'specs', `${s.role}.json`)).filter((f) => fs.existsSync(f));
    for (const f of hand) fs.copyFileSync(f, path.join(tmp, path.basename(f)));
    expect(() => loadSpecs(tmp, CHECKS)).not.toThrow();
    for (const f of hand) fs.rmSync(path.join(tmp, path.basename(f)));
  });

  it('every derived exchange passes against every entry it was derived from', () => {
    const byKey = new Map<string, ExchangeSpec>();
    const ph = new Placeholderizer(mapping);
    const placeholders: Record<string, string> = { [SECTION_PLACEHOLDER]: mapping.section };
    const failures: string[] = [];
    let compared = 0;
    const pending: Array<[string, HarEntry, string]> = [];
    for (const file of hars) {
      const har = JSON.parse(fs.readFileSync(file, 'utf8')) as { log: { entries: HarEntry[] } };
      har.log.entries.forEach((e, i) => {
        const o = observe(e, i, file, mapping, ph);
        if ('unmapped' in o) return;
        const url = new URL(e.request.url);
        if (mapping.primary.get(o.role) === o.host) {
          placeholders[ROLE_PLACEHOLDERS[o.role]] = url.origin;
          placeholders[`{${o.role}_host}`] = url.hostname;
        }
        pending.push([groupKeyOf(o), e, o.role]);
      });
    }
    for (const spec of result.specs) for (const ex of spec.exchanges) byKey.set(ex.title.replace(/ \(\d+ captured\)$/, '') + spec.role, ex);
    for (const [, e, role] of pending) {
      const o = observe(e, 0, '', mapping, ph) as Exclude<ReturnType<typeof observe>, { unmapped: string }>;
      const title = `${o.method} ${o.template}${o.secondaryHost ? ` on ${o.secondaryHost}` : ''} -> ${o.status}`;
      const ex = byKey.get(title + role);
      if (!ex) {
        failures.push(`no exchange for ${title}`);
        continue;
      }
      // The variables the replay gives a discovered address ({{found}}, {{file}}...), from this entry's own address.
      const url = new URL(e.request.url);
      const vars: Record<string, string> = {};
      if (ex.discover) {
        const t = compileTemplate(ex.discover.template, placeholders, url.origin);
        const m = t.regex.exec(t.withQuery ? url.pathname + url.search : url.pathname);
        for (const [k, v] of Object.entries(m?.groups ?? {})) vars[`{{${k}}}`] = decodeURIComponent(v);
        vars['{{found}}'] = url.href;
        vars['{{found_path}}'] = `${url.origin}${url.pathname}`;
      }
      // A recorder that kept no body leaves nothing to compare body facts with; one that kept it as decoded text may have dropped its BOM (Chromium does): only bytes kept as base64 are the body as sent.
      const bodyless = typeof e.response.content.text !== 'string' || e.response.content.encoding !== 'base64';
      for (const f of evaluateExchange(ex, toObserved(e), { role, placeholders: { ...placeholders, ...vars }, targetOrigin: 'reference', checks: [] })) {
        if (bodyless && f.aspect?.kind === 'body') continue;
        compared++;
        if (f.verdict === 'fail' || f.verdict === 'error') failures.push(`${e.request.url}: ${f.id}: expected ${f.expected}, got ${f.actual}`);
      }
    }
    expect(failures).toEqual([]);
    expect(compared).toBeGreaterThan(pending.length * 5);
  });

  it('does not contradict hand-written specs/<role>.json on literal expectations of the same request', () => {
    const contradictions: string[] = [];
    for (const derived of result.specs) {
      const file = path.join(ROOT, 'specs', `${derived.role}.json`);
      if (!fs.existsSync(file)) continue;
      const hand = JSON.parse(fs.readFileSync(file, 'utf8')) as SpecFile;
      const handBy = new Map(hand.exchanges.map((e) => [`${e.request.method ?? 'GET'} ${e.request.path}`, e]));
      for (const d of derived.exchanges) {
        const h = handBy.get(`${d.request.method ?? 'GET'} ${d.request.path}`);
        if (!h) continue;
        const lit = (v: unknown) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined);
        const sameRequestHeaders = JSON.stringify(h.request.headers ?? {}) === JSON.stringify(d.request.headers ?? {});
        if (lit(h.expect.status) !== undefined && lit(d.expect.status) !== undefined && h.expect.status !== d.expect.status)
          contradictions.push(`${d.id} vs ${h.id}: status ${d.expect.status} vs ${h.expect.status}`);
        if (!sameRequestHeaders) continue;
        for (const [name, hv] of Object.entries(h.expect.headers ?? {})) {
          const dv = d.expect.headers?.[name];
          if (lit(hv) !== undefined && lit(dv) !== undefined && hv !== dv) contradictions.push(`${d.id} vs ${h.id}: ${name} ${JSON.stringify(dv)} vs ${JSON.stringify(hv)}`);
        }
        for (const [name, hc] of Object.entries(h.expect.cookies ?? {})) {
          const dc = d.expect.cookies?.[name];
          if (!dc) continue;
          for (const flag of ['httpOnly', 'secure'] as const)
            if (hc[flag] !== undefined && dc[flag] !== undefined && hc[flag] !== dc[flag]) contradictions.push(`${d.id} vs ${h.id}: cookie ${name} ${flag}`);
        }
      }
    }
    expect(contradictions).toEqual([]);
  });
});

// The recorded HARs are committed: their absence is a broken checkout, not a reason to skip.
it('has recorded HARs to round-trip (npm run record:har writes them)', () => {
  expect(hars.length).toBeGreaterThan(0);
});
