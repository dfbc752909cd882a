import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { altSvcValue, edgeConfig, hostPort, type EdgeConfigInput } from './edge-config';
import { caddySaid, loopbackFor, udpPortBound } from './edge';

const TWO_SITES: EdgeConfigInput = {
  bind: '127.0.0.1',
  port: 8444,
  sites: [
    { names: ['www.lessons.test', 'lessons.test'], certFile: '/p/site0.crt', keyFile: '/p/site0.key' },
    { names: ['go.redirect.test'], certFile: '/p/site1.crt', keyFile: '/p/site1.key' },
  ],
  upstream: { host: '127.0.0.1', port: 8443, caFile: '/p/upstream-ca.pem' },
  storageDir: '/p/storage',
};

/** One route as the edge writes it: Caddy's own fields out first, then the proxy with the name as SNI. */
function route(name: string, own: Record<string, unknown>, dial = '127.0.0.1:8443') {
  return {
    match: [{ host: [name] }],
    handle: [
      { handler: 'headers', response: { deferred: false, ...own } },
      {
        handler: 'reverse_proxy',
        upstreams: [{ dial }],
        transport: { protocol: 'http', tls: { server_name: name, root_ca_pem_files: ['/p/upstream-ca.pem'] } },
      },
    ],
    terminal: true,
  };
}

describe('edgeConfig (Caddy JSON)', () => {
  test('two sites: a route per name, the immediate deletion before the proxy, SNI per name, tagged certificates, admin off', () => {
    expect(edgeConfig(TWO_SITES)).toEqual({
      admin: { disabled: true, config: { persist: false } },
      logging: { logs: { default: { level: 'ERROR' } } },
      storage: { module: 'file_system', root: '/p/storage' },
      apps: {
        http: {
          grace_period: '5s',
          servers: {
            edge: {
              listen: ['127.0.0.1:8444'],
              protocols: ['h1', 'h2', 'h3'],
              routes: [
                route('www.lessons.test', { delete: ['Server', 'Alt-Svc'] }),
                route('lessons.test', { delete: ['Server', 'Alt-Svc'] }),
                route('go.redirect.test', { delete: ['Server', 'Alt-Svc'] }),
              ],
              automatic_https: { disable: true },
              tls_connection_policies: [
                { match: { sni: ['www.lessons.test', 'lessons.test'] }, certificate_selection: { any_tag: ['site0'] } },
                { match: { sni: ['go.redirect.test'] }, certificate_selection: { any_tag: ['site1'] } },
              ],
            },
          },
        },
        tls: {
          certificates: {
            load_files: [
              { certificate: '/p/site0.crt', key: '/p/site0.key', tags: ['site0'] },
              { certificate: '/p/site1.crt', key: '/p/site1.key', tags: ['site1'] },
            ],
          },
          disable_ocsp_stapling: true,
        },
      },
    });
  });

  test('the deletion of Server comes before the proxy, and is not deferred (a deferred one would delete the upstream Server too)', () => {
    const routes = (edgeConfig(TWO_SITES) as { apps: { http: { servers: { edge: { routes: Array<{ handle: Array<Record<string, unknown>> }> } } } } }).apps.http
      .servers.edge.routes;
    for (const r of routes) {
      expect(r.handle.map((h) => h.handler)).toEqual(['headers', 'reverse_proxy']);
      expect(r.handle[0].response).toEqual({ deferred: false, delete: ['Server', 'Alt-Svc'] });
    }
  });

  test("with the reference's Alt-Svc: set (replacing Caddy's own), Server still deleted", () => {
    const config = edgeConfig({ ...TWO_SITES, altSvc: altSvcValue(8444) }) as { apps: { http: { servers: { edge: { routes: unknown[] } } } } };
    expect(config.apps.http.servers.edge.routes[0]).toEqual(route('www.lessons.test', { set: { 'Alt-Svc': ['h3=":8444"; ma=86400'] }, delete: ['Server'] }));
  });

  test('IPv6: the listen address and the upstream dial in brackets', () => {
    const config = edgeConfig({ ...TWO_SITES, bind: '::1', upstream: { ...TWO_SITES.upstream, host: '::1' } }) as {
      apps: { http: { servers: { edge: { listen: string[]; routes: unknown[] } } } };
    };
    expect(config.apps.http.servers.edge.listen).toEqual(['[::1]:8444']);
    expect(config.apps.http.servers.edge.routes[2]).toEqual(route('go.redirect.test', { delete: ['Server', 'Alt-Svc'] }, '[::1]:8443'));
  });

  test('altSvcValue, hostPort and loopbackFor', () => {
    expect(altSvcValue(8444)).toBe('h3=":8444"; ma=86400');
    expect(altSvcValue(443, 60)).toBe('h3=":443"; ma=60');
    expect(hostPort('127.0.0.1', 1)).toBe('127.0.0.1:1');
    expect(hostPort('::', 2)).toBe('[::]:2');
    expect(loopbackFor('0.0.0.0')).toBe('127.0.0.1');
    expect(loopbackFor('::')).toBe('::1');
    expect(loopbackFor('192.0.2.7')).toBe('192.0.2.7');
  });
});

describe('udpPortBound (/proc/net/udp, read, never probed)', () => {
  const HEADER = '   sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops\n';
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'udp-bound-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a socket on the port (hex, either table) is found; another port is not; no tables: unknown', () => {
    const v4 = path.join(dir, 'v4');
    fs.mkdirSync(v4);
    fs.writeFileSync(path.join(v4, 'udp'), `${HEADER}  512: 0100007F:20FC 00000000:0000 07 00000000:00000000 00:00000000 00000000     0        0 123 2 0 0\n`);
    expect(udpPortBound(8444, v4)).toBe(true); // 0x20FC
    expect(udpPortBound(8443, v4)).toBe(false);
    const v6 = path.join(dir, 'v6');
    fs.mkdirSync(v6);
    fs.writeFileSync(path.join(v6, 'udp6'), `${HEADER}  1: 00000000000000000000000001000000:01BB 00000000000000000000000000000000:0000 07 0 0 0 0 0 1 2 0 0\n`);
    expect(udpPortBound(443, v6)).toBe(true);
    expect(udpPortBound(443, path.join(dir, 'none'))).toBeUndefined();
  });
});

describe('caddySaid', () => {
  test("keeps errors and plain lines, leaves out Caddy's start-up chatter", () => {
    const stderr = [
      '{"level":"info","ts":1,"msg":"using provided configuration"}',
      '{"level":"warn","ts":2,"logger":"admin","msg":"admin endpoint disabled"}',
      '{"level":"error","ts":3,"msg":"boom"}',
      'Error: loading initial config: listen tcp 127.0.0.1:8444: bind: address already in use',
      '',
    ].join('\n');
    expect(caddySaid(stderr)).toBe(
      '{"level":"error","ts":3,"msg":"boom"}\nError: loading initial config: listen tcp 127.0.0.1:8444: bind: address already in use',
    );
    expect(caddySaid('{"level":"info","msg":"x"}\n')).toBe('');
  });
});
