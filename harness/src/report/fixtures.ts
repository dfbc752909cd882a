/**
 * Test fixtures of the report: collected tests as the reporter receives them (a passing and a
 * failing raw replay exchange, a browser flow with a screenshot and a HAR's redirects, a test that
 * attaches nothing, a skipped one) and the run they belong to. The h3 legs are in h3-fixtures.ts,
 * the hostile target in hostile-fixtures.ts, both built on these.
 */
import { RECORD_VERSION, roleAnnotation } from '../record';
import { ROLES } from '../target-map/roles';
import type { CollectedTest } from './collected';
import type { BuildInput } from './build';
import type { TargetMeta } from './types';

export const TARGET: TargetMeta = {
  origin: 'user',
  roles: { site: ['https://www.lessons.test:8443'], bare: ['https://lessons.test:8443'] },
  resolve: ['www.lessons.test:8443:127.0.0.1', 'lessons.test:8443:127.0.0.1:9443'],
  caFile: '/tmp/ca dir/root.pem',
  insecure: false,
  section: 'static',
  description: 'target (user):\n  site  https://www.lessons.test:8443',
};

/** A 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

interface StepOpts {
  protocol: 'h1' | 'h2';
  xfo: string[];
  status?: number;
  expectedXfo?: string;
  extraLines?: Array<[string, string]>;
  cookieValue?: string;
  location?: string;
}

function step(id: string, o: StepOpts) {
  const xfoOk = o.expectedXfo === undefined || o.xfo.join(', ') === o.expectedXfo;
  const status = o.status ?? 200;
  const cookie = o.cookieValue ?? 'q9w8e7r6t5y4u3i2o1p0asdf';
  return {
    id,
    protocol: o.protocol,
    request: {
      method: 'GET',
      url: 'https://www.lessons.test:8443/?q=1',
      headers: [
        ['accept', 'text/html'],
        ['cookie', 'ASP.NET_SessionId=q9w8e7r6t5y4u3i2o1p0asdf'],
      ],
    },
    response: {
      protocol: o.protocol,
      status,
      lines: [
        ['content-type', 'text/html; charset=utf-8'],
        ...o.xfo.map((v) => ['x-frame-options', v]),
        ['set-cookie', `ASP.NET_SessionId=${cookie}; path=/; HttpOnly; SameSite=Lax`],
        ...(o.location ? [['location', o.location]] : []),
        ...(o.extraLines ?? []),
      ],
      bodySize: 4158,
      decodedSize: 21000,
      tls: { protocol: 'TLSv1.3', peerSubject: 'CN=www.lessons.test', peerIssuer: 'CN=Lessons Test Intermediate' },
      timings: { startedAt: '2026-01-01T00:00:00.000Z', totalMs: 12.5 },
    },
    findings: [
      {
        id: `${id} status`,
        aspect: { kind: 'status' },
        verdict: status === 200 ? 'pass' : 'fail',
        level: 'must',
        expected: '200',
        actual: String(status),
        source: 'capture',
        clause: 'service description: the home page answers 200',
        target: 'user',
        protocol: o.protocol,
      },
      {
        id: `${id} header x-frame-options`,
        aspect: { kind: 'header', name: 'x-frame-options' },
        verdict: xfoOk ? 'pass' : 'fail',
        level: 'must',
        expected: o.expectedXfo ?? o.xfo.join(', '),
        actual: o.xfo.join(', ') || '(absent)',
        source: 'capture',
        clause: 'capture: X-Frame-Options is sent twice (SAMEORIGIN, SAMEORIGIN)',
        target: 'user',
        protocol: o.protocol,
      },
      {
        id: `${id} cookie ASP.NET_SessionId value`,
        aspect: { kind: 'cookie', name: 'ASP.NET_SessionId', attribute: 'value' },
        verdict: 'pass',
        level: 'must',
        expected: 'alnum-lower24',
        actual: cookie,
        source: 'capture',
        shape: 'alnum-lower24',
        secrets: [{ kind: 'cookie', value: cookie }],
        target: 'user',
        protocol: o.protocol,
      },
      {
        id: `${id} check cache/etag-strong`,
        aspect: { kind: 'check', check: 'cache/etag-strong' },
        verdict: 'info',
        level: 'info',
        expected: 'a strong ETag',
        actual: 'W/"1"',
        source: 'reference',
        message: 'expectation of the reference',
        target: 'user',
        protocol: o.protocol,
      },
      {
        id: `${id} check vary/negotiated-response-has-vary accept-encoding`,
        aspect: { kind: 'check', check: 'vary/negotiated-response-has-vary', part: 'accept-encoding' },
        verdict: 'warn',
        level: 'should',
        expected: 'vary includes Accept-Encoding (content-encoding: gzip)',
        actual: 'vary: (absent)',
        source: 'rfc',
        message: 'a recommendation (SHOULD)',
        target: 'user',
        protocol: o.protocol,
      },
      {
        id: `${id} header allow`,
        aspect: { kind: 'header', name: 'allow' },
        verdict: 'n/a',
        level: 'must',
        expected: '(present, any value)',
        actual: '(absent)',
        source: 'rfc',
        message: 'premise not met: the rule applies to a 405 answer; this one is 200',
        target: 'user',
        protocol: o.protocol,
      },
    ],
    noise: { status: false, fields: ['x-trace-id'], presence: [], cookies: { 'ASP.NET_SessionId': ['value'] }, body: false },
  };
}

export function replayRecord(id: string, o: Partial<StepOpts> & { role?: string } = {}) {
  const xfo = o.xfo ?? ['SAMEORIGIN', 'SAMEORIGIN'];
  return {
    version: RECORD_VERSION,
    id,
    role: o.role ?? 'site',
    kind: 'exchange',
    target: 'user',
    legs: (['h1', 'h2'] as const).map((protocol) => ({ protocol, steps: [step(id, { ...o, protocol, xfo })] })),
    parity: [
      {
        id: `${id} parity`,
        step: id,
        compared: { by: 'parity', first: 'h1', second: 'h2' },
        verdict: 'pass',
        level: 'must',
        expected: 'the same response over h1 and h2',
        actual: 'the same response over h1 and h2',
        source: 'rfc',
      },
    ],
  };
}

/** The role annotation the suite's test of this title would carry: its describe block's role, or the role its id starts with. */
function roleOfFixture(titlePath: readonly string[]): CollectedTest['annotations'] {
  const role = titlePath.find((p) => (ROLES as readonly string[]).includes(p)) ?? /^([a-z]+)[/:]/.exec(titlePath.at(-1) ?? '')?.[1];
  return role && (ROLES as readonly string[]).includes(role) ? [roleAnnotation(role)] : [];
}

