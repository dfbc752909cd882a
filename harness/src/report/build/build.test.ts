import { buildResults, failuresFirst, worst } from '.';
import { RECORD_VERSION } from '../../record';
import { collected, failingInput, passingInput, replayRecord, runMeta } from '../fixtures';
import { H3_COMMAND, H3_COMMAND_LINE, H3_ENDPOINT, H3_SKIPPED, h3FailingInput, h3PassingInput, h3Record } from '../h3-fixtures';

describe('buildResults', () => {
  test('a passing run: counts per role, expectations grouped across protocols, run status passed', () => {
    const r = buildResults(passingInput());
    expect(r.run.status).toBe('passed');
    expect(r.roles.map((x) => x.role)).toEqual(['site', 'bare', 'shop']);
    const home = r.tests.find((t) => t.id === 'site/home')!;
    expect(home.kind).toBe('exchange');
    // status, x-frame-options, cookie value, checks (info, warn), a rule whose premise failed, parity: one expectation each, h1 and h2 inside.
    expect(home.expectations.map((e) => [e.id, e.verdict, e.level, e.findings.length])).toEqual([
      ['site/home status', 'pass', 'must', 2],
      ['site/home header x-frame-options', 'pass', 'must', 2],
      ['site/home cookie ASP.NET_SessionId value', 'pass', 'must', 2],
      ['site/home check cache/etag-strong', 'info', 'info', 2],
      ['site/home check vary/negotiated-response-has-vary accept-encoding', 'warn', 'should', 2],
      ['site/home header allow', 'n/a', 'must', 2],
      ['site/home parity', 'pass', 'must', 1],
    ]);
    expect(home.counts).toEqual({ error: 0, fail: 0, warn: 1, known: 0, diff: 0, info: 1, fixed: 0, skip: 0, 'n/a': 1, pass: 4 });
    expect(home.verdict).toBe('warn');
    expect(r.run.failOn).toBe('fail');
    const noise = { status: false, fields: ['x-trace-id'], presence: [], cookies: { 'ASP.NET_SessionId': ['value'] }, body: false };
    expect(home.legs![0].steps[0].noise).toEqual(noise);
    expect(r.run.protocolMix).toEqual({ browser: 1, h1: 2, h2: 2 });
  });

  test('tests without findings keep their Playwright outcome; skips keep their reason', () => {
    const r = buildResults(passingInput());
    const plain = r.tests.find((t) => t.kind === 'test' && t.role === 'site')!;
    expect(plain.expectations).toMatchObject([{ id: 'site family over h1 › site/home: page, headers and cookies', verdict: 'pass' }]);
    const skipped = r.tests.find((t) => t.role === 'shop')!;
    expect(skipped.skipped).toBe('role not mapped');
    expect(skipped.expectations[0]).toMatchObject({ verdict: 'skip', findings: [{ actual: 'role not mapped' }] });
  });

  test('a failing run: the failing expectation, its protocols, run status failed, failures first', () => {
    const r = buildResults(failingInput());
    expect(r.run.status).toBe('failed');
    expect(r.totals.fail).toBe(1);
    const e = r.tests.find((t) => t.id === 'site/home')!.expectations.find((x) => x.verdict === 'fail')!;
    expect(e.id).toBe('site/home header x-frame-options');
    expect(e.findings.map((f) => [f.protocol, f.expected, f.actual])).toEqual([
      ['h1', 'SAMEORIGIN, SAMEORIGIN', 'SAMEORIGIN'],
      ['h2', 'SAMEORIGIN, SAMEORIGIN', 'SAMEORIGIN'],
    ]);
    expect(e.clause).toMatch(/sent twice/);
    expect(failuresFirst(r.tests)[0].id).toBe('site/home');
  });

  test('the result does not depend on the order tests arrived in (shards, workers)', () => {
    const a = passingInput();
    const b = passingInput();
    b.tests.reverse();
    expect(buildResults(b)).toEqual(buildResults(a));
  });

  test('anchors are stable across runs and unique within one', () => {
    const keys = (r: ReturnType<typeof buildResults>) =>
      r.tests.flatMap((t) => [t.key, ...t.expectations.flatMap((e) => [e.key, ...e.findings.map((f) => f.key)])]);
    const one = keys(buildResults(passingInput()));
    expect(keys(buildResults(passingInput()))).toEqual(one);
    expect(new Set(one).size).toBe(one.length);
    for (const k of one) expect(k).toMatch(/^[a-z]-[a-z0-9-]+$/);
  });

  test('secrets are shown as shape and length unless raw values are asked for', () => {
    const redacted = buildResults(passingInput());
    expect(JSON.stringify(redacted).includes('q9w8e7r6t5y4u3i2o1p0asdf')).toBe(false);
    const home = redacted.tests.find((t) => t.id === 'site/home')!;
    const f = home.expectations.find((e) => e.id.endsWith('value'))!.findings[0];
    expect(f).toMatchObject({ actual: '‹secret: alnum-lower24, 24 chars›', redacted: true });
    expect(home.legs![0].steps[0].request!.headers).toContainEqual(['cookie', 'ASP.NET_SessionId=‹secret: alnum-lower24, 24 chars›']);
    const raw = buildResults({ ...passingInput(), run: runMeta({ rawSecrets: true }) });
    expect(JSON.stringify(raw).includes('q9w8e7r6t5y4u3i2o1p0asdf')).toBe(true);
  });

  test('a discovered step shows its address and page; what a page links is shown with its signed queries redacted', () => {
    const signed = 'https://shop.test/cdn/fonts/f/f_n4.woff2?h1=c2hvcA&h2=c3RvcmU&hmac=9f83645f5fba2eab9ff08ff7b36efb15dc15acad1029479ae6564bb893681c1f';
    const record = replayRecord('shop/font');
    record.legs[0].steps[0] = {
      ...record.legs[0].steps[0],
      discovered: { template: '/cdn/fonts/{family}/{file}.woff2', from: 'https://shop.test/products/x', url: signed, via: 'link[href]' },
    } as never;
    record.legs[1].steps[0] = {
      id: 'shop/font',
      protocol: 'h2',
      discovered: { template: '/cdn/fonts/{family}/{file}.woff2', from: 'https://shop.test/products/x' },
      findings: [
        {
          id: 'shop/font discover',
          aspect: { kind: 'discover' },
          verdict: 'fail',
          level: 'must',
          expected: 'an address of the shape',
          actual: `https://shop.test/products/x links nothing of the shape; it links ${signed}, https://shop.test/a.css`,
          source: 'capture',
          protocol: 'h2',
          secrets: [{ kind: 'signed', value: new URL(signed).searchParams.get('hmac') }],
        },
      ],
    } as never;
    const r = buildResults({ run: runMeta(), tests: [collected(['shop', 'shop/font'], record)] });
    const text = JSON.stringify(r);
    expect(text).not.toContain('9f83645f5fba2eab9ff08ff7b36efb15dc15acad1029479ae6564bb893681c1f');
    const steps = r.tests[0].legs!.flatMap((l) => l.steps);
    expect(steps[0].discovered).toMatchObject({
      template: '/cdn/fonts/{family}/{file}.woff2',
      from: 'https://shop.test/products/x',
      via: 'link[href]',
      url: expect.stringMatching(/^https:\/\/shop\.test\/cdn\/fonts\/f\/f_n4\.woff2\?h1=.*&hmac=%E2%80%B9secret%3A%20hex64%2C%2064%20chars%E2%80%BA$/),
    });
    expect(steps[1].discovered).toEqual({ template: '/cdn/fonts/{family}/{file}.woff2', from: 'https://shop.test/products/x' });
    const miss = r.tests[0].expectations.find((e) => e.id === 'shop/font discover')!.findings[0];
    expect(miss).toMatchObject({
      redacted: true,
      actual: expect.stringMatching(
        /links nothing of the shape; it links https:\/\/shop\.test\/cdn\/fonts\/f\/f_n4\.woff2\?h1=.*hmac=‹secret: hex64, 64 chars›, https:\/\/shop\.test\/a\.css$/,
      ),
    });
  });

  test('a failing test whose findings all pass gets an error expectation (nothing is lost)', () => {
    const t = collected(['site', 'site/home'], replayRecord('site/home'), { status: 'timedOut', errors: ['Test timeout of 60000ms exceeded.'] });
    const r = buildResults({ run: runMeta(), tests: [t] });
    expect(r.tests[0].expectations.at(-1)).toMatchObject({
      id: 'site/home (test)',
      verdict: 'error',
      findings: [{ message: 'Test timeout of 60000ms exceeded.' }],
    });
    expect(r.run.status).toBe('failed');
  });

  test('a test without findings that fails an expect is a fail; one that throws is an error, whatever its message says', () => {
    const fail = collected(['x', 'site/a'], undefined, { status: 'failed', errors: ['the values differ'], assertionFailed: true });
    const err = collected(['x', 'site/b'], undefined, { status: 'failed', errors: ['TypeError: expect(received).toBe(expected)'] });
    const timedOut = collected(['x', 'site/c'], undefined, { status: 'timedOut', errors: ['Test timeout of 60000ms exceeded.'], assertionFailed: true });
    const r = buildResults({ run: runMeta(), tests: [fail, err, timedOut] });
    expect(r.tests.map((t) => t.verdict)).toEqual(['fail', 'error', 'error']);
  });

  test('retries: the last attempt counts', () => {
    const first = collected(['site', 'site/home'], undefined, { status: 'failed', errors: ['expect(x)'] });
    const second = collected(['site', 'site/home'], undefined, { retry: 1 });
    expect(buildResults({ run: runMeta(), tests: [second, first] }).tests.map((t) => t.verdict)).toEqual(['pass']);
  });

  test('an unreadable findings attachment is an error, not a pass', () => {
    const t = collected(['site', 'site/home'], undefined, { attachments: [{ name: 'findings', contentType: 'application/json', body: Buffer.from('{oops') }] });
    expect(buildResults({ run: runMeta(), tests: [t] }).tests[0].expectations[0]).toMatchObject({ verdict: 'error' });
  });

  test('run errors fail the run; shapes carry their description and examples', () => {
    expect(buildResults({ ...passingInput(), run: runMeta({ runErrors: ['global setup failed'] }) }).run.status).toBe('failed');
    const e = buildResults(passingInput())
      .tests.find((t) => t.id === 'site/home')!
      .expectations.find((x) => x.shape)!;
    expect(e.shape).toMatchObject({ name: 'alnum-lower24' });
    expect(e.shape!.examples.length).toBeGreaterThan(0);
  });

  test('a browser flow without redirects in its HAR shows the hops it recorded (3xx only, checked field by field)', () => {
    const id = 'redirector/browser/favicon-chain';
    const flow = {
      version: RECORD_VERSION,
      kind: 'browser-flow',
      role: 'redirector',
      id,
      title: 'chain',
      target: 'reference',
      findings: [{ id: `${id} {redirector_url}/favicon.ico status`, verdict: 'pass', level: 'must', expected: '301', actual: '301', source: 'capture' }],
      redirects: [
        { status: 301, url: 'https://go.redirect.test/favicon.ico', location: 'https://hop2.test/' },
        { status: 200, url: '{redirector_url_3}/', location: '(absent)' },
        { status: '302', url: 'x', location: 'y' },
      ],
    };
    const r = buildResults({ run: runMeta(), tests: [collected(['redirector', id], flow, { project: 'browser', redirects: [] })] });
    expect(r.tests[0].browser!.redirects).toEqual([{ status: 301, url: 'https://go.redirect.test/favicon.ico', location: 'https://hop2.test/' }]);
  });

  test('worst follows the one verdict order', () => {
    expect(worst(['pass', 'warn', 'info'])).toBe('warn');
    expect(worst(['skip'])).toBe('skip');
    expect(worst(['info', 'fail', 'error'])).toBe('error');
    expect(worst([])).toBe('pass');
  });

  test('HARNESS_FAIL_ON decides the run status: warns pass at the default, fail at warn', () => {
    expect(buildResults(passingInput()).run.status).toBe('passed');
    const input = passingInput();
    input.run.failOn = 'warn';
    expect(buildResults(input).run.status).toBe('failed');
    input.run.failOn = 'info';
    expect(buildResults(input).run.status).toBe('failed');
  });

  test('a finding without a level gets the level of its provenance', () => {
    const rec = {
      version: RECORD_VERSION,
      id: 'x/y',
      role: 'site',
      kind: 'exchange',
      legs: [
        {
          protocol: 'h1',
          steps: [
            {
              id: 'x/y',
              findings: [
                { id: 'x/y a', verdict: 'info', expected: 'a', actual: 'b', source: 'reference' },
                { id: 'x/y b', verdict: 'pass', expected: 'a', actual: 'a', source: 'capture' },
              ],
            },
          ],
        },
      ],
      parity: [],
    };
    const t = buildResults({ run: runMeta(), tests: [collected(['site', 'x/y'], rec)] }).tests[0];
    expect(t.expectations.map((e) => e.level)).toEqual(['info', 'must']);
  });
});

