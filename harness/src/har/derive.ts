/**
 * HAR files -> spec files, in one streaming pass per file: every entry is validated as it arrives
 * and, when valid and on a mapped host, reduced to an observation. Nothing is derived (or
 * written) unless every file is valid. Each capture has its own role mapping (its host names) and
 * its own `{section}`, read from its site pages unless the mapping names one; observations of all
 * captures are grouped by address template, so several captures (production and staging, or two
 * recordings of one deployment) are compared field by field: what agrees keeps its value, what
 * differs becomes a shape.
 */
import * as path from 'node:path';
import { fieldLines } from '../core';
import { inferSectionFromLinks } from '../discover/section';
import type { ExchangeSpec, FlowSpec, SpecFile } from '../spec-model/types';
import { ROLES, type Role } from '../target-map';
import { chainCover, coverOf, DEFAULT_AUTHORITY_DIR, loadAuthority, type Authority, type CapturedRequest, type Cover } from './authority';
import { baseIdOf, deriveExchange, groupKeyOf, representative, returningVisit, sizeDisagreement, type Group } from './derive-exchange';
import { mirrored } from './mirror';
import { discoverFor, foundTexts, linkIndex, unescapedUrl, withDiscover, withValues } from './discover';
import { HarInvalidError, HarReadError, UsageError, type HarProblem } from './errors';
import { buildFlows, FlowTracker, type FlowCandidate } from './flows';
import type { HarEntry } from './har-types';
import { observe, retemplate, type Observation } from './observation';
import { redirectChains } from './redirect-chains';
import { Placeholderizer, type RoleMapping } from './role-mapping';
import { ROLE_PLACEHOLDERS } from '../target-map';
import { scanFile } from './scan';
import { normaliseToolQuirks, validateEntry, validateSkeleton } from './validate';

export interface DeriveResult {
  specs: SpecFile[];
  entries: number;
  used: number;
  /** Hostname (or scheme) -> entries skipped because no role maps it. */
  unmapped: Map<string, number>;
  /** Each capture's `{section}` and where it came from. */
  sections: Array<{ file: string; section: string; from: string }>;
}

interface Capture {
  file: string;
  creator: string;
  ph: Placeholderizer;
  observations: Observation[];
}

/** The `{section}` of a capture: the mapping's, else the one its site pages' stylesheets and scripts show. */
function sectionOf(observations: readonly Observation[], mapping: RoleMapping): { section: string; from: string } {
  if (mapping.sectionGiven) return { section: mapping.section, from: 'the role mapping' };
  for (const o of observations) {
    if (o.role !== 'site' || o.status !== 200 || !o.links) continue;
    const found = inferSectionFromLinks(
      o.links.map((l) => ({ from: l.via, url: new URL(l.url) })),
      o.url,
    );
    if (found) return { section: found.section, from: found.from };
  }
  // No page text in the capture: the stylesheets and scripts it requested on the site say it as well.
  const votes = new Map<string, number>();
  for (const o of observations) {
    const m = o.role === 'site' && !o.secondaryHost ? /^\/([^/]+)\/(css\/[^/]+\.css|js\/[^/]+\.js)$/.exec(new URL(o.url).pathname) : null;
    if (m) votes.set(m[1], (votes.get(m[1]) ?? 0) + 1);
  }
  const best = [...votes].sort((a, b) => b[1] - a[1])[0];
  if (best) return { section: best[0], from: `${best[1]} stylesheet and script address${best[1] === 1 ? '' : 'es'} the capture requested on the site` };
  return { section: mapping.section, from: 'the default (the capture shows no stylesheet or script of the shape on the site)' };
}

function scanCapture(file: string, mapping: RoleMapping, problems: HarProblem[], unmapped: Map<string, number>, count: { entries: number; used: number }): Capture | undefined {
  const before = problems.length;
  const ph = new Placeholderizer(mapping);
  const doc: Record<string, unknown> = {};
  let log: Record<string, unknown> | undefined;
  let root: unknown = doc;
  let creator = '';
  const observations: Observation[] = [];
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
        count.entries++;
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
        count.used++;
        observations.push(o);
      },
    });
  } catch (err) {
    if (err instanceof HarReadError) {
      problems.push({ file, path: '', message: err.reason });
      return undefined;
    }
    throw err;
  }
  problems.push(...validateSkeleton(root, file));
  return { file, creator, ph, observations };
}

/** Which deployment a capture recorded: its site host (or the first host of the first role it shows), ports aside. */
function deploymentOf(observations: readonly Observation[]): string {
  for (const role of ROLES) {
    const o = observations.find((x) => x.role === role && !x.secondaryHost);
    if (o) return o.host;
  }
  return observations[0]?.host ?? '';
}