export function collected(titlePath: string[], record: unknown, over: Partial<CollectedTest> = {}): CollectedTest {
  return {
    titlePath,
    project: 'raw',
    file: 'tests/replay.test.ts',
    status: 'passed',
    expectedStatus: 'passed',
    errors: [],
    assertionFailed: false,
    annotations: roleOfFixture(titlePath),
    attachments: record === undefined ? [] : [{ name: 'findings', contentType: 'application/json', body: Buffer.from(JSON.stringify(record)) }],
    durationMs: 10,
    retry: 0,
    startTime: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function flowRecord(id: string, verdict: 'pass' | 'fail' = 'pass') {
  return {
    version: RECORD_VERSION,
    kind: 'browser-flow',
    role: 'bare',
    id,
    title: 'bare host redirects to www',
    target: 'user',
    findings: [
      {
        id: `${id} final url`,
        verdict,
        level: 'must',
        expected: 'https://www.lessons.test:8443/',
        actual: verdict === 'pass' ? 'https://www.lessons.test:8443/' : 'https://lessons.test:8443/',
        source: 'capture',
        clause: 'bare -> www',
      },
    ],
  };
}

export function runMeta(over: Partial<BuildInput['run']> = {}): BuildInput['run'] {
  return {
    title: 'Fixture run',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1234,
    playwrightStatus: 'passed',
    target: TARGET,
    spec: { commit: '0123456789abcdef0123456789abcdef01234567', dirty: false, digest: 'feedfacecafebeef', files: ['site.json'] },
    rawSecrets: false,
    failOn: 'fail',
    runErrors: [],
    ...over,
  };
}

/** A passing run: two exchanges, a browser flow, a test without findings, a skipped test. */
export function passingInput(): BuildInput {
  return {
    run: runMeta(),
    tests: [
      collected(['site', 'site/home'], replayRecord('site/home')),
      collected(['site', 'site/static'], replayRecord('site/static')),
      collected(['bare', 'bare/browser/to-www'], flowRecord('bare/browser/to-www'), {
        project: 'browser',
        file: 'tests/browser/bare-to-www.test.ts',
        attachments: [
          { name: 'findings', contentType: 'application/json', body: Buffer.from(JSON.stringify(flowRecord('bare/browser/to-www'))) },
          { name: 'screenshot', contentType: 'image/png', body: PNG },
        ],
        redirects: [{ status: 301, url: 'https://lessons.test:8443/', location: 'https://www.lessons.test:8443/' }],
      }),
      collected(['site family over h1', 'site/home: page, headers and cookies'], undefined, { file: 'tests/site-family.test.ts' }),
      collected(['shop', 'shop/product'], undefined, {
        status: 'skipped',
        annotations: [roleAnnotation('shop'), { type: 'skip', description: 'role not mapped' }],
      }),
    ],
  };
}

/** The same run with x-frame-options sent once on the home page (and one run error-free test failing). */
export function failingInput(): BuildInput {
  const input = passingInput();
  input.run.playwrightStatus = 'failed';
  input.tests[0] = collected(['site', 'site/home'], replayRecord('site/home', { xfo: ['SAMEORIGIN'], expectedXfo: 'SAMEORIGIN, SAMEORIGIN' }), {
    status: 'failed',
    errors: ['Error: site/home: 1 failing expectation\n  site/home header x-frame-options: expected "SAMEORIGIN, SAMEORIGIN", got "SAMEORIGIN"'],
  });
  return input;
}
