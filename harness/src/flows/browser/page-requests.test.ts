import { targetEnvOf } from '../../embedded/start-reference';
import { sharedReference, type SharedReference } from '../../testing/reference-per-kind';
import { loadTargetMap, roleUrls } from '../../target-map';
import { pageRequests } from './page-requests';

/*
 * What Chromium requests while it loads the reference's home page: the sub-resources the page
 * links, and what only its scripts build (the analytics collect hit and the tracking pixel).
 */
let reference: SharedReference;
beforeAll(async () => {
  reference = await sharedReference('no-http3');
});
afterAll(() => reference?.stop());

const TIMEOUTS = { navigationMs: 15_000, settleMs: 10_000 };

test("the home page's requests include the beacons its script builds; a page that does not load says why", async () => {
  const map = loadTargetMap(targetEnvOf(reference.ready));
  const home = `${roleUrls(map, 'site')[0].origin}/`;
  // An address off the target map: the browser's gate refuses it, nothing is sent.
  const closed = 'https://nowhere.invalid/';
  const [loaded, refused] = await pageRequests(map, [home, closed], TIMEOUTS);
  expect('requested' in loaded).toBe(true);
  const urls = 'requested' in loaded ? loaded.requested.map((c) => `${c.via} ${c.url.pathname}`) : [];
  expect(urls).toEqual(expect.arrayContaining(['network /static/css/main.css', 'network /t.gif', 'network /ccm/collect']));
  expect(urls).not.toContain('network /');
  expect(refused).toEqual({ url: closed, problem: expect.stringMatching(/^the browser could not load it: page\.goto: net::ERR_BLOCKED_BY_CLIENT/) });
});

test('no page: no browser is started', async () => {
  expect(await pageRequests(loadTargetMap(targetEnvOf(reference.ready)), [], TIMEOUTS)).toEqual([]);
});
