import { observed, type FixtureInput } from '../spec-model/observed-fixture';
import { compareAnswers, describeNoise, emptyNoise, learnNoise, mergeNoise } from '.';

const D1 = 'Wed, 08 Apr 2026 16:54:52 GMT';
const D2 = 'Wed, 08 Apr 2026 16:54:53 GMT';
const h1 = (over: FixtureInput) => observed({ protocol: 'h1', ...over });
const h2 = (over: FixtureInput) => observed({ protocol: 'h2', ...over });
const OPTS = { aspect: 'parity', first: 'h1', second: 'h2', clause: 'RFC 9113 §8.3' };

describe('learnNoise: what differs between two answers over one protocol', () => {
  test.each<[string, FixtureInput, FixtureInput, string[]]>([
    [
      'identical answers: no noise',
      {
        lines: [
          ['date', D1],
          ['x-frame-options', 'SAMEORIGIN'],
        ],
        body: 'a',
      },
      {
        lines: [
          ['date', D1],
          ['x-frame-options', 'SAMEORIGIN'],
        ],
        body: 'a',
      },
      [],
    ],
    ['a trace header of any name', { lines: [['x-b3-traceid', 'a1b2c3']] }, { lines: [['x-b3-traceid', 'd4e5f6']] }, ['header x-b3-traceid']],
    [
      'a cache status that goes from miss to hit',
      { lines: [['cache-status', '"edge"; fwd=uri-miss']] },
      { lines: [['cache-status', '"edge"; hit']] },
      ['header cache-status'],
    ],
    ['present once, absent once', { lines: [['x-debug', '1']] }, { lines: [] }, ['header x-debug']],
    [
      'Date and Age are the moment of the answer, never noise',
      {
        lines: [
          ['date', D1],
          ['age', '0'],
        ],
      },
      {
        lines: [
          ['date', D2],
          ['age', '1'],
        ],
      },
      [],
    ],
    [
      'Expires a fixed time after Date is not noise',
      {
        lines: [
          ['date', D1],
          ['expires', 'Wed, 08 Apr 2026 17:54:52 GMT'],
        ],
      },
      {
        lines: [
          ['date', D2],
          ['expires', 'Wed, 08 Apr 2026 17:54:53 GMT'],
        ],
      },
      [],
    ],
    [
      'two lines equal one joined line',
      {
        lines: [
          ['x-frame-options', 'SAMEORIGIN'],
          ['x-frame-options', 'SAMEORIGIN'],
        ],
      },
      { lines: [['x-frame-options', 'SAMEORIGIN, SAMEORIGIN']] },
      [],
    ],
    [
      'a session id: its value only',
      { lines: [['set-cookie', 'sid=abc; path=/; HttpOnly']] },
      { lines: [['set-cookie', 'sid=def; path=/; HttpOnly']] },
      ['cookie sid value'],
    ],
    [
      'a cookie expiry relative to Date is stable',
      {
        lines: [
          ['date', D1],
          ['set-cookie', 'k=1; expires=Wed, 08 Apr 2026 17:24:52 GMT'],
        ],
      },
      {
        lines: [
          ['date', D2],
          ['set-cookie', 'k=1; expires=Wed, 08 Apr 2026 17:24:53 GMT'],
        ],
      },
      [],
    ],
    [
      'one lifetime written as Max-Age on one answer and as Expires on the other is one lifetime',
      {
        lines: [
          ['date', D1],
          ['set-cookie', 'k=1; Max-Age=1800'],
        ],
      },
      {
        lines: [
          ['date', D2],
          ['set-cookie', 'k=1; expires=Wed, 08 Apr 2026 17:24:53 GMT'],
        ],
      },
      [],
    ],
    [
      'another lifetime, a session cookie, or a deletion are other expiries; two deletions are one',
      {
        lines: [
          ['date', D1],
          ['set-cookie', 'k=1; Max-Age=1800'],
          ['set-cookie', 's=1'],
          ['set-cookie', 'd=; Max-Age=0'],
          ['set-cookie', 'e=; Max-Age=0'],
        ],
      },
      {
        lines: [
          ['date', D2],
          ['set-cookie', 'k=1; Max-Age=3600'],
          ['set-cookie', 's=1; Max-Age=60'],
          ['set-cookie', 'd=; Max-Age=60'],
          ['set-cookie', 'e=; expires=Thu, 01 Jan 1970 00:00:00 GMT'],
        ],
      },
      ['cookie d expiry', 'cookie k expiry', 'cookie s expiry'],
    ],
    [
      'a cookie set alike but for one attribute: that attribute alone',
      { lines: [['set-cookie', 'sid=abc; Path=/; HttpOnly']] },
      { lines: [['set-cookie', 'sid=abc; Path=/app; HttpOnly']] },
      ['cookie sid path'],
    ],
    [
      'a cookie set twice on one answer, once on the other: the aspects the count changes',
      {
        lines: [
          ['set-cookie', 'k=1; Path=/'],
          ['set-cookie', 'k=1; Path=/a'],
        ],
      },
      { lines: [['set-cookie', 'k=1; Path=/']] },
      ['cookie k expiry, path, lines'],
    ],
    [
      'two lines of one cookie, alike in order: no noise',
      {
        lines: [
          ['set-cookie', 'k=1; Path=/'],
          ['set-cookie', 'k=2; Path=/a; Secure'],
        ],
      },
      {
        lines: [
          ['set-cookie', 'k=1; Path=/'],
          ['set-cookie', 'k=2; Path=/a; Secure'],
        ],
      },
      [],
    ],
    [
      'a value in another spelling its field calls the same is one value; a parameter more is not',
      {
        lines: [
          ['cache-control', 'public, max-age=60'],
          ['vary', 'Accept-Encoding'],
          ['content-type', 'text/css'],
        ],
      },
      {
        lines: [
          ['cache-control', 'max-age=60,Public'],
          ['vary', 'accept-encoding'],
          ['content-type', 'text/css; charset=utf-8'],
        ],
      },
      ['header content-type'],
    ],
    ['a field named in two cases is one field', { lines: [['X-Frame-Options', 'DENY']] }, { lines: [['x-frame-options', 'DENY']] }, []],
    ['a body with a token', { body: 'token=1' }, { body: 'token=2' }, ['body']],
    ['a status that changes', { status: 200 }, { status: 503 }, ['status']],
  ])('%s', (_name, a, b, expected) => {
    expect(describeNoise(learnNoise(h1(a), h1(b)))).toEqual(expected);
  });

  test('never learned across protocols', () => {
    expect(() => learnNoise(h1({}), h2({}))).toThrow(/one protocol/);
  });

  test('merge is the union', () => {
    const a = learnNoise(h1({ lines: [['x-a', '1']] }), h1({ lines: [['x-a', '2']] }));
    const b = learnNoise(h2({ lines: [['set-cookie', 's=1']] }), h2({ lines: [['set-cookie', 's=2']] }));
    expect(describeNoise(mergeNoise(a, b, undefined))).toEqual(['header x-a', 'cookie s value']);
  });
});