/** Per capture: one mapping for every file, or one per file in the files' order. */
function mappingsFor(files: readonly string[], mappings: RoleMapping | readonly RoleMapping[]): RoleMapping[] {
  if (!Array.isArray(mappings)) return files.map(() => mappings as RoleMapping);
  const list = mappings as readonly RoleMapping[];
  if (list.length === 1) return files.map(() => list[0]);
  if (list.length !== files.length) throw new UsageError(`${list.length} role mappings for ${files.length} HAR files: give one for all, or one per file in the same order`);
  return [...list];
}

/** Every capture read and checked (every problem of every file listed at once), each with its `{section}` and deployment. */
function readCaptures(files: string[], perFile: RoleMapping[], unmapped: Map<string, number>, count: { entries: number; used: number }) {
  const problems: HarProblem[] = [];
  const captures: Capture[] = [];
  const sections: DeriveResult['sections'] = [];
  files.forEach((file, i) => {
    const capture = scanCapture(file, perFile[i], problems, unmapped, count);
    if (!capture) return;
    const { section, from } = sectionOf(capture.observations, perFile[i]);
    sections.push({ file, section, from });
    if (section !== perFile[i].section) capture.ph = capture.ph.withSection(section);
    const deployment = deploymentOf(capture.observations);
    capture.observations = capture.observations.map((o) => ({ ...retemplate(o, capture.ph), deployment }));
    captures.push(capture);
  });
  if (problems.length) throw new HarInvalidError(problems);
  return { captures, sections };
}

/** Observations grouped into exchanges (same role, method, path template, status), and the flows each capture suggests. */
function groupObservations(captures: Capture[]): { groups: Map<string, Group>; candidates: FlowCandidate[] } {
  const groups = new Map<string, Group>();
  const candidates: FlowCandidate[] = [];
  for (const c of captures) {
    const tracker = new FlowTracker(c.file);
    for (const o of c.observations) {
      const key = groupKeyOf(o);
      const g = groups.get(key);
      if (g) g.observations.push(o);
      else
        groups.set(key, {
          key,
          role: o.role,
          secondaryHost: o.secondaryHost,
          method: o.method,
          template: o.template,
          status: o.status,
          ...(returningVisit(o) ? { returning: true } : {}),
          observations: [o],
        });
      tracker.add(o, key);
    }
    for (const steps of tracker.chains()) candidates.push({ file: path.basename(c.file), steps });
  }
  return { groups, candidates };
}

/** One id per group, unique (`-2`, `-3` after a taken one), in the order of the groups' keys. */
function idsOf(groups: Map<string, Group>): Map<string, string> {
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const key of [...groups.keys()].sort()) {
    const base = baseIdOf(groups.get(key)!);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    ids.set(key, id);
  }
  return ids;
}

/** Each capture's role origins by placeholder (`{asset_url}` -> its origin in that capture), for matching addresses that name another role. */
function originsOf(captures: Capture[]): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const c of captures) {
    const origins: Record<string, string> = {};
    for (const o of c.observations) if (!o.secondaryHost) origins[ROLE_PLACEHOLDERS[o.role]] ??= new URL(o.url).origin;
    out.set(c.file, origins);
  }
  return out;
}

/** The captured request a group stands for, as the authority matches it. */
function capturedOf(g: Group, section: Map<string, string>, origins: Map<string, Record<string, string>>, rep = representative(g.observations)): CapturedRequest {
  return {
    role: g.role,
    method: g.method,
    status: g.status,
    url: new URL(rep.url),
    headers: rep.requestHeaders,
    sendsCookies: g.observations.some((o) => o.requestCookies.length > 0),
    ...(rep.requestBody ? { body: rep.requestBody.text } : {}),
    coded: g.observations.some((o) => fieldLines(o.headers, 'content-encoding').some((v) => v.trim().toLowerCase() !== 'identity')),
    section: section.get(rep.file)!,
    origins: origins.get(rep.file)!,
  };
}

/**
 * The hand-written exchange that covers each group: by its own address, or, for a hop of a
 * redirect chain on a role's other name, the same step of a flow whose first step covers the chain's first.
 */
