import { normaliseGuid } from './guids';
import { findPlans, LESSON_PLANS } from './lesson-plans';

describe('LESSON_PLANS', () => {
  it('holds 6-10 plans with unique lowercase guids and site-relative URLs', () => {
    expect(LESSON_PLANS.length).toBeGreaterThanOrEqual(6);
    expect(LESSON_PLANS.length).toBeLessThanOrEqual(10);
    expect(new Set(LESSON_PLANS.map((p) => p.Id)).size).toBe(LESSON_PLANS.length);
    for (const p of LESSON_PLANS) {
      expect(normaliseGuid(p.Id)).toBe(p.Id);
      expect(p.Url).toMatch(/^\/lesson-plans\/[a-z-]+\/[a-z0-9-]+$/);
      expect(p.Items.length).toBeGreaterThan(0);
      for (const item of p.Items) expect(item.Url.startsWith(`${p.Url}/`)).toBe(true);
    }
  });
});

describe('findPlans', () => {
  it('keeps the order asked and leaves unknown ids out', () => {
    const [a, b] = LESSON_PLANS;
    expect(findPlans([b.Id, '00000000-0000-4000-8000-000000000000', a.Id])).toEqual([b, a]);
    expect(findPlans([])).toEqual([]);
  });
});