describe('secrets redacted from what a finding declares, never by its id or its wording', () => {
  const secret = 'k3j4h5g6f7d8s9a0q1w2e3r4';
  const recordWith = (findings: Array<Record<string, unknown>>) => {
    const r = replayRecord('site/home');
    (r.legs[0].steps[0] as { findings: unknown[] }).findings = findings.map((f) => ({
      verdict: 'fail',
      level: 'must',
      expected: 'x',
      source: 'capture',
      ...f,
    }));
    return r;
  };
  const shown = (findings: Array<Record<string, unknown>>, rawSecrets = false) =>
    buildResults({ run: runMeta({ rawSecrets }), tests: [collected(['site', 'site/home'], recordWith(findings))] }).tests[0].expectations.map(
      (e) => e.findings[0],
    );

  test('a Set-Cookie field keeps its attributes and the words of its value; a credential is redacted whole; another field is shown', () => {
    const [cookie, auth, xfo] = shown([
      {
        id: 'site/home header set-cookie',
        aspect: { kind: 'header', name: 'set-cookie' },
        actual: `sid=${secret}; Path=/; HttpOnly, sxa_site=Lessons; Path=/`,
        secrets: [
          { kind: 'cookie', value: secret },
          { kind: 'cookie', value: 'Lessons' },
        ],
      },
      {
        id: 'site/home header authorization',
        aspect: { kind: 'header', name: 'Authorization' },
        actual: `Bearer ${secret}`,
        secrets: [{ kind: 'credential', value: `Bearer ${secret}` }],
      },
      { id: 'site/home header x-frame-options', aspect: { kind: 'header', name: 'x-frame-options' }, actual: 'DENY' },
    ]);
    expect(cookie.actual).toBe('sid=‹secret: alnum-lower24, 24 chars›; Path=/; HttpOnly, sxa_site=Lessons; Path=/');
    expect(auth.actual).toMatch(/^‹secret: [^›]+, 31 chars›$/);
    expect(xfo.actual).toBe('DENY');
    expect([cookie.redacted, auth.redacted, xfo.redacted]).toEqual([true, true, undefined]);
    expect(JSON.stringify(cookie)).not.toContain('"secrets"');
  });

  test.each([
    ['as the value alone', (v: string) => v],
    ['quoted', (v: string) => `the cookie was "${v}"`],
    ['after a colon, in a list', (v: string) => `2 lines: [1] sid: ${v}; [2] other`],
    ['JSON-escaped', (v: string) => JSON.stringify({ sid: `${v}\n` })],
    ['percent-encoded in an address', (v: string) => `https://www.lessons.test/?next=${encodeURIComponent(`a b ${v}`)}`],
    ['mid-word', (v: string) => `prefix${v}suffix`],
  ])('a declared value never shows however the text holds it: %s', (_how, word) => {
    const value = `${secret}/+=`;
    const [f] = shown([
      {
        id: 'site/home cookie sid value',
        aspect: { kind: 'cookie', name: 'sid', attribute: 'value' },
        expected: word(value),
        actual: word(value),
        message: word(value),
        observed: word(value),
        baseline: word(value),
        compared: { by: 'diff', first: 'baseline', second: 'candidate', firstValue: word(value), secondValue: word(value) },
        detail: word(value),
        secrets: [{ kind: 'credential', value }],
      },
    ]);
    const text = JSON.stringify(f);
    for (const form of [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1), secret]) expect(text).not.toContain(form);
  });

  test("a comparison's two values are redacted as its actual is; raw secrets show them", () => {
    const finding = {
      id: 'site/home parity cookie sid value',
      aspect: { kind: 'cookie', name: 'sid', attribute: 'value' },
      compared: { by: 'parity', first: 'h1', second: 'h2', firstValue: secret, secondValue: `${secret}2` },
      actual: `h2: ${secret}2`,
      secrets: [
        { kind: 'cookie', value: secret },
        { kind: 'cookie', value: `${secret}2` },
      ],
    };
    const [f] = shown([finding]);
    expect(JSON.stringify(f)).not.toContain(secret);
    expect(f.compared).toMatchObject({ by: 'parity', first: 'h1', second: 'h2' });
    const [raw] = shown([finding], true);
    expect(raw.compared).toMatchObject({ firstValue: secret, secondValue: `${secret}2` });
  });

  test('an aspect that is not one the record knows is dropped, not trusted', () => {
    const [f] = shown([
      { id: 'site/home header x', aspect: { kind: 'header' }, actual: 'v' },
      { id: 'site/home y', aspect: { kind: 'page' }, actual: 'v' },
    ]);
    expect(f.aspect).toBeUndefined();
  });
});