describe('compareAnswers: differences the noise does not excuse', () => {
  const ids = (fs: ReturnType<typeof compareAnswers>) => fs.filter((f) => f.verdict === 'fail').map((f) => f.id);

  test('a header dropped over h2 is a failure', () => {
    const fs = compareAnswers('x', h1({ lines: [['x-frame-options', 'SAMEORIGIN']] }), h2({ lines: [] }), emptyNoise(), OPTS);
    expect(ids(fs)).toEqual(['x parity header x-frame-options']);
    expect(fs[0].expected).toBe('h2 as h1: SAMEORIGIN');
    expect(fs[0].actual).toBe('h2: (absent)');
    // What a reader needs is in fields: what differs, what compared it, and each side's own value.
    expect(fs[0].aspect).toEqual({ kind: 'header', name: 'x-frame-options' });
    expect(fs[0].compared).toEqual({ by: 'parity', first: 'h1', second: 'h2', firstValue: 'SAMEORIGIN', secondValue: '(absent)' });
  });

  test('each kind of difference names its aspect; the pass names the comparison alone', () => {
    const a = h1({ status: 200, lines: [['set-cookie', 'sid=a; Path=/']], body: Buffer.from('one') });
    const b = h2({ status: 404, lines: [['set-cookie', 'sid=b; Path=/x']], body: Buffer.from('two') });
    const fs = compareAnswers('x', a, b, emptyNoise(), OPTS);
    expect(fs.map((f) => f.aspect)).toEqual([
      { kind: 'status' },
      { kind: 'cookie', name: 'sid', attribute: 'value' },
      { kind: 'cookie', name: 'sid', attribute: 'path' },
      { kind: 'body' },
    ]);
    expect(fs.find((f) => f.aspect?.kind === 'cookie' && f.aspect.attribute === 'value')).toMatchObject({
      secrets: [
        { kind: 'cookie', value: 'a' },
        { kind: 'cookie', value: 'b' },
      ],
    });
    const same = compareAnswers('x', a, h2({ status: 200, lines: [['set-cookie', 'sid=a; Path=/']], body: Buffer.from('one') }), emptyNoise(), OPTS);
    expect(same).toEqual([expect.objectContaining({ id: 'x parity', verdict: 'pass', compared: { by: 'parity', first: 'h1', second: 'h2' } })]);
    expect(same[0].aspect).toBeUndefined();
  });

  test('a learned trace header is excused, an unlearned one is not', () => {
    const a = h1({ lines: [['x-trace', '1']] });
    const b = h2({ lines: [['x-trace', '2']] });
    expect(ids(compareAnswers('x', a, b, emptyNoise(), OPTS))).toEqual(['x parity header x-trace']);
    const noise = learnNoise(h1({ lines: [['x-trace', '1']] }), h1({ lines: [['x-trace', '3']] }));
    const fs = compareAnswers('x', a, b, noise, OPTS);
    expect(fs.map((f) => f.verdict)).toEqual(['pass']);
    expect(fs[0].actual).toContain('learned as noise: header x-trace');
  });

  test('two lines and one joined line are the same; one member fewer is not', () => {
    const two = h1({
      lines: [
        ['x-frame-options', 'SAMEORIGIN'],
        ['x-frame-options', 'SAMEORIGIN'],
      ],
    });
    expect(ids(compareAnswers('x', two, h2({ lines: [['x-frame-options', 'SAMEORIGIN, SAMEORIGIN']] }), emptyNoise(), OPTS))).toEqual([]);
    expect(ids(compareAnswers('x', two, h2({ lines: [['x-frame-options', 'SAMEORIGIN']] }), emptyNoise(), OPTS))).toEqual(['x parity header x-frame-options']);
  });

  test('a cookie set alike and a field named in two cases: no difference; one attribute apart: that one', () => {
    const a = h1({
      lines: [
        ['Content-Type', 'text/html'],
        ['set-cookie', 'sid=a; Path=/; HttpOnly'],
      ],
    });
    const same = h2({
      lines: [
        ['content-type', 'text/html'],
        ['set-cookie', 'sid=a; Path=/; HttpOnly'],
      ],
    });
    expect(ids(compareAnswers('x', a, same, emptyNoise(), OPTS))).toEqual([]);
    const apart = h2({
      lines: [
        ['content-type', 'text/html'],
        ['set-cookie', 'sid=a; Path=/; HttpOnly; Secure'],
      ],
    });
    expect(ids(compareAnswers('x', a, apart, emptyNoise(), OPTS))).toEqual(['x parity cookie sid secure']);
  });

  test('value noise of a cookie does not excuse its attributes', () => {
    const noise = learnNoise(h1({ lines: [['set-cookie', 'sid=a; path=/; HttpOnly']] }), h1({ lines: [['set-cookie', 'sid=b; path=/; HttpOnly']] }));
    const fs = compareAnswers('x', h1({ lines: [['set-cookie', 'sid=a; path=/; HttpOnly']] }), h2({ lines: [['set-cookie', 'sid=c; path=/']] }), noise, OPTS);
    expect(ids(fs)).toEqual(['x parity cookie sid httponly']);
  });

  test('a cookie value that differs without being noise is a secret failure', () => {
    const fs = compareAnswers('x', h1({ lines: [['set-cookie', 'lang=en']] }), h2({ lines: [['set-cookie', 'lang=fr']] }), emptyNoise(), OPTS);
    expect(fs.map((f) => [f.id, f.secrets])).toEqual([
      [
        'x parity cookie lang value',
        [
          { kind: 'cookie', value: 'en' },
          { kind: 'cookie', value: 'fr' },
        ],
      ],
    ]);
  });

  test('bodies: compared unless noise; then the fields that follow the body are excused too', () => {
    const a = h1({
      lines: [
        ['content-length', '3'],
        ['etag', '"1"'],
      ],
      body: 'abc',
    });
    const b = h2({
      lines: [
        ['content-length', '4'],
        ['etag', '"2"'],
      ],
      body: 'abcd',
    });
    expect(ids(compareAnswers('x', a, b, emptyNoise(), OPTS))).toEqual(['x parity header content-length', 'x parity header etag', 'x parity body']);
    const noise = learnNoise(h1({ body: 'abc' }), h1({ body: 'abd' }));
    expect(ids(compareAnswers('x', a, b, noise, OPTS))).toEqual([]);
  });

  test('a field the second side may omit (Content-Length over h2) is not a difference when absent, is when different', () => {
    const a = h1({ lines: [['content-length', '3']], body: 'abc' });
    const opts = { ...OPTS, mayOmit: new Set(['content-length']) };
    expect(ids(compareAnswers('x', a, h2({ lines: [], body: 'abc' }), emptyNoise(), opts))).toEqual([]);
    expect(ids(compareAnswers('x', a, h2({ lines: [['content-length', '9']], body: 'abc' }), emptyNoise(), opts))).toEqual(['x parity header content-length']);
  });

  test('status', () => {
    expect(ids(compareAnswers('x', h1({ status: 200 }), h2({ status: 404 }), emptyNoise(), OPTS))).toEqual(['x parity status']);
  });
});
