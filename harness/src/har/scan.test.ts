import { HarReadError } from './errors';
import { scanText, type ScanHandlers } from './scan';

function collect(text: string, chunk?: number) {
  const got = { entries: [] as unknown[], log: {} as Record<string, unknown>, root: {} as Record<string, unknown>, notObject: undefined as unknown };
  const h: ScanHandlers = {
    entry: (v, i) => (got.entries[i] = v),
    logField: (k, v) => (got.log[k] = v),
    rootField: (k, v) => (got.root[k] = v),
    rootNotObject: (v) => (got.notObject = v),
  };
  scanText('x.har', text, h, chunk);
  return got;
}

const doc = {
  log: {
    version: '1.2',
    creator: { name: 'a "quoted" \\ name', version: '1' },
    entries: [
      { a: 1, s: 'br{ace} [x] "q" \\"', u: 'é€𝄞', n: null, arr: [1, [2, { b: '}' }]] },
      { empty: {}, t: true, f: false, num: -1.5e3 },
    ],
    _custom: 42,
  },
  extra: 'x',
};

describe('HarScanner', () => {
  it.each([1, 2, 3, 7, 64, 1 << 20])('splits entries identically at chunk size %i', (chunk) => {
    const text = JSON.stringify(doc, null, 1);
    const got = collect(text, chunk);
    expect(got.entries).toEqual(doc.log.entries);
    expect(got.log).toEqual({ version: '1.2', creator: doc.log.creator, _custom: 42 });
    expect(got.root).toEqual({ extra: 'x' });
  });

  it('skips a UTF-8 byte order mark', () => {
    expect(collect('\ufeff' + JSON.stringify(doc)).entries).toHaveLength(2);
  });

  it('reports a non-object root to the validator instead of failing', () => {
    expect(collect('[1,2]').notObject).toEqual([1, 2]);
  });

  it.each([
    ['', /empty/],
    ['   \n', /empty/],
    ['{"log": {"entries": [{"a": 1}, {"b": ', /ends early.*truncated/],
    ['{"log": {"entries": [{"a": "unterminated', /truncated/],
    ['<html></html>', /not valid JSON/],
    ['{"log": {"entries": [{"a": 1,}]}}', /not valid JSON in log\.entries\[0\]/],
    ['{"log": {}} trailing', /after the end/],
    ['{"log": {"entries": [}]}}', /not valid JSON/],
  ])('fails on %j with one clear line', (text, message) => {
    let err: unknown;
    try {
      collect(text, 5);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(HarReadError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toMatch(/\n/);
  });
});
