import { MAX_GUIDS, normaliseGuid, parseGuidsQuery } from './guids';

const A = '5442a766-1fd5-44cb-b668-f3a2d51d5c87';
const B = 'edc24bc3-3220-4928-9148-163bf8e55133';

describe('normaliseGuid', () => {
  it.each([
    [A, A],
    [A.toUpperCase(), A],
    [`{${A}}`, A],
    [`{${A}`, undefined],
    [`${A}}`, undefined],
    [A.replace(/-/g, ''), undefined],
    [`${A}0`, undefined],
    ['5442a766-1fd5-44cb-b668-f3a2d51d5c8g', undefined],
    ['', undefined],
  ])('%p -> %p', (text, expected) => {
    expect(normaliseGuid(text)).toBe(expected);
  });
});

describe('parseGuidsQuery', () => {
  it('treats absent and empty as none', () => {
    expect(parseGuidsQuery(undefined)).toEqual({ ok: true, ids: [] });
    expect(parseGuidsQuery('')).toEqual({ ok: true, ids: [] });
    expect(parseGuidsQuery('guids=')).toEqual({ ok: true, ids: [] });
    expect(parseGuidsQuery('other=1')).toEqual({ ok: true, ids: [] });
  });

  it('splits on commas, encoded or not, keeping order and dropping repeats', () => {
    expect(parseGuidsQuery(`guids=${B},${A}`)).toEqual({ ok: true, ids: [B, A] });
    expect(parseGuidsQuery(`guids=${B}%2C%20%7B${A.toUpperCase()}%7D`)).toEqual({ ok: true, ids: [B, A] });
    expect(parseGuidsQuery(`guids=${A},${B},${A}`)).toEqual({ ok: true, ids: [A, B] });
  });

  it('names the bad part', () => {
    expect(parseGuidsQuery(`guids=${A},nope`)).toMatchObject({ ok: false, value: 'nope' });
    expect(parseGuidsQuery(`guids=${A},,${B}`)).toMatchObject({ ok: false, value: '' });
  });

  it('refuses the parameter given twice', () => {
    const r = parseGuidsQuery(`guids=${A}&GUIDS=${B}`);
    expect(r).toMatchObject({ ok: false, value: B });
    expect(r.ok ? '' : r.message).toMatch(/more than once/);
  });

  it(`refuses more than ${MAX_GUIDS} guids`, () => {
    const many = Array.from({ length: MAX_GUIDS + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(parseGuidsQuery(`guids=${many.slice(0, MAX_GUIDS).join(',')}`)).toMatchObject({ ok: true });
    expect(parseGuidsQuery(`guids=${many.join(',')}`)).toMatchObject({ ok: false, value: many[MAX_GUIDS] });
  });
});
