import type { ReplayRecord } from '../record';
import * as path from 'node:path';
import { targetEnvOf } from '../embedded/start-reference';
import { sharedReference, type SharedReference } from './reference-per-kind';
import { allFindings, replayItem, ReplayClients } from '../replay';
import { CHECKS } from '../checks';
import { loadSpecs } from '../spec-model/load';
import type { ExchangeSpec } from '../spec-model/types';
import { describeTargetMap, loadTargetMap, type Role } from '../target-map';
import { startConnectProxy, type ConnectProxy } from './connect-proxy';
import { REPO_ROOT } from './proxied-reference';
import { limitsEnv, WHOLE_RUN_MS, withTestBudgets } from './budgets';

/*
 * A target reachable only through a proxy: the reference (a separate process) under its made-up
 * names, which nothing but the test's CONNECT proxy can resolve (TARGET_RESOLVE removed). One
 * exchange replayed over HTTP/1.1 and HTTP/2 passes through it with the proxy's credentials; with
 * NO_PROXY naming the host (and the resolve map back) the proxy sees nothing; a proxy answering 407
 * is an `error` finding naming the proxy and the status on both protocols, within the timeouts.
 */

const SPECS = loadSpecs(path.join(REPO_ROOT, 'specs'), CHECKS);
const USER = 'harness';
const PASSWORD = 'pr0xy-s3cret';
const AUTHORIZATION = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

let reference: SharedReference;
let proxy: ConnectProxy;

function item(id: string): { item: ExchangeSpec; role: Role } {
  for (const spec of SPECS) {
    const found = spec.exchanges.find((e) => e.id === id);
    if (found) return { item: found, role: spec.role as Role };
  }
  throw new Error(`no exchange ${id}`);
}

/** The reference's variables as a user behind the proxy sets them: no resolve map, a user target. */
function behindProxy(extra: Record<string, string>, keepResolve = false): NodeJS.ProcessEnv {
  const env: Record<string, string> = { ...targetEnvOf(reference.ready), ...extra };
  delete env.HARNESS_TARGET_KIND;
  if (!keepResolve) delete env.TARGET_RESOLVE;
  return env;
}

/** Replays one exchange with the map of `env`, under the test budgets unless `env` sets its own. */
async function replay(env: NodeJS.ProcessEnv, id: string): Promise<ReplayRecord> {
  const { item: exchange, role } = item(id);
  const clients = new ReplayClients(loadTargetMap(withTestBudgets(env)));
  try {
    return await replayItem(exchange, clients, { role });
  } finally {
    await clients.close();
  }
}

const origin = (role: string) => new URL(reference.ready.urls[role][0]);
const problems = (record: ReplayRecord) =>
  allFindings(record)
    .filter((f) => f.verdict === 'error' || f.verdict === 'fail')
    .map((f) => `${f.verdict} ${f.protocol} ${f.id}: ${f.actual} ${f.message ?? ''}`);
const sentOver = (record: ReplayRecord) => record.legs.filter((l) => !l.skipped && l.steps.some((s) => s.response)).map((l) => l.protocol);

beforeAll(async () => {
  reference = await sharedReference('default');
  const names = Object.fromEntries(
    Object.values(reference.ready.urls)
      .flat()
      .map((u) => [new URL(u).hostname, '127.0.0.1']),
  );
  proxy = await startConnectProxy(names);
}, WHOLE_RUN_MS);

afterAll(async () => {
  await proxy?.close();
  await reference?.stop();
});

beforeEach(() => {
  proxy.connects.length = 0;
  proxy.requireAuthorization = AUTHORIZATION;
});

