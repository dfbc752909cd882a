import { altSvcProblem, h3Alternative, parseAltSvc } from './alt-svc';

describe('parseAltSvc (RFC 7838 §3)', () => {
  it('reads the alternatives of a CDN answer, the origin host left empty, ma and persist read', () => {
    expect(parseAltSvc(['h3=":443"; ma=86400, h3-29=":443"; ma=86400; persist=1'])).toEqual({
      kind: 'list',
      alternatives: [
        { protocol: 'h3', host: '', port: 443, maxAge: 86400, persist: false },
        { protocol: 'h3-29', host: '', port: 443, maxAge: 86400, persist: true },
      ],
    });
  });

  it('takes another host (IPv6 in brackets), a quoted ma, a default max-age of 24 hours, and several field lines as one list', () => {
    const v = parseAltSvc(['h2="alt.example.test:8443"', 'h3="[::1]:9443"; ma="60"']);
    expect(v).toEqual({
      kind: 'list',
      alternatives: [
        { protocol: 'h2', host: 'alt.example.test', port: 8443, maxAge: 86400, persist: false },
        { protocol: 'h3', host: '::1', port: 9443, maxAge: 60, persist: false },
      ],
    });
  });

  it('percent-decodes the protocol id (RFC 7838 §3: "w=x:y" is w%3Dx%3Ay)', () => {
    const v = parseAltSvc(['w%3Dx%3Ay=":10000"']);
    expect(v.kind === 'list' && v.alternatives[0].protocol).toBe('w=x:y');
  });

  it('reads clear', () => {
    expect(parseAltSvc(['clear'])).toEqual({ kind: 'clear' });
  });

  it.each([
    [['h3=:443'], 'not a quoted string'],
    [['h3=":0"'], 'no port between 1 and 65535'],
    [['h3="host.test"'], 'no port'],
    [['h3=":443"; ma=soon'], 'ma=soon'],
    [['h3'], 'not protocol-id="authority"'],
    [[''], 'an empty field'],
    // Chromium's --host-resolver-rules would read a comma as another rule: refused, not parsed around.
    [['h3="x, MAP www.lessons.test 203.0.113.9:443"'], 'names a host that is not a host name or IP address'],
    [['h3="edge.test,EXCLUDE*:443"'], 'names a host that is not a host name or IP address'],
    [['h3="edge test:443"'], 'names a host that is not a host name or IP address'],
    [['h3="[edge.test]:443"'], 'names a host that is not a host name or IP address'],
    [['h3="::1:443"'], 'names a host that is not a host name or IP address'],
    [['h3="999.1.1.1:443"'], 'names a host that is not a host name or IP address'],
  ])('says why %j is not valid', (lines, reason) => {
    const v = parseAltSvc(lines);
    expect(v.kind).toBe('invalid');
    expect(v.kind === 'invalid' && v.reason).toContain(reason);
  });
});

describe('altSvcProblem', () => {
  it('is the reason a present field cannot be used, undefined for an absent or valid one', () => {
    expect(altSvcProblem([])).toBeUndefined();
    expect(altSvcProblem(['h3=":443"; ma=86400', 'h3="edge-1.cdn.example.net:8443", h3="[2001:db8::1]:443", h3="192.0.2.7:443"'])).toBeUndefined();
    expect(altSvcProblem(['h3="x, MAP a.test 1.2.3.4:443"'])).toMatch(/not a host name or IP address/);
  });
});

describe('h3Alternative', () => {
  it('is the first h3 member, never a draft version', () => {
    expect(h3Alternative(['h3-29=":8443", h3=":9443"; ma=3600'])).toMatchObject({ protocol: 'h3', port: 9443, maxAge: 3600 });
    expect(h3Alternative(['h3-29=":8443"'])).toBeUndefined();
  });

  it('is undefined without the field, with clear, or with a broken field', () => {
    expect(h3Alternative([])).toBeUndefined();
    expect(h3Alternative(['clear'])).toBeUndefined();
    expect(h3Alternative(['h3=443'])).toBeUndefined();
  });
});
