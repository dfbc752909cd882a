/**
 * Noise, learned by asking twice: whatever differs between two answers to the same request over
 * the same protocol is noise for that exchange on that target. Noise excuses only comparisons
 * between two answers (h1 vs h2, HEAD vs GET, baseline vs candidate); it never excuses a spec
 * expectation. It is never learned across protocols: that would excuse every protocol difference.
 */
import { InternalError, linesByName, noiseText, type RecordedNoise } from '../core';
import type { ObservedExchange } from '../spec-model/observed';
import { COOKIE_ASPECTS, comparedField, cookieNames, cookieSetAlike, sameCookieAspect, sameFieldLines, type CookieAspect } from './fields';

export interface Noise {
  /** The status differed. */
  status: boolean;
  /** Header fields (lowercase) whose value differed, or that one answer had and the other not. */
  fields: Set<string>;
  /** Of those, the fields one answer had and the other not: not even their presence is stable. */
  presence: Set<string>;
  /** Cookie name -> aspects that differed (a session id's value; never its attributes unless they did differ). */
  cookies: Map<string, Set<CookieAspect>>;
  /** The decoded body differed. */
  body: boolean;
}

export function emptyNoise(): Noise {
  return { status: false, fields: new Set(), presence: new Set(), cookies: new Map(), body: false };
}

function bodyOf(ex: ObservedExchange): Buffer {
  return ex.decoded ?? ex.body;
}

/** What differs between two answers to the same request over the same protocol. */
export function learnNoise(first: ObservedExchange, second: ObservedExchange): Noise {
  if (first.protocol !== second.protocol && first.protocol !== 'unknown' && second.protocol !== 'unknown') {
    throw new InternalError(`noise is learned over one protocol, not between ${first.protocol} and ${second.protocol}`);
  }
  const noise = emptyNoise();
  noise.status = first.status !== second.status;
  // Each answer's lines grouped once: every field name is looked up in both.
  const a = linesByName(first.lines);
  const b = linesByName(second.lines);
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    if (!comparedField(name)) continue;
    const la = a.get(name) ?? [];
    const lb = b.get(name) ?? [];
    if (sameFieldLines(name, la, lb, first, second)) continue;
    noise.fields.add(name);
    if (la.length > 0 !== lb.length > 0) noise.presence.add(name);
  }
  for (const name of new Set([...cookieNames(first), ...cookieNames(second)])) {
    if (cookieSetAlike(name, first, second)) continue;
    const varied = new Set<CookieAspect>(COOKIE_ASPECTS.filter((a) => !sameCookieAspect(name, a, first, second)));
    if (varied.size) noise.cookies.set(name, varied);
  }
  noise.body = !bodyOf(first).equals(bodyOf(second));
  return noise;
}

/** The union of noises (each protocol's own pair, several repeats). */
export function mergeNoise(...all: Array<Noise | undefined>): Noise {
  const out = emptyNoise();
  for (const n of all) {
    if (!n) continue;
    out.status ||= n.status;
    out.body ||= n.body;
    for (const f of n.fields) out.fields.add(f);
    for (const f of n.presence) out.presence.add(f);
    for (const [name, aspects] of n.cookies) out.cookies.set(name, new Set([...(out.cookies.get(name) ?? []), ...aspects]));
  }
  return out;
}

/** The noise as the record keeps it (core/noise-record.ts), names sorted: the one form a reader of a record or results.json sees. */
export function recordedNoise(n: Noise): RecordedNoise {
  const byName = <T>(a: [string, T], b: [string, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return {
    status: n.status,
    fields: [...n.fields].sort(),
    presence: [...n.presence].sort(),
    cookies: Object.fromEntries([...n.cookies].sort(byName).map(([name, aspects]) => [name, [...aspects]])),
    body: n.body,
  };
}

/** The noise in the words of a finding's message: `status`, `header x-trace-id`, `cookie ASP.NET_SessionId value`, `body`. */
export function describeNoise(n: Noise): string[] {
  return noiseText(recordedNoise(n), { markPresence: false });
}
