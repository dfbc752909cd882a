import { digitSkeleton, inferValue, numberMatcher, relativeTime, secretMatcher } from './infer';

describe('inferValue', () => {
  it('keeps agreeing values literal', () => expect(inferValue(['nosniff', 'nosniff'])).toBe('nosniff'));
  it('turns differing values into the tightest named shape', () => {
    expect(inferValue(['"aa11:0"', '"bb22:0"'])).toEqual({ shape: 'iis-etag' });
    expect(inferValue(['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210'])).toEqual({ shape: 'hex32' });
  });
  it('falls back to a digit skeleton regex, then to any', () => {
    expect(inferValue(['public, max-age=6000', 'public, max-age=15300'])).toEqual({ regex: '^public, max-age=[0-9]+$' });
    expect(inferValue(['a b', 'c d e'])).toEqual({ shape: 'any' });
  });
  it('never writes a secret, even a single agreeing one', () => {
    expect(inferValue(['CANARYsecretValue'], { secret: true })).toEqual({ shape: expect.any(String) });
    expect(JSON.stringify(inferValue(['Bearer CANARY-abcdef']))).not.toContain('CANARY');
    expect(JSON.stringify(inferValue(['x', 'y'], { secret: true }))).not.toMatch(/"x"|"y"/);
  });
  it('treats volatile fields as shapes even with one capture', () =>
    expect(inferValue(['Tue, 14 Apr 2026 10:00:00 GMT'], { volatile: true })).toEqual({ shape: 'http-date' }));
  it('turns a secondary host origin into a port-free regex', () =>
    expect(inferValue(['\u0001https://hop2.redirect.test\u0002/'])).toEqual({ regex: '^https://hop2\\.redirect\\.test(?::[0-9]+)?/$' }));
});

describe('numbers and times', () => {
  it('range for differing numbers', () => expect(numberMatcher([3, 1, 2])).toEqual({ range: { min: 1, max: 3 } }));
  it('relative time centred on the offsets seen', () =>
    expect(relativeTime([6000, 15300])).toEqual({ relativeTime: { to: 'date', offsetSeconds: 10650, toleranceSeconds: 4650 } }));
  it('no skeleton for values that differ outside digits', () => expect(digitSkeleton(['a1', 'b2'])).toBeUndefined());
});

describe('secretMatcher', () => {
  it('takes the shape that redacted values name (a recording writes cookies so), any when they disagree', () => {
    expect(secretMatcher(['‹secret: hex64, 64 chars›', '‹secret: hex64, 64 chars›'])).toEqual({ shape: 'hex64' });
    expect(secretMatcher(['‹secret: hex64, 64 chars›', '‹secret: alnum-lower24, 24 chars›'])).toEqual({ shape: 'any' });
    expect(secretMatcher(['‹secret: no-such-shape, 3 chars›'])).toEqual({ shape: 'any' });
    expect(inferValue(['‹secret: alnum-lower24, 24 chars›'], { secret: true })).toEqual({ shape: 'alnum-lower24' });
  });
});
