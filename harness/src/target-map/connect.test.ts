import { rootCertificates } from 'node:tls';
import { connectTarget, tlsConnectOptions } from './connect';
import { rootsContext } from './roots';
import { loadTargetMap } from './target-map';

test('a resolve entry sends the socket elsewhere while SNI keeps the name', () => {
  const map = loadTargetMap({ TARGET_URL: 'https://www.example.org', TARGET_RESOLVE: 'www.example.org:443:10.0.0.5:8443' });
  expect(connectTarget(map, new URL('https://www.example.org/x'))).toMatchObject({
    host: '10.0.0.5',
    port: 8443,
    servername: 'www.example.org',
    rejectUnauthorized: true,
  });
  expect(connectTarget(map, new URL('https://other.example.org:444/'))).toMatchObject({
    host: 'other.example.org',
    port: 444,
    servername: 'other.example.org',
  });
  expect(connectTarget(map, new URL('https://127.0.0.1:9/')).servername).toBeUndefined();
});

test("roots are the defaults plus the map's; insecure turns verification off; ALPN is passed on", () => {
  const map = { ...loadTargetMap({ TARGET_URL: 'https://a.test' }), ca: [rootCertificates[0]], insecure: true };
  const opts = tlsConnectOptions(map, new URL('https://a.test'), ['h2', 'http/1.1']);
  expect(opts.secureContext).toBe(rootsContext(map.ca));
  expect(opts.rejectUnauthorized).toBe(false);
  expect(opts.ALPNProtocols).toEqual(['h2', 'http/1.1']);
});
