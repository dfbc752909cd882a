import { CookieJar, defaultPath, domainMatches, pathMatches } from './cookie-jar';

const T0 = Date.parse('2026-04-08T16:54:52Z');
const jarAt = (t = { now: T0 }) => new CookieJar(() => t.now);

describe('RFC 6265 matching rules', () => {
  test('domain-match', () => {
    expect(domainMatches('www.lessons.test', 'lessons.test')).toBe(true);
    expect(domainMatches('lessons.test', 'lessons.test')).toBe(true);
    expect(domainMatches('evillessons.test', 'lessons.test')).toBe(false);
    expect(domainMatches('127.0.0.1', '0.0.1')).toBe(false);
  });
  test('default-path and path-match', () => {
    expect(defaultPath('/')).toBe('/');
    expect(defaultPath('/a')).toBe('/');
    expect(defaultPath('/a/b/c')).toBe('/a/b');
    expect(pathMatches('/api/x', '/api')).toBe(true);
    expect(pathMatches('/api/x', '/api/')).toBe(true);
    expect(pathMatches('/apix', '/api')).toBe(false);
    expect(pathMatches('/', '/')).toBe(true);
  });
});

describe('CookieJar', () => {
  test('host-only cookies go back to the same host only', () => {
    const jar = jarAt();
    jar.store('https://www.lessons.test/', ['a=1; path=/; HttpOnly']);
    expect(jar.header('https://www.lessons.test/x')).toBe('a=1');
    expect(jar.header('https://sub.www.lessons.test/')).toBeUndefined();
    expect(jar.header('https://lessons.test/')).toBeUndefined();
  });

  test('a Domain cookie covers subdomains; a foreign Domain is ignored', () => {
    const jar = jarAt();
    expect(jar.store('https://www.lessons.test/', ['d=1; Domain=.lessons.test; Path=/', 'x=1; Domain=other.test'])).toBe(1);
    expect(jar.header('https://media.lessons.test/')).toBe('d=1');
    expect(jar.header('https://other.test/')).toBeUndefined();
  });

  test('default path, path-match and ordering (longest path first, then oldest)', () => {
    const jar = jarAt();
    jar.store('https://h.test/api/LessonPlan/GetPlanJson', ['p=deep']);
    jar.store('https://h.test/', ['r=root; path=/', 'q=root2; path=/']);
    expect(jar.header('https://h.test/api/LessonPlan/x')).toBe('p=deep; r=root; q=root2');
    expect(jar.header('https://h.test/other')).toBe('r=root; q=root2');
  });

  test('Secure cookies are neither accepted from nor sent to http origins', () => {
    const jar = jarAt();
    jar.store('http://h.test/', ['s=1; Secure']);
    expect(jar.all()).toHaveLength(0);
    jar.store('https://h.test/', ['s=1; Secure; Path=/']);
    expect(jar.header('http://h.test/')).toBeUndefined();
    expect(jar.header('https://h.test/')).toBe('s=1');
  });

  test('replacement keeps one cookie per (name, domain, path) and its creation order', () => {
    const jar = jarAt();
    jar.store('https://h.test/', ['a=1; path=/', 'b=1; path=/']);
    jar.store('https://h.test/', ['a=2; path=/']);
    expect(jar.header('https://h.test/')).toBe('a=2; b=1');
    expect(jar.all()).toHaveLength(2);
  });

  test('Max-Age wins over Expires; expiry in the past deletes; time passing expires', () => {
    const t = { now: T0 };
    const jar = jarAt(t);
    jar.store('https://h.test/', [`m=1; Max-Age=60; Expires=${new Date(T0 - 1000).toUTCString()}; path=/`]);
    expect(jar.header('https://h.test/')).toBe('m=1');
    jar.store('https://h.test/', [`e=1; expires=${new Date(T0 + 3600e3).toUTCString()}; path=/`]);
    expect(jar.header('https://h.test/')).toBe('m=1; e=1');
    t.now = T0 + 61e3;
    expect(jar.header('https://h.test/')).toBe('e=1');
    jar.store('https://h.test/', ['e=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/']);
    expect(jar.header('https://h.test/')).toBeUndefined();
    jar.store('https://h.test/', ['z=1; path=/']);
    jar.store('https://h.test/', ['z=; Max-Age=0; path=/']);
    expect(jar.get('z')).toBeUndefined();
  });

  test('values with "|" and the IIS attribute form without spaces', () => {
    const jar = jarAt();
    jar.store('https://www.lessons.test/', [
      'SC_ANALYTICS_GLOBAL_COOKIE=0123456789abcdef0123456789abcdef|False; expires=Sat, 08 Apr 2036 16:54:52 GMT; path=/; HttpOnly',
      'ARRAffinity=abc;Path=/;HttpOnly;Secure;Domain=www.lessons.test',
    ]);
    expect(jar.get('SC_ANALYTICS_GLOBAL_COOKIE')).toBe('0123456789abcdef0123456789abcdef|False');
    expect(jar.header('https://www.lessons.test/')).toBe('SC_ANALYTICS_GLOBAL_COOKIE=0123456789abcdef0123456789abcdef|False; ARRAffinity=abc');
  });
});
