/**
 * The named-shape vocabulary of spec files. Every shape a spec, a report or har2spec uses is in the
 * explicit list `SHAPES`; the schema's `shape` enum and the loader are generated from it.
 */
import type { Shape } from './shape';
import { any, empty, urlSafeToken, base64, base64url, urlEncodedJson, countryCode } from './text-shapes';
import { integer, digits, ms13, netTicks } from './number-shapes';
import { hex, HEX, hex32, HEX32, hex64, HEX64, hex64EitherCase, quotedHEX64, iisEtag, shopifyEtag, cfRay, analyticsCookie } from './hex-shapes';
import { alnumLower24, guid, uuid, requestId, azureRef, traceparent } from './id-shapes';
import { httpDate, cookieDate, yyMMddTHHmm } from './date-shapes';

export type { Shape } from './shape';
export { parseHttpDate, parseCookieDate, parseAnyDate, formatHttpDate } from './dates';

/** Order matters only to break specificity ties in `tightestShape`: earlier wins. */
export const SHAPES: readonly Shape[] = Object.freeze([
  empty,
  quotedHEX64,
  analyticsCookie,
  shopifyEtag,
  cfRay,
  traceparent,
  yyMMddTHHmm,
  httpDate,
  iisEtag,
  azureRef,
  cookieDate,
  hex64,
  HEX64,
  hex64EitherCase,
  netTicks,
  ms13,
  hex32,
  HEX32,
  countryCode,
  uuid,
  guid,
  alnumLower24,
  urlEncodedJson,
  requestId,
  digits,
  hex,
  HEX,
  integer,
  base64url,
  base64,
  urlSafeToken,
  any,
]);

const BY_NAME = new Map(SHAPES.map((s) => [s.name, s]));

export const SHAPE_NAMES: readonly string[] = Object.freeze(SHAPES.map((s) => s.name));

export function shapeByName(name: string): Shape | undefined {
  return BY_NAME.get(name);
}

/** By specificity, highest first; stable, so list order breaks ties. */
const BY_SPECIFICITY = [...SHAPES].sort((a, b) => b.specificity - a.specificity);

/**
 * The most specific shape that every value satisfies, by name. `any` is never inferred: undefined
 * means no shape says more than "some value" (or `values` is empty), and the caller decides between
 * a literal, a regex or an explicit `any`.
 */
export function tightestShape(values: string[]): string | undefined {
  if (values.length === 0) return undefined;
  for (const shape of BY_SPECIFICITY) {
    if (shape.name === 'any') continue;
    if (values.every((v) => shape.test(v))) return shape.name;
  }
  return undefined;
}
