import { SHAPES, SHAPE_NAMES, shapeByName, tightestShape } from './index';

describe('every shape', () => {
  it('has a unique name, a description and at least one example', () => {
    expect(new Set(SHAPE_NAMES).size).toBe(SHAPES.length);
    for (const s of SHAPES) {
      expect(s.description.length).toBeGreaterThan(10);
      expect(s.examples.length).toBeGreaterThan(0);
    }
  });

  const examples = SHAPES.flatMap((s) => s.examples.map((v) => [s.name, v] as const));
  it.each(examples)('%s accepts %j', (name, value) => {
    expect(shapeByName(name)!.test(value)).toBe(true);
  });

  const counter = SHAPES.flatMap((s) => s.counterExamples.map((v) => [s.name, v] as const));
  it.each(counter)('%s rejects %j', (name, value) => {
    expect(shapeByName(name)!.test(value)).toBe(false);
  });

  it('covers the shapes named by the service description', () => {
    for (const n of [
      'hex32',
      'HEX32',
      'hex64',
      'HEX64',
      'alnum-lower24',
      'guid',
      'http-date',
      'yyMMddTHHmm',
      'digits',
      'ms13',
      'base64url',
      'url-safe-token',
      'iis-etag',
      'shopify-etag',
      'quoted-HEX64',
      'request-id',
      'cf-ray',
      'azure-ref',
      'net-ticks',
      'country-code',
      'url-encoded-json',
      'analytics-cookie',
      'integer',
      'any',
    ]) {
      expect(shapeByName(n)).toBeDefined();
    }
    expect(shapeByName('nope')).toBeUndefined();
  });
});

describe('tightestShape', () => {
  it.each<[string[], string | undefined]>([
    [['6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b', 'ffffffffffffffffffffffffffffffff'], 'hex32'],
    [['6C1F0E3A9B8D4E2F8A7B6C5D4E3F2A1B'], 'HEX32'],
    [['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'], 'hex64'],
    [['"9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08"'], 'quoted-HEX64'],
    [['6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b|False', '0c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b|True'], 'analytics-cookie'],
    [['k3j4h5g6f7d8s9a0q1w2e3r4'], 'alnum-lower24'],
    [['Wed, 08 Apr 2026 16:54:52 GMT'], 'http-date'],
    [['Wed, 08 Apr 2026 16:54:52 GMT', 'Tue, 08-Apr-2036 16:54:52 GMT'], 'cookie-date'],
    [['260408T1654'], 'yyMMddTHHmm'],
    [['1712595292123'], 'ms13'],
    [['1712595292123', '42'], 'digits'],
    [['-1', '42'], 'integer'],
    [['"0d6835d694bd81:0"'], 'iis-etag'],
    [['W/"cacheable:6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b"'], 'shopify-etag'],
    [['3f2504e0-4f89-11d3-9a0c-0305e82c3301'], 'uuid'],
    [['3F2504E0-4F89-11D3-9A0C-0305E82C3301'], 'guid'],
    [['8715f2c3a9e7b4d1-LHR'], 'cf-ray'],
    [['US', 'GB'], 'country-code'],
    [['CfDJ8Mx-3kQ_aZb1'], 'base64url'],
    [['CfDJ8Mx-3kQ.aZb1~'], 'url-safe-token'],
    [['hello world'], undefined],
    [['6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b', 'k3j4h5g6f7d8s9a0q1w2e3r4'], 'base64url'],
    [[], undefined],
    [[''], 'empty'],
  ])('%j -> %s', (values, name) => {
    expect(tightestShape(values)).toBe(name);
  });
});
