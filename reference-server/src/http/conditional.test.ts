import { evaluatePreconditions, parseEntityTagList, parseHttpDate } from './conditional';

const etag = '"0d6835d694bd81:0"';
const lastModified = new Date('2022-04-08T16:54:52.700Z');
const v = { etag, lastModified };
const lm = 'Fri, 08 Apr 2022 16:54:52 GMT';

describe('parseEntityTagList', () => {
  it('reads lists, weak tags and commas inside quotes', () => {
    expect(parseEntityTagList('*')).toBe('*');
    expect(parseEntityTagList('W/"a", "b,c" ,"d"')).toEqual([
      { weak: true, opaque: 'a' },
      { weak: false, opaque: 'b,c' },
      { weak: false, opaque: 'd' },
    ]);
    expect(parseEntityTagList('garbage')).toEqual([]);
  });
});

describe('parseHttpDate', () => {
  it('accepts IMF-fixdate and rejects junk', () => {
    expect(parseHttpDate(lm)).toBe(1649436892);
    expect(parseHttpDate('yesterday')).toBeUndefined();
    expect(parseHttpDate(undefined)).toBeUndefined();
  });
});

describe('evaluatePreconditions', () => {
  it('proceeds without conditionals', () => {
    expect(evaluatePreconditions('GET', {}, v)).toBe('proceed');
  });

  it.each([
    [etag, 'not-modified'],
    [`W/${etag}`, 'not-modified'],
    [`"other", ${etag}`, 'not-modified'],
    ['*', 'not-modified'],
    ['"other"', 'proceed'],
    ['"0d6835d694bd81"', 'proceed'],
  ])('If-None-Match %p -> %p (weak comparison)', (inm, outcome) => {
    expect(evaluatePreconditions('GET', { 'if-none-match': inm }, v)).toBe(outcome);
  });

  it('gives 412 for a matching If-None-Match on unsafe methods', () => {
    expect(evaluatePreconditions('POST', { 'if-none-match': etag }, v)).toBe('precondition-failed');
  });

  it('compares If-Modified-Since in whole seconds', () => {
    expect(evaluatePreconditions('GET', { 'if-modified-since': lm }, v)).toBe('not-modified');
    expect(evaluatePreconditions('HEAD', { 'if-modified-since': 'Sat, 09 Apr 2022 00:00:00 GMT' }, v)).toBe('not-modified');
    expect(evaluatePreconditions('GET', { 'if-modified-since': 'Fri, 08 Apr 2022 16:54:51 GMT' }, v)).toBe('proceed');
    expect(evaluatePreconditions('GET', { 'if-modified-since': 'not a date' }, v)).toBe('proceed');
  });

  it('ignores If-Modified-Since when If-None-Match is present', () => {
    expect(evaluatePreconditions('GET', { 'if-none-match': '"other"', 'if-modified-since': lm }, v)).toBe('proceed');
  });

  it('ignores If-Modified-Since on other methods', () => {
    expect(evaluatePreconditions('POST', { 'if-modified-since': lm }, v)).toBe('proceed');
  });

  it('uses strong comparison for If-Match', () => {
    expect(evaluatePreconditions('GET', { 'if-match': etag }, v)).toBe('proceed');
    expect(evaluatePreconditions('GET', { 'if-match': '*' }, v)).toBe('proceed');
    expect(evaluatePreconditions('GET', { 'if-match': `W/${etag}` }, v)).toBe('precondition-failed');
    expect(evaluatePreconditions('GET', { 'if-match': '"other"' }, v)).toBe('precondition-failed');
  });

  it('applies If-Unmodified-Since only without If-Match', () => {
    const before = 'Fri, 08 Apr 2022 16:00:00 GMT';
    expect(evaluatePreconditions('GET', { 'if-unmodified-since': before }, v)).toBe('precondition-failed');
    expect(evaluatePreconditions('GET', { 'if-unmodified-since': lm }, v)).toBe('proceed');
    expect(evaluatePreconditions('GET', { 'if-match': etag, 'if-unmodified-since': before }, v)).toBe('proceed');
  });

  it('lets If-None-Match: * match a resource without an ETag', () => {
    expect(evaluatePreconditions('GET', { 'if-none-match': '*' }, { lastModified })).toBe('not-modified');
    expect(evaluatePreconditions('GET', { 'if-none-match': etag }, { lastModified })).toBe('proceed');
  });
});
