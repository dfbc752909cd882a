import { APPLICATION_ID, securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it('carries the fixed values of the description', () => {
    const h = securityHeaders({ headers: { host: 'www.lessons.test' } });
    expect(h['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains; preload');
    expect(h['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(h['X-XSS-Protection']).toBe('1; mode=block');
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['Referrer-Policy']).toBe('no-referrer-when-downgrade');
    expect(h['Request-Context']).toBe(`appId=${APPLICATION_ID}`);
    expect(APPLICATION_ID).toMatch(/^cid-v1:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    for (const feature of ['microphone', 'midi', 'camera', 'magnetometer', 'gyroscope', 'payment']) {
      expect(h['Feature-Policy']).toContain(`${feature} 'none'`);
      expect(h['Permissions-Policy']).toContain(`${feature}=()`);
    }
  });

  it('allows the two script hosts on the port the client used', () => {
    const csp = securityHeaders({ headers: { host: 'www.lessons.test:8443' } })['Content-Security-Policy'] as string;
    expect(csp).toMatch(/^default-src 'self' https: /);
    expect(csp).toContain('https://tags.beacon.test:8443');
    expect(csp).toContain('https://analytics.beacon.test:8443');
    const onDefaultPort = securityHeaders({ headers: { ':authority': 'www.lessons.test' } })['Content-Security-Policy'] as string;
    expect(onDefaultPort.endsWith(" 'unsafe-eval' https://tags.beacon.test https://analytics.beacon.test")).toBe(true);
  });
});