test(
  'without the proxy the names do not resolve; through it an exchange passes over h1 and h2, every tunnel with the credentials',
  async () => {
    const unreachable = await replay(behindProxy({}), 'bare/root');
    expect(problems(unreachable).length).toBeGreaterThan(0);
    expect(proxy.connects).toEqual([]);

    const env = behindProxy({ HTTPS_PROXY: `http://${USER}:${PASSWORD}@127.0.0.1:${proxy.port}` });
    const header = describeTargetMap(loadTargetMap(env));
    expect(header).toContain(`proxy: https:// via http://127.0.0.1:${proxy.port} (HTTPS_PROXY, with credentials), http:// direct`);
    expect(header).not.toContain(PASSWORD);

    const record = await replay(env, 'bare/root');
    expect(problems(record)).toEqual([]);
    expect(sentOver(record)).toEqual(['h1', 'h2']);
    expect(record.legs.find((l) => l.protocol === 'h2')?.steps[0].response?.protocol).toBe('h2');
    expect(record.legs.find((l) => l.protocol === 'h3')?.skipped).toBe('the request goes through an HTTP proxy, which QUIC cannot pass');
    const bare = origin('bare');
    expect(proxy.connects.length).toBeGreaterThanOrEqual(2); // one tunnel per connection: h1 and h2 at least
    expect(new Set(proxy.connects.map((c) => `${c.target} ${c.authorization}`))).toEqual(new Set([`${bare.host} ${AUTHORIZATION}`]));
  },
  WHOLE_RUN_MS,
);

test(
  'a plain-http OCSP exchange goes through HTTP_PROXY in a tunnel',
  async () => {
    const record = await replay(behindProxy({ HTTP_PROXY: `http://${USER}:${PASSWORD}@127.0.0.1:${proxy.port}` }), 'ocsp/root-get');
    expect(problems(record)).toEqual([]);
    expect(sentOver(record)).toEqual(['h1']);
    expect(proxy.connects.map((c) => c.target)).toEqual([origin('ocsp').host]);
    expect(proxy.forwarded).toEqual([]);
  },
  WHOLE_RUN_MS,
);

test(
  'NO_PROXY naming the host: the proxy sees nothing and the resolve map is used',
  async () => {
    const record = await replay(
      behindProxy({ HTTPS_PROXY: `http://${USER}:${PASSWORD}@127.0.0.1:${proxy.port}`, NO_PROXY: `localhost,${origin('bare').hostname}` }, true),
      'bare/root',
    );
    expect(problems(record)).toEqual([]);
    // Direct, the reference's HTTP/3 edge is reached too (where Caddy is installed).
    expect(sentOver(record)).toEqual(reference.ready.http3 && 'port' in reference.ready.http3 ? ['h1', 'h2', 'h3'] : ['h1', 'h2']);
    expect(proxy.connects).toEqual([]);
  },
  WHOLE_RUN_MS,
);

test(
  'a proxy answering 407 is an error finding naming the proxy and 407 on both protocols, within the timeouts',
  async () => {
    // Limits out of a loaded machine's reach (the test budgets `replay` gives the map): only the proxy's answer can end it.
    // Told by the proxy's answer (407 in every message below), never by waiting out a timeout.
    const record = await replay(behindProxy({ HTTPS_PROXY: `http://${USER}:wrong-${PASSWORD}@127.0.0.1:${proxy.port}` }), 'bare/root');
    const errors = allFindings(record).filter((f) => f.verdict === 'error');
    expect([...new Set(errors.map((f) => f.protocol))].sort()).toEqual(['h1', 'h2']);
    const refused = `proxy http://127.0.0.1:${proxy.port} (HTTPS_PROXY) refused CONNECT ${origin('bare').host}: 407 Proxy Authentication Required`;
    for (const f of errors) expect(`${f.actual} ${f.message ?? ''}`).toContain(refused);
    expect(JSON.stringify(record)).not.toContain(PASSWORD);
    expect(proxy.connects.length).toBeGreaterThanOrEqual(2);
  },
  WHOLE_RUN_MS,
);

test(
  'a proxy that never answers CONNECT is an error finding on both protocols within the connect timeout, never a hang',
  async () => {
    proxy.refuse = 'silent';
    try {
      // Ended by the connect timeout (each message names its 800 ms), not by the request's 2 s or a hang.
      const short = limitsEnv({ connectTimeoutMs: 800, requestTimeoutMs: 2000 });
      const record = await replay(behindProxy({ HTTPS_PROXY: `http://127.0.0.1:${proxy.port}`, ...short }), 'bare/root');
      const errors = allFindings(record).filter((f) => f.verdict === 'error');
      expect(errors.map((f) => f.protocol).sort()).toEqual(['h1', 'h2']);
      for (const f of errors)
        expect(f.message).toContain(`proxy http://127.0.0.1:${proxy.port} (HTTPS_PROXY) did not answer CONNECT ${origin('bare').host} within 800 ms`);
    } finally {
      proxy.refuse = undefined;
    }
  },
  WHOLE_RUN_MS,
);
