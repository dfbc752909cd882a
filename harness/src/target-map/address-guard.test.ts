import { once } from 'node:events';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { unreachableRoles } from '../replay/reachability';
import { withTestBudgets } from '../testing/budgets';
import { send, TransportError } from '../transport/send';
import { ForbiddenAddressError, forbiddenLiteral, GUARDED_LOOKUP, guardedLookup, resolvedAddressChecker, type Lookup } from './address-guard';
import { openTls, tlsConnectOptions } from './connect';
import { createDispatcher } from './dispatcher';
import { loadTargetMap } from './target-map';
import { makeTestPki, type TestPki } from './test-pki';

/** A name service that answers `address` for every name, and notes each name it is asked. */
function answering(address: string, asked: string[] = []): Lookup {
  return (hostname, options, callback) => {
    asked.push(hostname);
    const family = address.includes(':') ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** What the guarded `lookup` hands on, as a promise. */
function lookUp(lookup: Lookup, hostname: string, all: boolean): Promise<{ err: NodeJS.ErrnoException | null; answer: unknown }> {
  const guarded = guardedLookup(lookup) as unknown as Lookup;
  return new Promise((resolve) => guarded(hostname, { all }, (err, answer) => resolve({ err, answer })));
}

describe('guardedLookup', () => {
  test.each([
    ['169.254.169.254', 'staging.example resolves to a link-local address (169.254.169.254), never asked'],
    ['fd00:ec2::254', 'staging.example resolves to a cloud metadata address (fd00:ec2::254), never asked'],
    ['100.100.100.200', 'staging.example resolves to a cloud metadata address (100.100.100.200), never asked'],
    ['fe80::1', 'staging.example resolves to a link-local address (fe80::1), never asked'],
    ['0.0.0.0', 'staging.example resolves to an unspecified address (0.0.0.0), never asked'],
  ])('refuses a name that resolves to %s, in both forms of the answer', async (address, message) => {
    for (const all of [false, true]) {
      const { err } = await lookUp(answering(address), 'staging.example', all);
      expect(err).toBeInstanceOf(ForbiddenAddressError);
      expect(err).toMatchObject({ code: 'HARNESS_ERR_FORBIDDEN_ADDRESS', message, hostname: 'staging.example', address });
    }
  });

  test('refuses the whole answer when one of its addresses is forbidden', async () => {
    const mixed: Lookup = (_h, _o, callback) =>
      callback(null, [
        { address: '203.0.113.7', family: 4 },
        { address: '169.254.169.254', family: 4 },
      ]);
    const { err } = await lookUp(mixed, 'staging.example', true);
    expect(err?.message).toBe('staging.example resolves to a link-local address (169.254.169.254), never asked');
  });

  test.each(['203.0.113.7', '10.1.2.3', '127.0.0.1', '::1', '2001:db8::1'])('hands on an answer of %s as it came', async (address) => {
    expect(await lookUp(answering(address), 'staging.example', false)).toEqual({ err: null, answer: address });
    expect(await lookUp(answering(address), 'staging.example', true)).toEqual({ err: null, answer: [{ address, family: address.includes(':') ? 6 : 4 }] });
  });

  test("hands on the name service's own error", async () => {
    const failing: Lookup = (hostname, _o, callback) => callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
    const { err } = await lookUp(failing, 'nowhere.example', false);
    expect(err).toMatchObject({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND nowhere.example' });
  });
});

test.each([
  ['169.254.169.254', '169.254.169.254 is a link-local address (169.254.169.254), never asked'],
  ['[fe80::1]', 'fe80::1 is a link-local address (fe80::1), never asked'],
  ['127.0.0.1', undefined],
  ['staging.example', undefined],
])('forbiddenLiteral(%s)', (host, message) => {
  expect(forbiddenLiteral(host)?.message).toBe(message);
});

describe('every connection of the dispatcher', () => {
  let pki: TestPki;
  let server: https.Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    pki = makeTestPki(['rebind.test']);
    server = https.createServer({ key: pki.keyPem, cert: pki.certPem }, (_req, res) => res.end('ok'));
    server.on('connection', () => connections++);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    pki.cleanup();
  });

  const mapOf = (extra: Record<string, string> = {}) =>
    loadTargetMap(withTestBudgets({ TARGET_URL: `https://rebind.test:${port}`, TARGET_CA: pki.caFile, ...extra }));

  test('asks its name service for a mapped name and connects where it answers', async () => {
    const asked: string[] = [];
    const agent = createDispatcher(mapOf(), { lookup: answering('127.0.0.1', asked) });
    try {
      const res = await request(`https://rebind.test:${port}/`, { dispatcher: agent });
      expect(await res.body.text()).toBe('ok');
      expect(asked).toEqual(['rebind.test']);
    } finally {
      await agent.destroy();
    }
  });

  test('a mapped name its DNS points at the metadata service: no connection, a transport error that says why, and the set-up names the fix', async () => {
    const map = mapOf();
    const agent = createDispatcher(map, { lookup: answering('169.254.169.254') });
    const before = connections;
    try {
      const err = await send(agent, { url: `https://rebind.test:${port}/` }, map.limits).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TransportError);
      expect((err as TransportError).cause).toMatchObject({
        code: 'HARNESS_ERR_CONNECTION',
        lowLevelCode: 'HARNESS_ERR_FORBIDDEN_ADDRESS',
        message: 'rebind.test resolves to a link-local address (169.254.169.254), never asked (HARNESS_ERR_FORBIDDEN_ADDRESS)',
      });
      expect(await unreachableRoles(map, agent)).toEqual([
        {
          role: 'site',
          url: `https://rebind.test:${port}`,
          kind: 'forbidden',
          message: `https://rebind.test:${port}: rebind.test resolves to a link-local address (169.254.169.254), never asked (HARNESS_ERR_FORBIDDEN_ADDRESS); map it with TARGET_RESOLVE to the address the target answers at`,
        },
      ]);
      expect(connections).toBe(before);
    } finally {
      await agent.destroy();
    }
  });

  test('a resolve entry that names a link-local address is refused the same way, without a lookup', async () => {
    const asked: string[] = [];
    const map = mapOf({ TARGET_RESOLVE: `rebind.test:${port}:169.254.169.254` });
    const agent = createDispatcher(map, { lookup: answering('127.0.0.1', asked) });
    try {
      const err = await send(agent, { url: `https://rebind.test:${port}/` }, map.limits).catch((e: unknown) => e);
      expect((err as TransportError).cause).toMatchObject({
        lowLevelCode: 'HARNESS_ERR_FORBIDDEN_ADDRESS',
        message: '169.254.169.254 is a link-local address (169.254.169.254), never asked (HARNESS_ERR_FORBIDDEN_ADDRESS)',
      });
      expect(asked).toEqual([]);
      expect((await unreachableRoles(map, agent)).map((u) => u.message)).toEqual([
        `https://rebind.test:${port}: 169.254.169.254 is a link-local address (169.254.169.254), never asked (HARNESS_ERR_FORBIDDEN_ADDRESS); check TARGET_RESOLVE`,
      ]);
    } finally {
      await agent.destroy();
    }
  });

  test("a role's URL that is itself a link-local address: the set-up says to check that URL", async () => {
    const map = loadTargetMap(withTestBudgets({ TARGET_URL: 'https://169.254.169.254' }));
    const agent = createDispatcher(map);
    try {
      expect(await unreachableRoles(map, agent)).toEqual([
        {
          role: 'site',
          url: 'https://169.254.169.254',
          kind: 'forbidden',
          message:
            'https://169.254.169.254: 169.254.169.254 is a link-local address (169.254.169.254), never asked (HARNESS_ERR_FORBIDDEN_ADDRESS); check TARGET_URL',
        },
      ]);
    } finally {
      await agent.destroy();
    }
  });

  test('openTls (the HTTP/2 leg, the certificate flows) refuses a resolve entry that names a link-local address, before any socket', async () => {
    const map = mapOf({ TARGET_RESOLVE: `rebind.test:${port}:169.254.169.254` });
    await expect(openTls(map, new URL(`https://rebind.test:${port}/`), ['h2'])).rejects.toMatchObject({
      code: 'HARNESS_ERR_FORBIDDEN_ADDRESS',
      message: '169.254.169.254 is a link-local address (169.254.169.254), never asked',
    });
    // And a name it connects to is looked up through the guard.
    expect(tlsConnectOptions(mapOf(), new URL(`https://rebind.test:${port}/`), ['h2']).lookup).toBe(GUARDED_LOOKUP);
  });
});

describe('resolvedAddressChecker (for Chromium, which resolves names itself)', () => {
  const map = (extra: Record<string, string> = {}) => loadTargetMap(withTestBudgets({ TARGET_URL: 'https://www.staging.example', ...extra }));

  test('refuses a name that resolves to the metadata address, asking the name service once per host', async () => {
    const asked: string[] = [];
    const check = resolvedAddressChecker(map(), answering('169.254.169.254', asked));
    const why = 'resolves to a link-local address (169.254.169.254), never asked';
    expect(await check('https://www.staging.example/')).toEqual({ refused: why, addresses: [] });
    expect(await check('https://WWW.staging.example/other?x=1')).toEqual({ refused: why, addresses: [] });
    expect(asked).toEqual(['www.staging.example']);
  });

  test('lets through a name that resolves elsewhere, and one the system does not know (Chromium fails it itself)', async () => {
    expect(await resolvedAddressChecker(map(), answering('203.0.113.7'))('https://cdn.example.net/a.css')).toEqual({ addresses: ['203.0.113.7'] });
    const unknown: Lookup = (hostname, _o, callback) => callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
    expect(await resolvedAddressChecker(map(), unknown)('https://nowhere.example/')).toEqual({ addresses: [] });
  });

  test('refuses a name whose name service throws instead of answering, and says so', async () => {
    const throwing: Lookup = () => {
      throw new Error('resolver crashed');
    };
    expect(await resolvedAddressChecker(map(), throwing)('https://odd.example/')).toEqual({
      refused: 'could not be resolved (resolver crashed), never asked',
      addresses: [],
    });
  });

  test('refuses a name not answered within the connect budget', async () => {
    const silent: Lookup = () => undefined;
    expect(await resolvedAddressChecker(map({ HARNESS_CONNECT_TIMEOUT_MS: '50' }), silent)('https://slow.example/')).toEqual({
      refused: 'was not resolved within 50 ms (HARNESS_CONNECT_TIMEOUT_MS), never asked',
      addresses: [],
    });
  });

  test('judges a resolve entry by its address, an IP literal or a data: or blob: URL not at all, and leaves a proxied name to the proxy', async () => {
    const asked: string[] = [];
    const lookup = answering('169.254.169.254', asked);
    const pinned = map({ TARGET_RESOLVE: 'www.staging.example:443:169.254.169.254' });
    expect(await resolvedAddressChecker(pinned, lookup)('https://www.staging.example/')).toEqual({
      refused: 'resolves (by its resolve entry) to a link-local address (169.254.169.254), never asked',
      addresses: [],
    });
    const none = { addresses: [] };
    expect(await resolvedAddressChecker(map({ TARGET_RESOLVE: 'www.staging.example:443:127.0.0.1' }), lookup)('https://www.staging.example/')).toEqual(none);
    expect(await resolvedAddressChecker(map(), lookup)('https://203.0.113.9/x')).toEqual(none);
    expect(await resolvedAddressChecker(map(), lookup)('data:text/plain,x')).toEqual(none);
    expect(await resolvedAddressChecker(map(), lookup)('blob:https://www.staging.example/0b1c')).toEqual(none);
    expect(await resolvedAddressChecker(map({ HTTPS_PROXY: 'http://proxy.corp.example:3128' }), lookup)('https://www.staging.example/')).toEqual(none);
    expect(asked).toEqual([]);
  });
});
