import { browserLaunchData } from './browser';
import { loadTargetMap } from './target-map';
import { makeTestPki, type TestPki } from './test-pki';

let pki: TestPki;
beforeAll(() => {
  pki = makeTestPki(['a.test']);
});
afterAll(() => pki.cleanup());

describe('browserLaunchData', () => {
  it('turns both curl forms into Chromium MAP rules, brackets kept for IPv6', () => {
    const data = browserLaunchData(
      loadTargetMap({
        TARGET_RESOLVE: 'www.x.test:443:127.0.0.1, r10.o.test:80:[::1]:8080,WWW.Y.test:8443:localhost:9443',
      }),
    );
    expect(data.hostResolverRules).toBe('MAP www.x.test:443 127.0.0.1:443, MAP r10.o.test:80 [::1]:8080, MAP www.y.test:8443 localhost:9443');
  });

  it('gives an empty rule string, no roots and verification on for an empty map', () => {
    expect(browserLaunchData(loadTargetMap({}))).toEqual({ hostResolverRules: '', caPems: [], insecure: false });
  });

  it('passes the extra roots and the insecure flag through', () => {
    const data = browserLaunchData(loadTargetMap({ TARGET_CA: pki.caFile, TARGET_INSECURE: '1' }));
    expect(data.caPems).toHaveLength(1);
    expect(data.caPems[0]).toContain('-----BEGIN CERTIFICATE-----');
    expect(data.insecure).toBe(true);
  });
});
