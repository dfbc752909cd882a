/**
 * What a person means by a lifetime one capture shows. "10 years" is counted as 3,650, 3,652.5 or
 * 3,653 days by different platforms, and "1 year" as 365, 365.25 or 366: a lifetime near a whole
 * number of years, months or days is written as that calendar span, with a day's slack (an hour's
 * for days), never as the capture's exact seconds. Shorter lifetimes keep 5% (at least a minute).
 */
import type { MatcherSpec } from '../spec-model/types';

const HOUR = 3600;
const DAY = 24 * HOUR;

export interface Window {
  min: number;
  max: number;
}

/** The calendar span of a lifetime in seconds. */
export function lifetimeWindow(seconds: number): Window {
  if (seconds >= 360 * DAY) {
    const years = Math.round(seconds / (365.2425 * DAY));
    return { min: years * 365 * DAY - DAY, max: years * 366 * DAY + DAY };
  }
  if (seconds >= 27 * DAY) {
    const months = Math.round(seconds / (30.436875 * DAY));
    return { min: months * 28 * DAY - DAY, max: months * 31 * DAY + DAY };
  }
  if (seconds >= 23 * HOUR) {
    const days = Math.round(seconds / DAY);
    return { min: days * DAY - HOUR, max: days * DAY + HOUR };
  }
  const slack = Math.max(60, Math.round(seconds * 0.05));
  return { min: Math.max(0, seconds - slack), max: seconds + slack };
}

/** The span covering every lifetime seen. */
export function spanOf(lifetimes: readonly number[]): Window {
  const windows = lifetimes.map(lifetimeWindow);
  return { min: Math.min(...windows.map((w) => w.min)), max: Math.max(...windows.map((w) => w.max)) };
}

/** A time that many seconds after the response's Date, within the calendar span. */
export function lifetimeAfterDate(lifetimes: readonly number[]): MatcherSpec {
  const { min, max } = spanOf(lifetimes);
  return { relativeTime: { to: 'date', offsetSeconds: Math.round((min + max) / 2), toleranceSeconds: Math.ceil((max - min) / 2) } };
}

/** A number of seconds (Max-Age) within the calendar span. */
export function lifetimeSeconds(lifetimes: readonly number[]): MatcherSpec {
  const set = [...new Set(lifetimes)];
  // Zero and negative Max-Age delete a cookie: that is a value, not a lifetime.
  if (set.length === 1 && set[0] <= 0) return set[0];
  return { range: spanOf(lifetimes) };
}
