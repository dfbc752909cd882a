/**
 * Compares two answers to the same request (HTTP/1.1 vs HTTP/2, GET vs HEAD, baseline vs
 * candidate): every difference that the learned noise does not excuse is a finding of its own.
 */
import {
  aspectText,
  isSecretHeader,
  judged,
  linesByName,
  type Aspect,
  type Finding,
  type Level,
  type Provenance,
  type SecretValue,
  type TargetOrigin,
} from '../core';
import type { ObservedExchange } from '../spec-model/observed';
import {
  BODY_BOUND,
  combinedValue,
  COOKIE_ASPECTS,
  comparedField,
  cookieAspect,
  cookieNames,
  sameCookieAspect,
  cookieSetAlike,
  sameFieldLines,
} from './fields';
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
  /** Who answered, for a level below must (the embedded reference fails every miss). A must miss fails on any target. */
  targetOrigin?: TargetOrigin;
  /** Fields the second answer may leave out (Content-Length over HTTP/2 or on a HEAD answer). */
  mayOmit?: ReadonlySet<string>;
  /** Compare the bodies (not for HEAD). Default true. */
  body?: boolean;
  /** A field whose value is noise is still compared by presence, unless its presence was noise too. Default false. */
  presence?: boolean;
  target?: string;
}

const show = (v: string | undefined) => (v === undefined ? '(absent)' : v);

/** One thing two answers disagree on: the status, a header field, a cookie or one of its aspects, the body; with each side's value. */
export interface Difference {
  aspect: Aspect;
  first: string;
  second: string;
  /** The secret values of the target the two sides hold (a cookie's value). */
  secrets?: SecretValue[];
}

/** A cookie as one line: `set (2 Set-Cookie lines; path /; HttpOnly; SameSite Lax; session)`, or `(not set)`; never its value. */
function cookieSummary(ex: ObservedExchange, name: string): string {
  if (!cookieNames(ex).includes(name)) return '(not set)';
  const parts = (['lines', 'path', 'domain', 'httponly', 'secure', 'samesite', 'expiry'] as const).map((a) => cookieAspect(ex, name, a));
  return `set (${parts.join('; ')})`;
}

/** The values of a credential field the two sides hold, declared for the report to hide. */
function fieldSecret(name: string, ...values: Array<string | undefined>): { secrets?: SecretValue[] } {
  if (!isSecretHeader(name)) return {};
  const secrets = values.filter((v): v is string => v !== undefined && v !== '').map((value) => ({ kind: 'credential' as const, value }));
  return secrets.length ? { secrets } : {};
}

function fieldDifference(name: string, x: ObservedExchange, y: ObservedExchange): Difference {
  const a = combinedValue(x, name);
  const b = combinedValue(y, name);
  return { aspect: { kind: 'header', name }, first: show(a), second: show(b), ...fieldSecret(name, a, b) };
}

/** Every difference between two answers that the noise does not excuse, in a stable order. */
export function differences(
  x: ObservedExchange,
  y: ObservedExchange,
  noise: Noise,
  options: Pick<CompareOptions, 'mayOmit' | 'body' | 'presence'> = {},
): Difference[] {
  const out: Difference[] = [];
  if (x.status !== y.status && !noise.status) out.push({ aspect: { kind: 'status' }, first: String(x.status), second: String(y.status) });
  // Each answer's lines grouped once: every field name is looked up in both.
  const linesX = linesByName(x.lines);
  const linesY = linesByName(y.lines);
  for (const name of [...new Set([...linesX.keys(), ...linesY.keys()])].sort()) {
    if (!comparedField(name)) continue;
    const la = linesX.get(name) ?? [];
    const lb = linesY.get(name) ?? [];
    if (noise.fields.has(name)) {
      if (options.presence && !noise.presence.has(name) && (la.length === 0) !== (lb.length === 0)) out.push(fieldDifference(name, x, y));
      continue;
    }
    if (noise.body && BODY_BOUND.has(name)) continue;
    if (lb.length === 0 && la.length > 0 && options.mayOmit?.has(name)) continue;
    if (!sameFieldLines(name, la, lb, x, y)) out.push(fieldDifference(name, x, y));
  }
  const xCookies = new Set(cookieNames(x));
  const yCookies = new Set(cookieNames(y));
  for (const name of [...new Set([...xCookies, ...yCookies])].sort()) {
    const excused = noise.cookies.get(name);
    // A cookie one answer does not set at all is one difference, not one per attribute.
    if (xCookies.has(name) !== yCookies.has(name)) {
      if (!excused?.has('lines')) out.push({ aspect: { kind: 'cookie', name }, first: cookieSummary(x, name), second: cookieSummary(y, name) });
      continue;
    }
    if (cookieSetAlike(name, x, y)) continue;
    for (const aspect of COOKIE_ASPECTS) {
      if (excused?.has(aspect) || sameCookieAspect(name, aspect, x, y)) continue;
      out.push({
        aspect: { kind: 'cookie', name, attribute: aspect },
        first: cookieAspect(x, name, aspect),
        second: cookieAspect(y, name, aspect),
        ...(aspect === 'value'
          ? {
              secrets: [
                { kind: 'cookie' as const, value: cookieAspect(x, name, aspect) },
                { kind: 'cookie' as const, value: cookieAspect(y, name, aspect) },
              ],
            }
          : {}),
      });
    }
  }
  if (options.body !== false && !noise.body) {
    const a = x.decoded ?? x.body;
    const b = y.decoded ?? y.body;
    if (!a.equals(b))
      out.push({
        aspect: { kind: 'body' },
        first: `${a.length} decoded bytes`,
        second: a.length === b.length ? `${b.length} different decoded bytes` : `${b.length} decoded bytes`,
      });
  }
  return out;
}

export function compareAnswers(id: string, x: ObservedExchange, y: ObservedExchange, noise: Noise, options: CompareOptions): Finding[] {
  const base = {
    source: options.source ?? ('rfc' as const),
    level: options.level ?? ('must' as const),
    clause: options.clause,
    ...(options.target ? { target: options.target } : {}),
  };
  const compared = { by: options.aspect, first: options.first, second: options.second };
  const origin = options.targetOrigin ?? 'user';
  const out: Finding[] = differences(x, y, noise, options).map((d) =>
    judged(
      false,
      Object.assign(
        {},
        base,
        {
          id: `${id} ${options.aspect} ${aspectText(d.aspect)}`,
          aspect: d.aspect,
          compared: Object.assign({}, compared, { firstValue: d.first, secondValue: d.second }),
          expected: `${options.second} as ${options.first}: ${d.first}`,
          actual: `${options.second}: ${d.second}`,
        },
        d.secrets ? { secrets: d.secrets } : {},
      ),
      origin,
    ),
  );
  if (out.length === 0) {
    const excused = describeNoise(noise);
    const same = `the same answer over ${options.second} as over ${options.first}`;
    const actual = excused.length ? `${same} (not compared, learned as noise: ${excused.join('; ')})` : same;
    out.push(judged(true, Object.assign({}, base, { id: `${id} ${options.aspect}`, compared, expected: same, actual }), origin));
  }
  return out;
}