function coversOf(groups: Map<string, Group>, chains: ReturnType<typeof redirectChains>, authority: Authority, section: Map<string, string>, origins: Map<string, Record<string, string>>): Map<string, Cover> {
  const out = new Map<string, Cover>();
  for (const g of groups.values()) {
    if (g.secondaryHost) continue;
    const cover = coverOf(authority, capturedOf(g, section, origins));
    if (cover) out.set(g.key, cover);
  }
  for (const chain of chains) {
    const first = groups.get(chain.hops[0]);
    if (!first) continue;
    chain.hops.forEach((key, i) => {
      const hop = groups.get(key);
      if (i === 0 || !hop || out.has(key)) return;
      const cover = chainCover(authority, capturedOf(first, section, origins), i, representative(hop.observations).requestHeaders, hop.observations.some((o) => o.requestCookies.length > 0));
      if (cover) out.set(key, cover);
    });
  }
  return out;
}

/** Each group as an exchange: generalised, with a `discover` block where a page of the capture links its address, through the exchange that covers it. */
function exchangesOf(
  groups: Map<string, Group>,
  ids: Map<string, string>,
  captures: Capture[],
  sections: DeriveResult['sections'],
  covers: Map<string, Cover>,
): Map<string, ExchangeSpec> {
  const phOf = new Map(captures.map((c) => [c.file, c.ph]));
  const sectionOfFile = new Map(sections.map((s) => [s.file, s.section]));
  const all = [...groups.values()].flatMap((g) => g.observations);
  // Percent-escapes undone: a page's link and the request for it may escape differently (a redacted signature above all).
  const keyOf = (o: Observation, url: string) => unescapedUrl(phOf.get(o.file)!.section(phOf.get(o.file)!.apply(url)));
  const links = linkIndex(all, keyOf);
  const pageIds = new Map<string, string>();
  // A page is named by its exchange when that exchange asks for that page (ports aside).
  for (const g of groups.values()) {
    const urls = new Set(g.observations.map((o) => keyOf(o, o.url)));
    if (g.method === 'GET' && g.status === 200 && !g.secondaryHost && urls.size === 1) pageIds.set([...urls][0], ids.get(g.key)!);
  }
  const exchanges = new Map<string, ExchangeSpec>();
  for (const g of groups.values()) {
    const rep = representative(g.observations);
    const ph = phOf.get(rep.file)!;
    const id = ids.get(g.key)!;
    const discover = discoverFor(g, rep, links, pageIds, ph, id);
    const found = discover ? foundTexts(rep, discover.template, ph, sectionOfFile.get(rep.file)!) : undefined;
    const cover = covers.get(g.key);
    // The variables the replay sets for this exchange: the discovered address and its named parts.
    const variables = new Set(discover ? ['found', 'found_path', ...[...discover.template.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\*?\}/g)].map((m) => m[1])] : []);
    const derived = deriveExchange(g, id, {
      ph,
      variables,
      ...(cover ? { cover } : {}),
      ...(found ? { found: found.found, parts: found.parts, discovered: true } : {}),
    });
    // On a role's other name: asked of that name's URL in the target map (`{redirector_url_3}`).
    const ex = g.secondaryHost ? { ...derived, request: { ...derived.request, path: `${ph.originPlaceholder(g.secondaryHost)}${derived.request.path}` } } : derived;
    exchanges.set(g.key, withValues(discover ? withDiscover(ex, discover) : ex, g));
  }
  return exchanges;
}

/** Where a HAR's own numbers disagree the header is kept and the size dropped: the note of a role's file says so. */
function droppedSizesNote(role: Role, groups: Map<string, Group>, ids: Map<string, string>, captures: Capture[]): string {
  const creators = new Map(captures.map((c) => [c.file, c.creator]));
  const dropped = [...groups.values()]
    .filter((g) => g.role === role)
    .flatMap((g) => {
      const why = sizeDisagreement(g.observations);
      const creator = creators.get(g.observations[0].file);
      return why ? [`${ids.get(g.key)} (${why}${creator ? `; written by ${creator}` : ''})`] : [];
    })
    .sort();
  return dropped.length ? ` Body sizes not kept where the HAR contradicts itself: ${dropped.join('; ')}.` : '';
}

export interface DeriveOptions {
  /** The hand-written specs derived expectations take their levels and matchers from (default: the repository's specs/; NO_AUTHORITY: none). */
  authority?: Authority;
  /** Every observed fact `must`, after the same generalisation: staging must match production field for field. */
  mirror?: boolean;
}

let defaultAuthority: Authority | undefined;

