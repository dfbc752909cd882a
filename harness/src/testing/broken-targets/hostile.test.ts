import { HTTP3_SEEN, runHttp3Flow } from '../../flows/raw/http3-seen';
import { allFindings, ReplayClients, replayItem, type ReplayRecord } from '../../replay/run';
import type { ExchangeSpec } from '../../spec-model/types';
import { loadTargetMap } from '../../target-map';
import { startHostileTarget, type HostileTarget } from './hostile';

/*
 * The raw replay and flows against a hostile target on loopback: what it advertises, where it
 * redirects and what it sends back are refused or bounded, each with a finding that names it, and
 * an unbroken answer of the same target stays green.
 */
let t: HostileTarget;
const opened: ReplayClients[] = [];

beforeAll(async () => {
  t = await startHostileTarget();
}, 60_000);

afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await t?.close();
});

function clients(extra: Record<string, string> = {}): ReplayClients {
  const c = new ReplayClients(loadTargetMap(t.env(extra)));
  opened.push(c);
  return c;
}

const exchange = (path: string): ExchangeSpec => ({
  id: 'site/hostile',
  title: 't',
  clause: 'c',
  source: 'capture',
  request: { path },
  expect: { status: 200 },
});
const unmet = (r: ReplayRecord) => allFindings(r).filter((f) => f.verdict === 'fail' || f.verdict === 'error');

describe('a crafted Alt-Svc', () => {
  const CRAFTED = 'h3="x, MAP www.hostile.test 203.0.113.9:443"; ma=86400';
  beforeAll(() =>
    t.on('/alt-svc', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'alt-svc': new URL(req.url ?? '/', 'https://x').searchParams.get('v') ?? CRAFTED });
      res.end('ok\n');
    }),
  );

  test('is refused with a finding naming it: the HTTP/3 leg never reaches Chromium', async () => {
    const c = clients();
    const record = await replayItem(exchange('/alt-svc'), c, { role: 'site' });
    const leg = record.legs.find((l) => l.protocol === 'h3');
    const refused = leg?.steps.flatMap((s) => s.findings).find((f) => f.id === 'site/hostile h3 alt-svc');
    expect(refused).toMatchObject({ verdict: 'fail', actual: CRAFTED });
    expect(refused?.message).toMatch(/not a host name or IP address.*never given to Chromium/);
    expect(c.h3?.prepared).toBe(false);
  }, 60_000);

  test('is refused by service/http3-seen too, naming it', async () => {
    t.on('/', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'alt-svc': CRAFTED });
      res.end('ok\n');
    });
    const c = clients();
    const record = await runHttp3Flow(c);
    const refused = allFindings(record).find((f) => f.id === `${HTTP3_SEEN} site www.hostile.test alt-svc`);
    expect(refused).toMatchObject({ verdict: 'fail', level: 'must', actual: CRAFTED });
    expect(refused?.message).toMatch(/refused/);
    expect(c.h3?.prepared).toBe(false);
  }, 60_000);

  test('a well-formed Alt-Svc without h3 is no finding of its own (the leg is skipped, saying why)', async () => {
    const c = clients();
    const record = await replayItem(exchange(`/alt-svc?v=${encodeURIComponent('h2=":443"')}`), c, { role: 'site' });
    expect(unmet(record)).toEqual([]);
    expect(record.legs.find((l) => l.protocol === 'h3')?.skipped).toBe('the h1 answer advertises no HTTP/3 (no Alt-Svc h3)');
  }, 60_000);
});
