import { lifetimeAfterDate, lifetimeSeconds, lifetimeWindow } from './lifetime';

const DAY = 86400;

describe('a lifetime as the calendar span a person means', () => {
  it('"10 years": 10 x 365.25 days and 3,653 days are both inside, 9 and 11 years are not', () => {
    const w = lifetimeWindow(3652.5 * DAY);
    expect(w.min).toBeLessThanOrEqual(3650 * DAY);
    expect(w.max).toBeGreaterThanOrEqual(3660 * DAY);
    for (const inside of [3650, 3652.5, 3653, 3660]) expect(inside * DAY).toBeGreaterThanOrEqual(w.min);
    for (const inside of [3650, 3652.5, 3653, 3660]) expect(inside * DAY).toBeLessThanOrEqual(w.max);
    expect(9 * 366 * DAY).toBeLessThan(w.min);
    expect(11 * 365 * DAY).toBeGreaterThan(w.max);
  });
  it('"1 year" from 365 days covers 365.25 and 366; a month covers 28 to 31 days; a day an hour either side', () => {
    expect(lifetimeWindow(365 * DAY)).toEqual({ min: 364 * DAY, max: 367 * DAY });
    expect(lifetimeWindow(30 * DAY)).toEqual({ min: 27 * DAY, max: 32 * DAY });
    expect(lifetimeWindow(DAY)).toEqual({ min: DAY - 3600, max: DAY + 3600 });
  });
  it('short lifetimes keep 5%, at least a minute', () => {
    expect(lifetimeWindow(1800)).toEqual({ min: 1710, max: 1890 });
    expect(lifetimeWindow(600)).toEqual({ min: 540, max: 660 });
  });
  it('as matchers: a time after Date, and a Max-Age range; Max-Age=0 stays a value', () => {
    expect(lifetimeAfterDate([365 * DAY])).toEqual({ relativeTime: { to: 'date', offsetSeconds: 365.5 * DAY, toleranceSeconds: 1.5 * DAY } });
    expect(lifetimeSeconds([DAY])).toEqual({ range: { min: DAY - 3600, max: DAY + 3600 } });
    expect(lifetimeSeconds([0])).toBe(0);
  });
});
