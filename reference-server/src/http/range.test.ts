import { contentRange, selectRange, strictByteRangeSpecs } from './range';

const etag = '"0d6835d694bd81:0"';
const lastModified = new Date('2022-04-08T16:54:52Z');
const v = { etag, lastModified };
const size = 1000;

describe('strictByteRangeSpecs', () => {
  it.each([
    ['bytes=0-99', ['0-99']],
    ['Bytes = 0-, -5', ['0-', '-5']],
    ['bytes=0-1,,2-3', ['0-1', '2-3']],
    ['bytes=', undefined],
    ['bytes=a-b', undefined],
    ['bytes=5-2', undefined],
    ['bytes=-', undefined],
    ['items=0-5', undefined],
    ['0-5', undefined],
    ['bytes=1-2-3', undefined],
  ])('%p -> %p', (header, specs) => {
    expect(strictByteRangeSpecs(header)).toEqual(specs);
  });
});

describe('selectRange', () => {
  const select = (headers: Record<string, string>) => selectRange(headers, size, v);

  it('serves the full body without Range', () => {
    expect(select({})).toEqual({ kind: 'full' });
  });

  it('selects one range, open-ended and suffix forms', () => {
    expect(select({ range: 'bytes=0-99' })).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(select({ range: 'bytes=990-' })).toEqual({ kind: 'partial', start: 990, end: 999 });
    expect(select({ range: 'bytes=-10' })).toEqual({ kind: 'partial', start: 990, end: 999 });
    expect(select({ range: 'bytes=900-5000' })).toEqual({ kind: 'partial', start: 900, end: 999 });
  });

  it('merges overlapping ranges into one, and sends disjoint ones in full', () => {
    expect(select({ range: 'bytes=0-10,5-20' })).toEqual({ kind: 'partial', start: 0, end: 20 });
    expect(select({ range: 'bytes=0-10,100-200' })).toEqual({ kind: 'full' });
  });

  it('reports unsatisfiable ranges', () => {
    expect(select({ range: 'bytes=1000-' })).toEqual({ kind: 'unsatisfiable' });
    expect(select({ range: 'bytes=-0' })).toEqual({ kind: 'unsatisfiable' });
    expect(selectRange({ range: 'bytes=0-0' }, 0, v)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores an unparsable Range header', () => {
    expect(select({ range: 'bytes=abc' })).toEqual({ kind: 'full' });
    expect(select({ range: 'bytes=50-10' })).toEqual({ kind: 'full' });
    expect(select({ range: 'lines=1-2' })).toEqual({ kind: 'full' });
  });

  it('honours If-Range only when the validator matches strongly', () => {
    expect(select({ range: 'bytes=0-9', 'if-range': etag })).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(select({ range: 'bytes=0-9', 'if-range': '"other:0"' })).toEqual({ kind: 'full' });
    expect(select({ range: 'bytes=0-9', 'if-range': `W/${etag}` })).toEqual({ kind: 'full' });
    expect(select({ range: 'bytes=0-9', 'if-range': 'Fri, 08 Apr 2022 16:54:52 GMT' })).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(select({ range: 'bytes=0-9', 'if-range': 'Fri, 08 Apr 2022 16:54:53 GMT' })).toEqual({ kind: 'full' });
    expect(select({ range: 'bytes=0-9', 'if-range': 'junk' })).toEqual({ kind: 'full' });
  });
});

describe('contentRange', () => {
  it('formats 206 and 416 values', () => {
    expect(contentRange({ kind: 'partial', start: 0, end: 9 }, 1000)).toBe('bytes 0-9/1000');
    expect(contentRange({ kind: 'unsatisfiable' }, 1000)).toBe('bytes */1000');
    expect(contentRange({ kind: 'full' }, 1000)).toBeUndefined();
  });
});
