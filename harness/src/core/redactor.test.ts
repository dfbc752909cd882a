import { Redactor } from './redactor';

describe('Redactor', () => {
  const r = new Redactor();
  r.add('s3cr3t-value');
  r.add('s3cr3t-value-longer');
  r.add('a"b\\c<d>&e');
  r.add('short');

  test('replaces each value wherever it appears, the longest first, as written and as JSON, URLs and HTML write it', () => {
    expect(r.scrub('x s3cr3t-value-longer y s3cr3t-value z')).toBe('x ‹secret: 19 chars› y ‹secret: 12 chars› z');
    expect(r.scrub(JSON.stringify({ v: 'a"b\\c<d>&e' }))).toBe('{"v":"‹secret: 10 chars›"}');
    expect(r.scrub(`?q=${encodeURIComponent('a"b\\c<d>&e')}`)).toBe('?q=‹secret: 10 chars›');
    expect(r.scrub('<td>a&quot;b\\c&lt;d&gt;&amp;e</td>')).toBe('<td>‹secret: 10 chars›</td>');
  });

  test('leaves values under the minimum length alone (they would match ordinary text), and text without values as it is', () => {
    expect(r.scrub('short text')).toBe('short text');
    const plain = 'nothing to see '.repeat(100);
    expect(r.scrub(plain)).toBe(plain);
    expect(new Redactor().scrub('s3cr3t-value')).toBe('s3cr3t-value');
  });

  test('scrubJson scrubs every string of a value, keys included', () => {
    expect(r.scrubJson({ 's3cr3t-value': ['s3cr3t-value', 3, null, { a: 'x s3cr3t-value' }] })).toEqual({
      '‹secret: 12 chars›': ['‹secret: 12 chars›', 3, null, { a: 'x ‹secret: 12 chars›' }],
    });
  });

  test('finds values at the very start and end, and next to each other', () => {
    expect(r.scrub('s3cr3t-values3cr3t-value')).toBe('‹secret: 12 chars›‹secret: 12 chars›');
    expect(r.scrub('xs3cr3t-value')).toBe('x‹secret: 12 chars›');
  });
});

test('scrubAddress: a secret inside an address is replaced by its redaction percent-encoded, so the address stays a URI', () => {
  const r = new Redactor();
  r.add('s3cretSignature');
  const url = 'https://shop.example/f.woff2?hmac=s3cretSignature&v=1';
  expect(r.scrubAddress(url)).toBe(`https://shop.example/f.woff2?hmac=${encodeURIComponent('‹secret: 15 chars›')}&v=1`);
  expect(() => new URL(r.scrubAddress(url))).not.toThrow();
  expect(r.scrub(url)).toBe('https://shop.example/f.woff2?hmac=‹secret: 15 chars›&v=1');
});