export function deriveSpecs(files: string[], mappings: RoleMapping | readonly RoleMapping[], options: DeriveOptions = {}): DeriveResult {
  const unmapped = new Map<string, number>();
  const count = { entries: 0, used: 0 };
  const authority = options.authority ?? (defaultAuthority ??= loadAuthority(DEFAULT_AUTHORITY_DIR));
  const { captures, sections } = readCaptures(files, mappingsFor(files, mappings), unmapped, count);
  const { groups, candidates } = groupObservations(captures);
  const chains = captures.flatMap((c) => redirectChains(c.observations, groupKeyOf));
  // A hop on a role's other name is reached through its chain only: its address is the deployment's.
  const hopOnly = new Set(chains.flatMap((ch) => ch.hops.slice(1)).filter((k) => groups.get(k)?.secondaryHost));
  const ids = idsOf(groups);
  const sectionOfFile = new Map(sections.map((s) => [s.file, s.section]));
  const covers = coversOf(groups, chains, authority, sectionOfFile, originsOf(captures));
  const exchanges = exchangesOf(groups, ids, captures, sections, covers);
  const flows = [...buildFlows(candidates, (key) => exchanges.get(key)!), ...chainFlows(chains, (key) => exchanges.get(key)!)];
  const sources = [...new Set(files.map((f) => path.basename(f)))].sort();
  const specs: SpecFile[] = [];
  for (const role of ROLES) {
    const mine = [...groups.values()]
      .filter((g) => !hopOnly.has(g.key))
      .map((g) => exchanges.get(g.key)!)
      .filter((e) => e.id.startsWith(`${role}/`))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    const myFlows = flows.filter((f) => f.id.startsWith(`${role}/`));
    if (mine.length === 0 && myFlows.length === 0) continue;
    const spec: SpecFile = {
      $schema: './spec.schema.json',
      role: role as Role,
      version: 1,
      description: `Derived by har2spec${options.mirror ? ' --mirror' : ''} from ${sources.join(', ')}. ${options.mirror ? MIRROR_NOTE : LEVELS_NOTE} Regenerated on every run: copy what you want to keep into ${role}.json.${droppedSizesNote(role, groups, ids, captures)}`,
      exchanges: mine,
    };
    if (myFlows.length) spec.flows = myFlows;
    specs.push(options.mirror ? mirrored(spec) : spec);
  }
  return { specs, entries: count.entries, used: count.used, unmapped, sections };
}

/** What the levels of a derived file mean: written at the top of each (the README has the table). */
export const LEVELS_NOTE =
  'Levels by authority: where a hand-written spec covers an exchange (the same role, method, status and address shape), the facts it states keep its matchers and levels, and what its checks judge is left to them; what only the capture shows is should ("seen in the capture; the description does not state it"), at the level an RFC gives where one speaks (Content-Length consistent with the body: must; Vary, validators: should); what only one platform sends informs. Each expectation that is not must says why in its note.';

/** The same for `--mirror`. */
export const MIRROR_NOTE =
  'Mirror: every fact the capture shows is must (after the same generalisation: shapes, placeholders, directive sets, calendar lifetimes), for a staging that must match production field for field.';

/** Redirect chains as flows: each hop asked of the previous hop's Location. */
function chainFlows(chains: ReturnType<typeof redirectChains>, exchangeOf: (key: string) => ExchangeSpec): FlowSpec[] {
  const seen = new Map<string, FlowSpec>();
  for (const chain of chains) {
    const signature = chain.hops.join('\u0001');
    if (seen.has(signature)) continue;
    const hops = chain.hops.map(exchangeOf);
    const first = hops[0];
    const id = `${first.id.split('/')[0]}/har/redirect-chain-${first.id.split('/').slice(2).join('-')}`;
    // A hop's host is the deployment's: named by where it came from, never by its name.
    const titleOf = (e: ExchangeSpec, i: number) => (i === 0 ? e.title : e.title.replace(/ on \S+ ->/, " on the host the previous hop's Location named ->"));
    const steps = hops.map((e, i) => {
      const { discover: _discover, ...rest } = e;
      return {
        ...rest,
        id: `${id}/${i + 1}`,
        title: titleOf(e, i),
        request: i === 0 ? e.request : { ...e.request, path: `{{hop${i + 1}}}` },
        ...(i < hops.length - 1 ? { capture: { [`hop${i + 2}`]: { header: 'location' } } } : {}),
      };
    });
    seen.set(signature, {
      id,
      title: `Redirect chain: ${hops.map((e, i) => titleOf(e, i).split(' -> ')[0]).join(' -> ')}`,
      clause: `capture: the Location of each hop asked for next in ${path.basename(chain.file)}`,
      source: 'capture',
      checks: ['redirect/location-other-host'],
      steps,
    });
  }
  return [...seen.values()];
}