test('a finding kept beside the legs belongs to the step it names, when the record has that step; its id is never read for it', () => {
  const r = replayRecord('site/home');
  (r.parity as unknown[]).push(
    { id: 'site/home parity header x', step: 'site/home', verdict: 'fail', level: 'must', expected: 'a', actual: 'b', source: 'rfc' },
    { id: 'site/home parity header y', step: 'site/elsewhere', verdict: 'fail', level: 'must', expected: 'a', actual: 'b', source: 'rfc' },
    { id: 'site/home parity header z', verdict: 'fail', level: 'must', expected: 'a', actual: 'b', source: 'rfc' },
  );
  const t = buildResults({ run: runMeta(), tests: [collected(['site', 'site/home'], r)] }).tests[0];
  const stepOf = (id: string) => t.expectations.find((e) => e.id === id)!.step;
  expect([stepOf('site/home parity header x'), stepOf('site/home parity header y'), stepOf('site/home parity header z')]).toEqual([
    'site/home',
    undefined,
    undefined,
  ]);
});

describe('an h3 leg', () => {
  test('is a leg of its own: its step keeps the endpoint, the recorded command (never curl) and its h1 twin; its answer counts as h3', () => {
    const r = buildResults(h3PassingInput());
    const home = r.tests.find((t) => t.id === 'site/home')!;
    expect(home.legs!.map((l) => l.protocol)).toEqual(['h1', 'h2', 'h3']);
    const step = home.legs![2].steps[0];
    expect(step).toMatchObject({
      protocol: 'h3',
      reproduce: H3_COMMAND_LINE,
      h3Command: H3_COMMAND,
      response: { protocol: 'h3', status: 200, bodySize: 21000 },
    });
    expect(step.h3).toMatchObject({ endpoint: H3_ENDPOINT, twin: { protocol: 'h1', status: 200, bodySize: 4158, decodedSize: 21000 } });
    // The h1 and h2 legs keep their curl lines.
    expect(home.legs![0].steps[0].reproduce).toMatch(/^curl .* --http1\.1 /);
    expect(home.legs![1].steps[0].reproduce).toMatch(/^curl .* --http2 /);
    expect(new Set(home.legs!.map((l) => l.steps[0].key)).size).toBe(3);
    expect(home.expectations.find((e) => e.id === 'site/home parity h3')).toMatchObject({ verdict: 'pass', step: 'site/home' });
    const skipped = r.tests.find((t) => t.id === 'site/static')!.legs![2];
    expect(skipped).toEqual({ protocol: 'h3', skipped: H3_SKIPPED, steps: [] });
    // The twin is a second opinion on one request, not a response of the run.
    expect(r.run.protocolMix).toEqual({ h1: 2, h2: 2, h3: 1 });
  });

  test("a transport error is an h3 finding of the step; a parity failure is the exchange's", () => {
    const r = buildResults(h3FailingInput());
    expect(r.run.status).toBe('failed');
    const transport = r.tests.find((t) => t.id === 'site/static')!.expectations.find((e) => e.id === 'site/static h3 transport')!;
    expect(transport).toMatchObject({ verdict: 'error', step: 'site/static', findings: [{ protocol: 'h3', verdict: 'error' }] });
    const step = r.tests.find((t) => t.id === 'site/static')!.legs![2].steps[0];
    expect(step.response).toBeUndefined();
    expect(step.reproduce).toBeUndefined();
    expect(step.h3).toEqual({ endpoint: H3_ENDPOINT });
    const parity = r.tests.find((t) => t.id === 'site/home')!.expectations.find((e) => e.verdict === 'fail')!;
    expect(parity.id).toBe('site/home parity h3 header x-frame-options');
    expect(parity.findings.map((f) => [f.protocol, f.expected, f.actual])).toEqual([[undefined, 'h3 as h1: SAMEORIGIN, SAMEORIGIN', 'h3: SAMEORIGIN']]);
  });

  test("secrets of the h3 leg are redacted as the others' are: the twin's cookies, the command's signed address", () => {
    const secret = '9f83645f5fba2eab9ff08ff7b36efb15dc15acad1029479ae6564bb893681c1f';
    const record = h3Record('site/home', {
      extraLines: [['set-cookie', `sid=${secret}; Path=/`]],
      command: { launch: 'chromium --headless', request: `--dump-dom 'https://www.lessons.test:8443/a?hmac=${secret}'` },
    });
    const input = { run: runMeta(), tests: [collected(['site', 'site/home'], record)] };
    expect(JSON.stringify(buildResults(input))).not.toContain(secret);
    const step = buildResults(input).tests[0].legs![2].steps[0];
    expect(step.reproduce).toMatch(
      /^chromium --headless --dump-dom 'https:\/\/www\.lessons\.test:8443\/a\?hmac=%E2%80%B9secret%3A%20hex64%2C%2064%20chars%E2%80%BA'$/,
    );
    expect(step.h3!.twin!.lines).toContainEqual(['set-cookie', 'sid=‹secret: hex64, 64 chars›; Path=/']);
    const raw = buildResults({ ...input, run: runMeta({ rawSecrets: true }) }).tests[0].legs![2].steps[0];
    expect(step.h3Command!.request).not.toContain(secret);
    expect(raw.reproduce).toContain(secret);
  });
});
