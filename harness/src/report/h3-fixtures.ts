/**
 * Test fixtures of the report's h3 legs: exchanges replayed over h1, h2 and h3 whose h3 leg
 * answered alike, differed from its h1 twin, got no answer over QUIC, or was skipped, and the runs
 * made of them. A file of its own: the h3 leg has its own record shape (Chromium's command, the h1
 * twin, the QUIC endpoint), added onto fixtures.ts's exchanges.
 */
import type { H3Command } from '../record';
import type { BuildInput } from './build';
import { collected, replayRecord, runMeta } from './fixtures';

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
    steps: [
      {
        id,
        protocol: 'h3',
        request,
        response,
        h3: { endpoint, command: o.command ?? H3_COMMAND, twin },
        findings: [],
        noise: { status: false, fields: ['x-trace-id'], presence: [], cookies: {}, body: false },
      },
    ],
  };
}

/** The parity findings of an h3 leg: a pass, or one failure per differing x-frame-options. */
export function h3Parity(id: string, o: H3Opts) {
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
