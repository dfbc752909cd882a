import { DEFAULT_RESPONDER_OPTIONS, LIFETIME_SECONDS, REFRESH_BELOW_SECONDS, needsRefresh, responseTimes } from './policy';

describe('response times', () => {
  test.each([
    ['2025-03-04T05:06:07.890Z', '2025-03-04T05:06:00.000Z', '2025-03-04T09:20:59.000Z'],
    ['2025-03-04T05:06:00.000Z', '2025-03-04T05:06:00.000Z', '2025-03-04T09:20:59.000Z'],
    ['2025-12-31T23:59:59.999Z', '2025-12-31T23:59:00.000Z', '2026-01-01T04:13:59.000Z'],
  ])('signed at %s: thisUpdate = producedAt = %s, nextUpdate = %s', (now, thisUpdate, nextUpdate) => {
    const times = responseTimes(Date.parse(now), LIFETIME_SECONDS);
    expect(times.thisUpdate.toISOString()).toBe(thisUpdate);
    expect(times.producedAt.toISOString()).toBe(thisUpdate);
    expect(times.nextUpdate.toISOString()).toBe(nextUpdate);
  });

  test('a fresh response shows a max-age between 15,240 and 15,299 s, and it is refreshed at about 6,000 s', () => {
    for (const offset of [0, 1, 30_000, 59_999]) {
      const now = Date.parse('2025-03-04T05:06:00Z') + offset;
      const { nextUpdate } = responseTimes(now, LIFETIME_SECONDS);
      const maxAge = Math.floor((nextUpdate.getTime() - now) / 1000);
      expect(maxAge).toBeGreaterThanOrEqual(15_239);
      expect(maxAge).toBeLessThanOrEqual(15_299);
    }
    expect(DEFAULT_RESPONDER_OPTIONS).toEqual({ responderId: 'byName', lifetimeSeconds: 15_300, refreshBelowSeconds: 6_000 });
    const nextUpdate = Date.parse('2025-03-04T09:20:59Z');
    expect(needsRefresh(nextUpdate, nextUpdate - REFRESH_BELOW_SECONDS * 1000, REFRESH_BELOW_SECONDS)).toBe(false);
    expect(needsRefresh(nextUpdate, nextUpdate - REFRESH_BELOW_SECONDS * 1000 + 1, REFRESH_BELOW_SECONDS)).toBe(true);
  });
});
