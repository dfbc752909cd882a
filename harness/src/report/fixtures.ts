/**
 * Test fixtures of the report: collected tests as the reporter receives them (a passing and a
 * failing raw replay exchange, a browser flow with a screenshot and a HAR's redirects, a test that
 * attaches nothing, a skipped one), exchanges with an h3 leg (answered alike, differing from its h1
 * twin, unreachable, skipped) and a hostile target's record for the XSS test.
 */
import { RECORD_VERSION, type H3Command } from '../record';
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
        aspect: { kind: 'check', check: 'vary/negotiated-response-has-vary' },
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
    noise: ['header x-trace-id', 'cookie ASP.NET_SessionId value'],
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

export function collected(titlePath: string[], record: unknown, over: Partial<CollectedTest> = {}): CollectedTest {
  return {
    titlePath,
    project: 'raw',
    file: 'tests/replay.test.ts',
    status: 'passed',
    expectedStatus: 'passed',
    errors: [],
    assertionFailed: false,
    annotations: [],
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
      collected(['shop', 'shop/product'], undefined, { status: 'skipped', annotations: [{ type: 'skip', description: 'role not mapped' }] }),
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

export const HOSTILE = {
  script: '<script>window.__pwned=1</script>',
  img: '"><img src=x onerror="window.__pwned=1">',
  location: 'javascript:window.__pwned=1',
  cookie: 'a</script><script>window.__pwned=1</script><!--',
};

/** A target that answers with markup everywhere a value can go. */
export function hostileInput(): BuildInput {
  const id = 'site/home';
  const record = replayRecord(id, {
    xfo: [HOSTILE.script, HOSTILE.img],
    expectedXfo: 'SAMEORIGIN, SAMEORIGIN',
    status: 302,
    location: HOSTILE.location,
    cookieValue: HOSTILE.cookie,
    extraLines: [
      ['x-evil', HOSTILE.img],
      [`x-name-${HOSTILE.script}`, 'v'],
    ],
  }) as ReturnType<typeof replayRecord> & { legs: Array<{ steps: Array<{ findings: unknown[]; request: { url: string } }> }> };
  for (const l of record.legs) {
    l.steps[0].request.url = `https://www.lessons.test:8443/${encodeURI(HOSTILE.img)}?next=${HOSTILE.location}`;
    l.steps[0].findings.push({
      id: `${id} header location`,
      aspect: { kind: 'header', name: 'location' },
      verdict: 'fail',
      level: 'must',
      expected: 'https://www.lessons.test:8443/',
      actual: HOSTILE.location,
      source: 'capture',
      clause: HOSTILE.script,
      shape: HOSTILE.img,
    });
  }
  // The h3 leg: markup in the endpoint, in the recorded command and in both answers' header values.
  const h3 = {
    endpoint: `127.0.0.1:443${HOSTILE.script}`,
    command: { launch: `chromium ${HOSTILE.script}`, request: `'${HOSTILE.img}'` },
    xfo: [HOSTILE.img],
    twinXfo: [HOSTILE.script],
  };
  (record.legs as unknown[]).push(h3Leg(id, h3));
  (record.parity as unknown[]).push(...h3Parity(id, h3));
  const flow = {
    ...flowRecord('bare/browser/to-www', 'fail'),
    findings: [
      {
        id: `bare/browser/to-www ${HOSTILE.script}`,
        verdict: 'fail',
        level: 'must',
        expected: HOSTILE.img,
        actual: HOSTILE.location,
        source: 'capture',
        message: HOSTILE.cookie,
      },
    ],
  };
  return {
    run: runMeta({ title: `Hostile ${HOSTILE.script}`, runErrors: [`global setup: ${HOSTILE.img}`] }),
    tests: [
      collected(['site', id], record, { status: 'failed', errors: [HOSTILE.script] }),
      collected(['bare', 'bare/browser/to-www'], flow, {
        project: 'browser',
        status: 'failed',
        attachments: [
          { name: 'findings', contentType: 'application/json', body: Buffer.from(JSON.stringify(flow)) },
          { name: 'screenshot', contentType: 'image/png', body: PNG },
        ],
        redirects: [
          { status: 302, url: `https://lessons.test:8443/${HOSTILE.img}`, location: HOSTILE.location },
          { status: 301, url: 'https://lessons.test:8443/x', location: `javascript:alert(1)//${HOSTILE.script}` },
        ],
      }),
      collected(['other', `a test titled ${HOSTILE.img}`], undefined, { status: 'failed', errors: [`expect(received).toBe(expected) ${HOSTILE.script}`] }),
    ],
  };
}

/** The QUIC endpoint and the Chromium command of the h3 fixtures. */
export const H3_ENDPOINT = '127.0.0.1:34885';
export const H3_COMMAND: H3Command = {
  launch: "chromium --headless '--host-resolver-rules=MAP www.lessons.test:8443 127.0.0.1:8443' --origin-to-force-quic-on=www.lessons.test:8443",
  request: "--log-net-log=h3-netlog.json --dump-dom 'https://www.lessons.test:8443/?q=1'",
};
/** The same, as the one shell line a step's `reproduce` is. */
export const H3_COMMAND_LINE = `${H3_COMMAND.launch} ${H3_COMMAND.request}`;

interface H3Opts {
  /** x-frame-options of the h3 answer and of its h1 twin. */
  xfo?: string[];
  twinXfo?: string[];
  endpoint?: string;
  command?: H3Command;
  /** No answer over QUIC: the transport error's actual value. */
  noAnswer?: string;
  extraLines?: Array<[string, string]>;
}

const h3Lines = (xfo: string[], extra: Array<[string, string]> = []): Array<[string, string]> => [
  ['content-type', 'text/html; charset=utf-8'],
  ...xfo.map((v): [string, string] => ['x-frame-options', v]),
  ...extra,
];

/** The h3 leg of an exchange as the replay records it: Chromium's request, the h3 answer and its h1 twin, or the transport error. */
export function h3Leg(id: string, o: H3Opts = {}) {
  const endpoint = o.endpoint ?? H3_ENDPOINT;
  const request = {
    method: 'GET',
    url: 'https://www.lessons.test:8443/?q=1',
    headers: [
      ['accept', 'text/html'],
      ['sec-fetch-mode', 'cors'],
      ['accept-encoding', 'gzip, deflate, br, zstd'],
    ],
  };
  if (o.noAnswer !== undefined) {
    const where = `${endpoint} (UDP, advertised for www.lessons.test:8443)`;
    const findings = [
      {
        id: `${id} h3 transport`,
        aspect: { kind: 'transport' },
        verdict: 'error',
        level: 'must',
        expected: `an answer over HTTP/3 from ${where}`,
        actual: o.noAnswer,
        message: `${request.url}: no answer over HTTP/3 from ${where}: ${o.noAnswer}`,
        source: 'capture',
        target: 'user',
        protocol: 'h3',
      },
    ];
    return { protocol: 'h3', steps: [{ id, protocol: 'h3', request, h3: { endpoint }, findings }] };
  }
  const timings = { startedAt: '2026-01-01T00:00:00.000Z', totalMs: 20 };
  const xfo = o.xfo ?? ['SAMEORIGIN', 'SAMEORIGIN'];
  const twinXfo = o.twinXfo ?? ['SAMEORIGIN', 'SAMEORIGIN'];
  const response = { protocol: 'h3', status: 200, lines: h3Lines(xfo, o.extraLines), bodySize: 21000, decodedSize: 21000, timings };
  const twin = {
    protocol: 'h1',
    status: 200,
    lines: [...h3Lines(twinXfo, o.extraLines), ['content-length', '4158']],
    bodySize: 4158,
    decodedSize: 21000,
    timings,
  };
  return {
    protocol: 'h3',
    steps: [{ id, protocol: 'h3', request, response, h3: { endpoint, command: o.command ?? H3_COMMAND, twin }, findings: [], noise: ['header x-trace-id'] }],
  };
}

/** The parity findings of an h3 leg: a pass, or one failure per differing x-frame-options. */
function h3Parity(id: string, o: H3Opts) {
  const clause = 'RFC 9114 §4.1 and RFC 9110 §6: a message has the same semantics over HTTP/3 as over HTTP/1.1';
  const xfo = (o.xfo ?? ['SAMEORIGIN', 'SAMEORIGIN']).join(', ');
  const twin = (o.twinXfo ?? ['SAMEORIGIN', 'SAMEORIGIN']).join(', ');
  if (o.noAnswer !== undefined) return [];
  if (xfo === twin)
    return [
      {
        id: `${id} parity h3`,
        step: id,
        compared: { by: 'parity h3', first: 'h1', second: 'h3' },
        verdict: 'pass',
        level: 'must',
        expected: 'the same answer over h3 as over h1',
        actual: 'the same answer over h3 as over h1',
        source: 'rfc',
        clause,
      },
    ];
  return [
    {
      id: `${id} parity h3 header x-frame-options`,
      step: id,
      aspect: { kind: 'header', name: 'x-frame-options' },
      compared: { by: 'parity h3', first: 'h1', second: 'h3', firstValue: twin, secondValue: xfo },
      verdict: 'fail',
      level: 'must',
      expected: `h3 as h1: ${twin}`,
      actual: `h3: ${xfo}`,
      source: 'rfc',
      clause,
      target: 'user',
    },
  ];
}

/** An exchange replayed over h1, h2 and h3: the h3 leg answered, failed, or skipped with a reason. */
export function h3Record(id: string, o: H3Opts & { skipped?: string } = {}) {
  const record = replayRecord(id) as ReturnType<typeof replayRecord> & { legs: unknown[]; parity: unknown[] };
  if (o.skipped !== undefined) record.legs.push({ protocol: 'h3', skipped: o.skipped, steps: [] });
  else {
    record.legs.push(h3Leg(id, o));
    record.parity.push(...h3Parity(id, o));
  }
  return record;
}

export const H3_SKIPPED = 'the h1 answer advertises no HTTP/3 (no Alt-Svc h3)';
export const H3_UNREACHABLE = 'net::ERR_QUIC_PROTOCOL_ERROR.QUIC_NETWORK_IDLE_TIMEOUT';

/** A run whose home page answered the same over h3; the static file's h3 leg was skipped. */
export function h3PassingInput(): BuildInput {
  return {
    run: runMeta(),
    tests: [collected(['site', 'site/home'], h3Record('site/home')), collected(['site', 'site/static'], h3Record('site/static', { skipped: H3_SKIPPED }))],
  };
}

/** A run whose home page sent x-frame-options once over h3 (twice over h1), and whose static file got no answer over QUIC. */
export function h3FailingInput(): BuildInput {
  return {
    run: runMeta({ playwrightStatus: 'failed' }),
    tests: [
      collected(['site', 'site/home'], h3Record('site/home', { xfo: ['SAMEORIGIN'] }), { status: 'failed' }),
      collected(['site', 'site/static'], h3Record('site/static', { noAnswer: H3_UNREACHABLE }), { status: 'failed' }),
    ],
  };
}
