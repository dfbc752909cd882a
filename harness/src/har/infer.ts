/**
 * From the values one field took across captures to a matcher: values that agree stay literal,
 * values that differ become the tightest named shape (a digits-skeleton regex as the last resort),
 * secrets always become a shape, never a literal and never a regex built from their text.
 */
import type { MatcherSpec } from '../spec-model/types';
import { tightestShape } from '../shapes';
import { escapeRegex, hasMarker, markedToRegex } from './role-mapping';
import { looksSecret, redactedShape } from './secrets';

export interface InferOptions {
  /** The field holds a credential or session state whatever its values look like. */
  secret?: boolean;
  /** The field changes on every response (Date, request ids): never literal. */
  volatile?: boolean;
}

function distinct(values: string[]): string[] {
  return [...new Set(values)].sort();
}

/**
 * A shape for values that must not be written: the tightest one, or `any`. Values a recording
 * already redacted (`‹secret: hex64, 64 chars›`, as `npm run record` writes cookies) give the shape
 * they name, when they all name the same.
 */
export function secretMatcher(values: string[]): MatcherSpec {
  const set = distinct(values);
  if (set.some((v) => v.includes('‹'))) {
    const named = new Set(set.map(redactedShape));
    const [only] = named;
    return { shape: named.size === 1 && only ? only : 'any' };
  }
  return { shape: tightestShape(set) ?? 'any' };
}

/** `max-age=6000` and `max-age=15300` -> `^max-age=[0-9]+$`, when the values differ only in digit runs. */
export function digitSkeleton(values: string[]): string | undefined {
  const skeletons = new Set(values.map((v) => v.replace(/[0-9]+/g, '\u0000')));
  if (skeletons.size !== 1) return undefined;
  const [skeleton] = skeletons;
  if (!/[^\u0000]/.test(skeleton)) return undefined;
  return `^${skeleton.split('\u0000').map(escapeRegex).join('[0-9]+')}$`;
}

export function inferValue(values: string[], options: InferOptions = {}): MatcherSpec {
  const set = distinct(values);
  if (options.secret || set.some(looksSecret)) return secretMatcher(set);
  if (set.some(hasMarker)) return set.length === 1 ? { regex: markedToRegex(set[0]) } : { shape: 'any' };
  if (!options.volatile && set.length === 1) return set[0];
  const shape = tightestShape(set);
  if (shape) return { shape };
  const skeleton = digitSkeleton(set);
  if (skeleton) return { regex: skeleton };
  return { shape: 'any' };
}

/** A time some seconds after the response's Date, from the offsets seen. */
export function relativeTime(offsets: number[]): MatcherSpec {
  const min = Math.min(...offsets);
  const max = Math.max(...offsets);
  return {
    relativeTime: { to: 'date', offsetSeconds: Math.round((min + max) / 2), toleranceSeconds: Math.max(60, Math.ceil((max - min) / 2)) },
  };
}

export function numberMatcher(values: number[]): MatcherSpec {
  const set = [...new Set(values)];
  if (set.length === 1) return set[0];
  return { range: { min: Math.min(...set), max: Math.max(...set) } };
}
