/**
 * HAR files -> spec files, in one streaming pass per file: every entry is validated as it arrives
 * and, when valid and on a mapped host, reduced to an observation of its group. Nothing is derived
 * (or written) unless every file is valid.
 */
import * as path from 'node:path';
import type { SpecFile } from '../spec-model/types';
import { ROLES, type Role } from '../target-map';
import { baseIdOf, deriveExchange, groupKeyOf, representative, sizeDisagreement, type Group } from './derive-exchange';
import { linkIndex, withDiscover, withValues } from './discover';
import { HarInvalidError, HarReadError, type HarProblem } from './errors';
import { buildFlows, FlowTracker, type FlowCandidate } from './flows';
import type { HarEntry } from './har-types';
import { observe } from './observation';
import { Placeholderizer, type RoleMapping } from './role-mapping';
import { scanFile } from './scan';
import { normaliseToolQuirks, validateEntry, validateSkeleton } from './validate';

export interface DeriveResult {
  specs: SpecFile[];
  entries: number;
  used: number;
  /** Hostname (or scheme) -> entries skipped because no role maps it. */
  unmapped: Map<string, number>;
}

export function deriveSpecs(files: string[], mapping: RoleMapping): DeriveResult {
  const ph = new Placeholderizer(mapping);
  const problems: HarProblem[] = [];
  const groups = new Map<string, Group>();
  const candidates: FlowCandidate[] = [];
  const unmapped = new Map<string, number>();
  const creators = new Map<string, string>();
  let entries = 0;
  let used = 0;
  for (const file of files) {
    const before = problems.length;
    const doc: Record<string, unknown> = {};
    let log: Record<string, unknown> | undefined;
    let root: unknown = doc;
    const tracker = new FlowTracker(file);
    let creator = '';
    try {
      scanFile(file, {
        logObject: () => {
          log = {};
          doc.log = log;
        },
        entriesArray: () => {
          log!.entries = [];
        },
        logField: (key, value) => {
          log![key] = value;
          const c = key === 'creator' ? (value as { name?: unknown; version?: unknown } | null) : null;
          if (c && typeof c.name === 'string') creator = `${c.name}${typeof c.version === 'string' ? ` ${c.version}` : ''}`;
        },
        rootField: (key, value) => {
          doc[key] = value;
        },
        rootNotObject: (value) => {
          root = value;
        },
        entry: (value, index) => {
          entries++;
          normaliseToolQuirks(value);
          const found = validateEntry(value, index, file);
          if (found.length) {
            problems.push(...found);
            return;
          }
          if (problems.length > before) return;
          const o = observe(value as HarEntry, index, file, mapping, ph);
          if ('unmapped' in o) {
            unmapped.set(o.unmapped, (unmapped.get(o.unmapped) ?? 0) + 1);
            return;
          }
          used++;
          const key = groupKeyOf(o);
          const g = groups.get(key);
          if (g) g.observations.push(o);
          else groups.set(key, { key, role: o.role, secondaryHost: o.secondaryHost, method: o.method, template: o.template, status: o.status, observations: [o] });
          tracker.add(o, key);
        },
      });
    } catch (err) {
      if (err instanceof HarReadError) {
        problems.push({ file, path: '', message: err.reason });
        continue;
      }
      throw err;
    }
    problems.push(...validateSkeleton(root, file));
    creators.set(file, creator);
    const chains = tracker.chains();
    for (const steps of chains) candidates.push({ file: path.basename(file), steps });
  }
  if (problems.length) throw new HarInvalidError(problems);

  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const key of [...groups.keys()].sort()) {
    const base = baseIdOf(groups.get(key)!);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    ids.set(key, id);
  }
  const all = [...groups.values()].flatMap((g) => g.observations);
  const links = linkIndex(all, (u) => ph.section(ph.apply(u)));
  const pageIds = new Map<string, string>();
  // A page is named by its exchange when that exchange asks for that page (ports aside).
  for (const g of groups.values()) {
    const urls = new Set(g.observations.map((o) => ph.section(ph.apply(o.url))));
    if (g.method === 'GET' && g.status === 200 && !g.secondaryHost && urls.size === 1) pageIds.set([...urls][0], ids.get(g.key)!);
  }
  const exchanges = new Map([...groups.values()].map((g) => [g.key, withValues(withDiscover(deriveExchange(g, ids.get(g.key)!, ph), g, representative(g.observations), links, pageIds, ph), g)]));
  const flows = buildFlows(candidates, (key) => exchanges.get(key)!);
  const sources = [...new Set(files.map((f) => path.basename(f)))].sort();
  const specs: SpecFile[] = [];
  for (const role of ROLES) {
    const mine = [...exchanges.values()].filter((e) => e.id.startsWith(`${role}/`)).sort((a, b) => (a.id < b.id ? -1 : 1));
    const myFlows = flows.filter((f) => f.id.startsWith(`${role}/`));
    if (mine.length === 0 && myFlows.length === 0) continue;
    // Where a HAR's own numbers disagree the header is kept and the size dropped: say so.
    const dropped = [...groups.values()]
      .filter((g) => g.role === role)
      .flatMap((g) => {
        const why = sizeDisagreement(g.observations);
        const creator = creators.get(g.observations[0].file);
        return why ? [`${ids.get(g.key)} (${why}${creator ? `; written by ${creator}` : ''})`] : [];
      })
      .sort();
    const note = dropped.length ? ` Body sizes not kept where the HAR contradicts itself (its Content-Length is kept): ${dropped.join('; ')}.` : '';
    const spec: SpecFile = {
      $schema: './spec.schema.json',
      role: role as Role,
      version: 1,
      description: `Derived by har2spec from ${sources.join(', ')}. Regenerated on every run: copy what you want to keep into ${role}.json.${note}`,
      exchanges: mine,
    };
    if (myFlows.length) spec.flows = myFlows;
    specs.push(spec);
  }
  return { specs, entries, used, unmapped };
}
