/**
 * `har2spec --mirror`: every observed fact `must`, after the same generalisation. For a
 * re-platform where staging must match production field for field, whatever the description says
 * or leaves open: a warning of the default derivation (a fact only the capture shows, a
 * recommendation) and an informational platform header become failures. Values stay generalised
 * (shapes, placeholders, directive sets, calendar lifetimes): two deployments that mean the same
 * still agree.
 */
import type { BodySpec, CookieSpec, ExchangeSpec, HeaderSpec, MatcherSpec, SpecFile } from '../spec-model/types';

const MIRROR_NOTE = 'har2spec --mirror: every observed fact must';

/** In a mirror the capture is the authority: a reference choice it shows is a fact of it too. */
function must<T extends MatcherSpec | HeaderSpec>(m: T): T {
  const base = m !== null && typeof m === 'object' ? m : { equals: m };
  return { ...base, source: 'capture', level: 'must', note: MIRROR_NOTE } as T;
}

function mirrorCookie(c: CookieSpec): CookieSpec {
  const out: CookieSpec = { ...c, source: 'capture', level: 'must', note: MIRROR_NOTE };
  delete out.presence;
  for (const key of ['value', 'path', 'domain', 'expires', 'maxAge', 'sameSite'] as const) if (c[key] !== undefined) out[key] = must(c[key]!);
  return out;
}

function mirrorExchange<T extends ExchangeSpec>(ex: T): T {
  const expect = { ...ex.expect };
  if (expect.status !== undefined) expect.status = must(expect.status);
  if (expect.headers) expect.headers = Object.fromEntries(Object.entries(expect.headers).map(([n, h]) => [n, must(h)]));
  if (expect.cookies) expect.cookies = Object.fromEntries(Object.entries(expect.cookies).map(([n, c]) => [n, mirrorCookie(c)]));
  if (expect.body) expect.body = { ...expect.body, source: 'capture', level: 'must', note: MIRROR_NOTE } as BodySpec;
  const { checkLevels: _levels, ...rest } = ex;
  // Every check at must too, a recommendation's (Vary) included.
  return { ...rest, source: 'capture', level: 'must', expect, ...(ex.checks?.length ? { checkLevels: Object.fromEntries(ex.checks.map((c) => [c, 'must' as const])) } : {}) } as T;
}

/** The derived file with every expectation and check at `must`. */
export function mirrored(spec: SpecFile): SpecFile {
  return {
    ...spec,
    exchanges: spec.exchanges.map(mirrorExchange),
    ...(spec.flows ? { flows: spec.flows.map((f) => ({ ...f, level: 'must' as const, steps: f.steps.map(mirrorExchange) })) } : {}),
  };
}
