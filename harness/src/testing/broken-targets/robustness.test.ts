import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTestPki, type TestPki } from '../../target-map/test-pki';
import { loadTargetMap } from '../../target-map';
import { allFindings, ReplayClients, replayItem } from '../../replay';
import type { ExchangeSpec } from '../../spec-model/types';
import { startMisbehaving, type Kind } from './misbehaving';
import { limitsEnv, withTestBudgets } from '../budgets';

/*
 * The run under targets that misbehave at the transport level: each ends within its timeouts as
 * an `error` finding naming the role, URL and cause (never a pass), keeping no more of a body than the cap.
 */
const NAME = 'www.broken.test';
let pki: TestPki;
let other: TestPki;

const LIMITS = { connectTimeoutMs: 1500, requestTimeoutMs: 2500, bodyCapBytes: 1024 * 1024 };
/**
 * The kinds a timer ends (or may end): they run with the short limits above. The others are told
 * by what the target does, so they run with limits out of a loaded machine's reach: a slow
 * handshake must not turn "other side closed" into a connect timeout.
 */
const ENDED_BY_A_TIMER: ReadonlySet<Kind> = new Set<Kind>(['hang', 'giant-body', 'endless-body', 'slow']);

beforeAll(() => {
  pki = makeTestPki([NAME], 'Robustness Root');
  other = makeTestPki(['someone-else.test'], 'Robustness Other Root');
  // Both roots trusted: the only fault of the other certificate is its name.
  fs.writeFileSync(path.join(pki.dir, 'both.pem'), pki.caPem + other.caPem);
});
afterAll(() => {
  pki?.cleanup();
  other?.cleanup();
});

const EXCHANGE: ExchangeSpec = {
  id: 'site/robust',
  title: 't',
  clause: 'c',
  source: 'capture',
  request: { path: '/', headers: { 'accept-encoding': 'gzip' } },
  expect: { status: 200 },
};

/**
 * Causes in the words of the transport (undici for h1, the harness's own probe for h2). Where two
 * timers race, either may end the leg on a loaded machine: the verdict is that a configured timer
 * ended it and the message names which, never which one a given load lets fire first.
 */
const REQUEST_TIMER = `no complete response within ${LIMITS.requestTimeoutMs} ms \\((no response head|status 200 and \\d+ body bytes)\\)`;
const WITHIN_REQUEST_TIMEOUT = new RegExp(`^${REQUEST_TIMER}$`);
const CONNECT_TIMER = `Connect Timeout Error \\(attempted address: 127\\.0\\.0\\.1:\\d+, timeout: ${LIMITS.connectTimeoutMs}ms\\) \\(UND_ERR_CONNECT_TIMEOUT\\)|connect and TLS handshake not done within ${LIMITS.connectTimeoutMs} ms`;
const RESET =
  /^((connect|read) ECONNRESET 127\.0\.0\.1:\d+|Client network socket disconnected before secure TLS connection was established)( \(ECONNRESET\))?$/;

