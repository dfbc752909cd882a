import { once } from 'node:events';
import * as http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { FlowSpec } from '../spec-model/types';
import { loadTargetMap, UnmappedPlaceholderError } from '../target-map';
import { makeTestPki, type TestPki } from '../target-map/test-pki';
import { withTestBudgets } from '../testing/budgets';
import { allFindings, buildRequest, ReplayClients, replayItem, replayPlaceholders } from '.';
import { RefusedAddressError, StepSkip } from './request';
import { CookieJar } from './cookie-jar';

const NAME = 'made.up.test';
let pki: TestPki;
let server: http2.Http2SecureServer;
let port: number;

beforeAll(async () => {
  pki = makeTestPki([NAME]);
  server = http2.createSecureServer({ allowHTTP1: true, key: pki.keyPem, cert: pki.certPem }, (req, res) => {
    const cookie = String(req.headers.cookie ?? '');
    if (req.url === '/start') {
      res.setHeader('set-cookie', ['id=abc|False; path=/; HttpOnly']);
      res.setHeader('location', `https://${NAME}:${port}/next`);
      res.statusCode = 302;
      return res.end();
    }
    if (req.url === '/next') {
      res.setHeader('set-cookie', [`id=${cookie.replace(/^.*id=([^|;]*)\|False.*$/, '$1')}|True; path=/; HttpOnly`]);
      res.setHeader('x-seen-cookie', cookie);
      res.setHeader('x-proto', req.httpVersion);
      return res.end('ok');
    }
    res.statusCode = 404;
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((d) => server.close(() => d()));
  pki.cleanup();
});

const env = () => withTestBudgets({ TARGET_URL: `https://${NAME}:${port}`, TARGET_RESOLVE: `${NAME}:${port}:127.0.0.1`, TARGET_CA: pki.caFile });

describe('buildRequest', () => {
  const map = loadTargetMap({
    TARGET_URL: 'https://www.a.test',
    TARGET_OCSP_URL: 'http://r10.a.test,http://r11.a.test',
    TARGET_REDIRECTOR_URL: 'https://hop.a.test',
  });
  const values: Record<string, string> = { ...replayPlaceholders(map), '{{next}}': 'https://hop.a.test/x', '{{away}}': 'https://tracker.example/x' };
  const ex = (path: string, extra = {}) => ({ id: 'site/x', title: '', clause: '', source: 'capture' as const, request: { path, ...extra }, expect: {} });

  test('placeholders: role origins, further URLs, host names, section', () => {
    expect(values['{ocsp_url_2}']).toBe('http://r11.a.test');
    expect(values['{site_host}']).toBe('www.a.test');
    expect(buildRequest(ex('/{section}/a.css'), values, map, 'site').url).toBe('https://www.a.test/static/a.css');
    expect(buildRequest(ex('{ocsp_url_2}/'), values, map, 'ocsp').url).toBe('http://r11.a.test/');
    expect(buildRequest(ex('{{next}}'), values, map, 'site').url).toBe('https://hop.a.test/x');
  });

  test('a captured address outside the target map is refused, naming it', () => {
    expect(() => buildRequest(ex('{{away}}'), values, map, 'site')).toThrow(RefusedAddressError);
    expect(() => buildRequest(ex('{{away}}'), values, map, 'site')).toThrow(/^https:\/\/tracker\.example\/x is not the origin of a mapped role/);
  });

  test('an unmapped role, a missing further URL or an uncaptured variable cannot build', () => {
    expect(() => buildRequest(ex('/{maintenance_url}'), values, map, 'site')).toThrow(UnmappedPlaceholderError);
    expect(() => buildRequest(ex('{redirector_url_2}/'), values, map, 'site')).toThrow(/role not mapped/);
    expect(() => buildRequest(ex('{{other}}'), values, map, 'site')).toThrow(/was not captured/);
  });

  test('an uncaptured flow variable is named as a field of the skip, a missing further URL is not', () => {
    const skipOf = (path: string) => {
      try {
        buildRequest(ex(path), values, map, 'site');
      } catch (e) {
        return e;
      }
      return undefined;
    };
    expect(skipOf('{{other}}')).toMatchObject({ code: 'HARNESS_ERR_STEP_SKIPPED', uncapturedVariable: 'other' });
    const further = skipOf('{redirector_url_2}/');
    expect(further).toBeInstanceOf(StepSkip);
    expect((further as StepSkip).uncapturedVariable).toBeUndefined();
  });

  test("base64 bodies, lower-cased headers, the jar's cookies after the spec's own", () => {
    const jar = new CookieJar();
    jar.store('https://www.a.test/', ['j=1; path=/']);
    const r = buildRequest(
      ex('/', { method: 'post', headers: { Cookie: 'a=b', Origin: '{base_url}' }, body: 'MAM=', bodyEncoding: 'base64' }),
      values,
      map,
      'site',
      jar,
    );
    expect(r).toEqual({
      method: 'POST',
      url: 'https://www.a.test/',
      headers: { cookie: 'a=b; j=1', origin: 'https://www.a.test' },
      body: Buffer.from([0x30, 0x03]),
    });
  });
});

test('a flow runs over h1 and h2 with a jar each, captures the Location without following it, and compares the protocols', async () => {
  const clients = new ReplayClients(loadTargetMap(env()));
  const flow: FlowSpec = {
    id: 'site/flip',
    title: 'flip',
    clause: 'test',
    source: 'capture',
    checks: ['cookie/flip-keeps-id'],
    steps: [
      {
        id: 'site/flip/start',
        title: '',
        clause: '',
        source: 'capture',
        request: { path: '/start' },
        expect: { status: 302, cookies: { id: { value: 'abc|False' } } },
        capture: { next: { header: 'location' } },
      },
      {
        id: 'site/flip/next',
        title: '',
        clause: '',
        source: 'capture',
        request: { path: '{{next}}' },
        expect: { status: 200, headers: { 'x-seen-cookie': 'id=abc|False' }, cookies: { id: { value: 'abc|True' } } },
      },
    ],
  };
  try {
    const record = await replayItem(flow, clients, { role: 'site' });
    const failing = record.legs.flatMap((l) => l.steps.flatMap((s) => s.findings)).filter((f) => f.verdict === 'fail' || f.verdict === 'error');
    expect(failing).toEqual([]);
    expect(record.legs.map((l) => l.steps.map((s) => s.response?.status))).toEqual([[302, 200], [302, 200], []]);
    expect(record.legs.slice(0, 2).map((l) => l.steps[1].response?.protocol)).toEqual(['h1', 'h2']);
    expect(record.legs[2]).toEqual({ protocol: 'h3', skipped: 'flows run over h1 and h2; the HTTP/3 leg sends single exchanges from a page', steps: [] });
    expect(record.legs[0].steps[1].response?.lines).toContainEqual(['x-proto', '1.1']);
    expect(record.legs[1].steps[1].response?.lines).toContainEqual(['x-proto', '2.0']);
    expect(record.legs[0].steps[0].response?.tls?.peerSubject).toContain(NAME);
    expect(
      allFindings(record)
        .filter((f) => f.id.startsWith('site/flip/next check cookie/flip-keeps-id'))
        .map((f) => f.verdict),
    ).toEqual(['pass', 'pass']);
    // x-proto differs by design of this server: parity reports it, and only it.
    expect(record.parity.filter((f) => f.verdict !== 'pass').map((f) => f.id)).toEqual(['site/flip/next parity header x-proto']);
  } finally {
    await clients.close();
  }
});

test('a missing capture fails its step and skips the steps that need it; a closed port is an error', async () => {
  const clients = new ReplayClients(loadTargetMap(env()));
  const flow: FlowSpec = {
    id: 'site/f',
    title: '',
    clause: '',
    source: 'capture',
    steps: [
      { id: 'site/f/a', title: '', clause: '', source: 'capture', request: { path: '/nothing' }, expect: {}, capture: { next: { header: 'location' } } },
      { id: 'site/f/b', title: '', clause: '', source: 'capture', request: { path: '{{next}}' }, expect: { status: 200 } },
    ],
  };
  try {
    const record = await replayItem(flow, clients, { role: 'site' });
    expect(record.legs[0].steps[0].findings.find((f) => f.id === 'site/f/a capture next')).toMatchObject({ verdict: 'fail', actual: '(absent)' });
    expect(record.legs[0].steps[1].skipped).toMatch(/was not captured/);
  } finally {
    await clients.close();
  }
  const dead = new ReplayClients(
    loadTargetMap(withTestBudgets({ TARGET_URL: 'https://made.up.test:1', TARGET_RESOLVE: 'made.up.test:1:127.0.0.1', TARGET_CA: pki.caFile })),
  );
  try {
    const record = await replayItem({ id: 'site/x', title: '', clause: '', source: 'capture', request: { path: '/' }, expect: { status: 200 } }, dead, {
      role: 'site',
    });
    expect(
      allFindings(record)
        .filter((f) => f.verdict === 'error')
        .map((f) => f.id),
    ).toEqual(['site/x transport', 'site/x transport']);
  } finally {
    await dead.close();
  }
});
