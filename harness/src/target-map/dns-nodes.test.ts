import { nodesFromResolver, type Lookup } from './dns-nodes';
import { describeTargetMap, loadTargetMap } from './target-map';
import { nodesFor } from './nodes';

const ANSWERS: Record<string, string[]> = {
  'www.pool.test': ['192.0.2.10', '2001:db8::10', '192.0.2.10', '169.254.169.254'],
  'assets.pool.test': ['192.0.2.20'],
  'shop.pool.test': ['192.0.2.30', '192.0.2.31'],
};
const asked: string[] = [];
const lookup: Lookup = async (host) => {
  asked.push(host);
  const found = ANSWERS[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const ENV = {
  TARGET_URL: 'https://www.pool.test',
  TARGET_ASSETS_URL: 'https://assets.pool.test',
  TARGET_SHOP_URL: 'https://shop.pool.test:8443',
  TARGET_MAINTENANCE_URL: 'https://gone.pool.test',
  TARGET_REDIRECTOR_URL: 'https://localhost:9443',
  TARGET_RESOLVE: 'shop.pool.test:8443:192.0.2.99',
};

beforeEach(() => asked.splice(0));

test('every answer of a name no entry pins is a node (one each, link-local and metadata addresses left out); pinned, single, unresolved names and localhost are not', async () => {
  expect(await nodesFromResolver(loadTargetMap(ENV), lookup)).toEqual(['www.pool.test:443:192.0.2.10,[2001:db8::10]']);
  expect(asked.sort()).toEqual(['assets.pool.test', 'gone.pool.test', 'www.pool.test']);
});

test('the set-up hands them to the workers as resolve entries, which a given entry for the same name overrides', async () => {
  const found = await nodesFromResolver(loadTargetMap(ENV), lookup);
  const map = loadTargetMap({ ...ENV, HARNESS_TARGET_NODES_FOUND: JSON.stringify(found) });
  expect(nodesFor(map, new URL('https://www.pool.test/'))).toEqual(['192.0.2.10', '2001:db8::10']);
  // The run header says where they came from.
  expect(describeTargetMap(map)).toContain("  www.pool.test:443 -> 192.0.2.10, [2001:db8::10]:443  (the system resolver's answers: its nodes)");
  const pinned = loadTargetMap({ ...ENV, TARGET_RESOLVE: 'www.pool.test:443:192.0.2.77', HARNESS_TARGET_NODES_FOUND: JSON.stringify(found) });
  expect(pinned.resolve.map((e) => [e.host, e.addresses])).toEqual([['www.pool.test', ['192.0.2.77']]]);
});

test("a name reached through the proxy is the proxy's to resolve: not asked", async () => {
  expect(await nodesFromResolver(loadTargetMap({ ...ENV, HTTPS_PROXY: 'http://proxy.corp.test:3128' }), lookup)).toEqual([]);
  expect(asked).toEqual([]);
});
