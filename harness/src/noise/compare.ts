/**
 * Compares two answers to the same request (HTTP/1.1 vs HTTP/2, GET vs HEAD, baseline vs
 * candidate): every difference that the learned noise does not excuse is a finding of its own.
 */
import type { Finding, Level, Provenance } from '../core';
import type { ObservedExchange } from '../spec/observed';
import { BODY_BOUND, combinedValue, COOKIE_ASPECTS, comparedField, cookieAspect, cookieNames, fieldNames, sameCookieAspect, sameField } from './fields';
import { describeNoise, type Noise } from './learn';

export interface CompareOptions {
  /** Finding ids are `<id> <aspect> ...`: `parity`, `head`. */
  aspect: string;
  /** Names of the two sides in messages: `h1`, `h2`. */
  first: string;
  second: string;
  clause: string;
  source?: Provenance;
  level?: Level;
  /** Fields the second answer may leave out (Content-Length over HTTP/2 or on a HEAD answer). */
  mayOmit?: ReadonlySet<string>;
  /** Compare the bodies (not for HEAD). Default true. */
  body?: boolean;
  target?: string;
}

const show = (v: string | undefined) => (v === undefined ? '(absent)' : v);

export function compareAnswers(id: string, x: ObservedExchange, y: ObservedExchange, noise: Noise, options: CompareOptions): Finding[] {
  const out: Finding[] = [];
  const base = { source: options.source ?? ('rfc' as const), level: options.level ?? ('must' as const), clause: options.clause, ...(options.target ? { target: options.target } : {}) };
  const differ = (aspect: string, a: string, b: string, extra: Partial<Finding> = {}) =>
    out.push({ ...base, id: `${id} ${options.aspect} ${aspect}`, verdict: 'fail', expected: `${options.second} as ${options.first}: ${a}`, actual: `${options.second}: ${b}`, ...extra });

  if (x.status !== y.status && !noise.status) differ('status', String(x.status), String(y.status));

  for (const name of [...new Set([...fieldNames(x), ...fieldNames(y)])].sort()) {
    if (!comparedField(name) || noise.fields.has(name)) continue;
    if (noise.body && BODY_BOUND.has(name)) continue;
    const a = combinedValue(x, name);
    const b = combinedValue(y, name);
    if (b === undefined && a !== undefined && options.mayOmit?.has(name)) continue;
    if (!sameField(name, x, y)) differ(`header ${name}`, show(a), show(b));
  }

  for (const name of [...new Set([...cookieNames(x), ...cookieNames(y)])].sort()) {
    const excused = noise.cookies.get(name);
    for (const aspect of COOKIE_ASPECTS) {
      if (excused?.has(aspect) || sameCookieAspect(name, aspect, x, y)) continue;
      differ(`cookie ${name} ${aspect}`, cookieAspect(x, name, aspect), cookieAspect(y, name, aspect), aspect === 'value' ? { secret: true } : {});
    }
  }

  if (options.body !== false && !noise.body) {
    const a = x.decoded ?? x.body;
    const b = y.decoded ?? y.body;
    if (!a.equals(b)) differ('body', `${a.length} decoded bytes`, a.length === b.length ? `${b.length} different decoded bytes` : `${b.length} decoded bytes`);
  }

  if (out.length === 0) {
    const excused = describeNoise(noise);
    const same = `the same answer over ${options.second} as over ${options.first}`;
    out.push({ ...base, id: `${id} ${options.aspect}`, verdict: 'pass', expected: same, actual: excused.length ? `${same} (not compared, learned as noise: ${excused.join('; ')})` : same });
  }
  return out;
}