// Rows have two elements each, like the test's parameters: [kind, the finding ids it may end as, each with its cause].
const CASES: Array<[Kind, Array<[string, RegExp]>]> = [
  ['refuse', [['site/robust transport', /^connect ECONNREFUSED 127\.0\.0\.1:\d+$/]]],
  [
    'hang',
    [
      [
        'site/robust transport',
        // The handshake never ends: the connect timer, or the request timer that started first.
        new RegExp(`^(${CONNECT_TIMER}|${REQUEST_TIMER})$`),
      ],
    ],
  ],
  ['reset', [['site/robust transport', RESET]]],
  ['plain-on-tls', [['site/robust transport', /:SSL routines:[^:]*:wrong version number:/]]],
  [
    'wrong-name',
    [
      [
        'site/robust transport',
        /^Hostname\/IP does not match certificate's altnames: Host: www\.broken\.test\. is not in the cert's altnames: DNS:someone-else\.test( \(ERR_TLS_CERT_ALTNAME_INVALID\))?$/,
      ],
    ],
  ],
  // 1 GiB as fast as it is read: the cap or the request timeout, whichever the machine reaches first.
  [
    'giant-body',
    [
      ['site/robust body', new RegExp(`^body larger than the cap, truncated to ${LIMITS.bodyCapBytes} bytes$`)],
      ['site/robust transport', WITHIN_REQUEST_TIMEOUT],
    ],
  ],
  ['endless-body', [['site/robust transport', WITHIN_REQUEST_TIMEOUT]]],
  ['slow', [['site/robust transport', WITHIN_REQUEST_TIMEOUT]]],
  ['close-mid-body', [['site/robust transport', /^other side closed \(UND_ERR_SOCKET\)$/]]],
  ['bad-gzip', [['site/robust body', /^body could not be decoded: gzip: invalid block type$/]]],
  ['many-headers', [['site/robust transport', /^Headers Overflow Error \(UND_ERR_HEADERS_OVERFLOW\)$/]]],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.each(CASES)('a target that %s ends as an error finding within the timeouts', async (kind, causes) => {
  // The cap always; the timers left out keep the test budgets. A body kind's handshake must not meet
  // a short connect timer on a loaded machine: only its request timer is short.
  const { bodyCapBytes, requestTimeoutMs } = LIMITS;
  const own = kind === 'hang' ? LIMITS : ENDED_BY_A_TIMER.has(kind) ? { bodyCapBytes, requestTimeoutMs } : { bodyCapBytes };
  const target = await startMisbehaving(kind, pki, other);
  const url = `${target.scheme}://${NAME}:${target.port}`;
  const clients = new ReplayClients(
    loadTargetMap(
      withTestBudgets({
        TARGET_URL: url,
        TARGET_RESOLVE: `${NAME}:${target.port}:127.0.0.1`,
        TARGET_CA: path.join(pki.dir, 'both.pem'),
        ...limitsEnv(own),
      }),
    ),
  );
  try {
    const record = await replayItem(EXCHANGE, clients, { role: 'site' });
    // Only h2 may be left out, by a target that does not offer it, and h3, which follows the h1 answer's Alt-Svc.
    for (const leg of record.legs.filter((l) => l.skipped && l.protocol !== 'h3'))
      expect([leg.protocol, leg.skipped]).toEqual(['h2', 'target does not offer h2']);
    expect(record.legs.find((l) => l.protocol === 'h3')?.skipped).toMatch(
      /^(no h1 answer to follow|plain http: cannot advertise|the h1 answer advertises no HTTP\/3)/,
    );
    const ran = record.legs.filter((l) => !l.skipped);
    expect(ran.map((l) => l.protocol)).toContain('h1');
    // Every leg that ran ends with exactly one error, of this kind's own id, naming the role, the URL and the cause: none reads as a clean pass.
    const prefix = new RegExp(`^site: ${escape(url)}/?: `);
    for (const leg of ran) {
      const errors = leg.steps.flatMap((s) => s.findings).filter((f) => f.verdict === 'error');
      expect(errors.map((f) => `${leg.protocol} ${f.id}`)).toEqual([`${leg.protocol} ${errors[0]?.id}`]);
      const [error] = errors;
      expect(causes.map(([id]) => id)).toContain(error.id);
      expect(error.message).toMatch(prefix);
      expect(error.message!.replace(prefix, '')).toMatch(causes.find(([id]) => id === error.id)![1]);
    }
    expect(allFindings(record).filter((f) => f.verdict === 'error')).toHaveLength(ran.length);
    // Bounded by the configured timeouts (the causes above name them where a timer ended the leg),
    // and in memory: no answer decoded more of its body than the cap. The recorded size is what the
    // target sent (a fast machine reads the whole gigabyte within the request budget): an answer
    // over the cap ends as the body finding, whose message says it was cut.
    for (const step of ran.flatMap((l) => l.steps)) {
      expect(step.response?.decodedSize ?? 0).toBeLessThanOrEqual(LIMITS.bodyCapBytes);
      if ((step.response?.bodySize ?? 0) > LIMITS.bodyCapBytes) expect(step.findings.map((f) => f.id)).toContain('site/robust body');
    }
  } finally {
    await clients.close();
    await target.close();
  }
});
