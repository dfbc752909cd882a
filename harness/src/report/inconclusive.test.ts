import { emptyCounts } from '../core';
import { findInconclusive } from './inconclusive';
import type { Expectation, ResponseReport, TestReport } from './types';

/** A test of `role` with one step answered by `response` (or refused with `error`) and one expectation of that verdict. */
function exchange(role: string, n: number, verdict: Expectation['verdict'], response?: Partial<ResponseReport>, error?: string): TestReport {
  const id = `${role}/x${n}`;
  const url = `https://${role}.example.org/path/${n}`;
  const e: Expectation = {
    key: `e-${id}`,
    id: error ? `${id} transport` : `${id} status`,
    label: error ? 'transport' : 'status',
    aspect: error ? { kind: 'transport' } : { kind: 'status' },
    step: id,
    verdict: error ? 'error' : verdict,
    level: 'must',
    source: 'capture',
    findings: [
      {
        key: `f-${id}`,
        id: `${id} status`,
        verdict: error ? 'error' : verdict,
        protocol: 'h1',
        level: 'must',
        expected: '200',
        actual: '?',
        source: 'capture',
        ...(error ? { message: error } : {}),
      },
    ],
  };
  return {
    key: `t-${id}`,
    id,
    title: id,
    titlePath: [role, id],
    project: 'raw',
    file: 'tests/replay.test.ts',
    role,
    kind: 'exchange',
    status: 'failed',
    errors: [],
    verdict,
    counts: emptyCounts(),
    expectations: [e],
    legs: [
      {
        protocol: 'h1',
        steps: [
          {
            key: `s-${id}`,
            id,
            protocol: 'h1',
            request: { method: 'GET', url, headers: [] },
            ...(response ? { response: { protocol: 'h1', status: 200, lines: [], bodySize: 10, ...response } } : {}),
            expectationKeys: [e.key],
          },
        ],
      },
    ],
    durationMs: 1,
    retry: 0,
  };
}
const many = (role: string, count: number, verdict: Expectation['verdict'], response?: Partial<ResponseReport>, error?: string) =>
  Array.from({ length: count }, (_, i) => exchange(role, i, verdict, response, error));

test('401 on most of a role: refused, does the target need credentials?', () => {
  const { roles, tests } = findInconclusive(
    [...many('shop', 3, 'fail', { status: 401, lines: [['www-authenticate', 'Basic realm="staging"']] }), exchange('shop', 9, 'pass', { status: 200 })],
    'fail',
  );
  expect(roles).toEqual([expect.objectContaining({ role: 'shop', kind: 'auth', seen: 3, total: 4, grouped: 3 })]);
  expect(roles[0].message).toBe(
    'inconclusive: 3 of 4 shop exchanges were refused with 401 (WWW-Authenticate: Basic realm="staging"); does the target need credentials? (TARGET_HEADERS)',
  );
  expect(tests.map((t) => [t.id, t.verdict])).toEqual([['shop/inconclusive', 'error']]);
});

test('a certificate for other names: refused by the handshake, or accepted with TARGET_INSECURE=1', () => {
  const refused = findInconclusive(
    many(
      'assets',
      2,
      'error',
      undefined,
      "assets: Hostname/IP does not match certificate's altnames: Host: assets.example.org. is not in the cert's altnames: DNS:default.platform.example",
    ),
    'fail',
  );
  expect(refused.roles[0]).toMatchObject({ kind: 'certificate', seen: 2, total: 2 });
  expect(refused.roles[0].message).toMatch(
    /^inconclusive: 2 of 2 assets exchanges met a certificate for other names \(the role's host is assets\.example\.org\); is the name mapped/,
  );
  const accepted = findInconclusive(many('assets', 2, 'fail', { tls: { protocol: 'TLSv1.3', peerNames: ['default.platform.example'] } }), 'fail');
  expect(accepted.roles[0].message).toMatch(/^inconclusive: 2 of 2 assets exchanges met a certificate for default\.platform\.example /);
  // A wildcard that covers the host is no sign.
  expect(findInconclusive(many('assets', 2, 'fail', { tls: { protocol: 'TLSv1.3', peerNames: ['*.example.org'] } }), 'fail').roles).toEqual([]);
});

test('not inconclusive: half or fewer alike, exchanges that met their expectations, one page at one address, a page alike on one exchange', () => {
  const page = { status: 200, sha256: 'a'.repeat(64), bodySize: 500 };
  expect(
    findInconclusive(
      [...many('site', 2, 'fail', page), ...many('site', 2, 'pass', { status: 200 })].map((t, i) => ({ ...t, key: `${t.key}${i}` })),
      'fail',
    ).roles,
  ).toEqual([]);
  expect(findInconclusive(many('maintenance', 5, 'pass', { ...page, status: 403 }), 'fail').roles).toEqual([]);
  const oneAddress = many('site', 3, 'fail', page).map((t) => ({
    ...t,
    legs: t.legs!.map((l) => ({ ...l, steps: l.steps.map((s) => ({ ...s, request: { ...s.request!, url: 'https://site.example.org/' } })) })),
  }));
  expect(findInconclusive(oneAddress, 'fail').roles).toEqual([]);
  expect(findInconclusive([exchange('bare', 0, 'fail', page)], 'fail').roles).toEqual([]);
  // The same page at three addresses of three: the weak sign is enough.
  expect(findInconclusive(many('site', 3, 'fail', page), 'fail').roles[0]).toMatchObject({ kind: 'same-page', seen: 3, total: 3 });
});
