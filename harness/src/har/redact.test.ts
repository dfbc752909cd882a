import { runRedactor } from './redact';

test('learns cookie values, credential headers and signed query values from records and HARs; replaces them everywhere', () => {
  const r = runRedactor({});
  r.learn({
    legs: [
      {
        steps: [
          {
            request: { url: 'https://shop.test/f.woff2?h1=c2hvcA&hmac=0123456789abcdef0123', headers: [['cookie', 'sid=cookie-from-jar-1; flag=1']] },
            response: { lines: [['set-cookie', 'ASP.NET_SessionId=abcdefghijklmnopqrstuvwx; path=/,other=2nd0cookie0v4lue9; Path=/, sxa_site=Lessons; Path=/, langpref=english-united-kingdom; Path=/'], ['x-api-token', 'tok-123456789']] },
          },
        ],
      },
    ],
  });
  r.learn({ log: { entries: [{ request: { cookies: [{ name: 'c', value: 'har0c00kie0va1ue' }, { name: 'flag', value: `${'0123456789abcdef'.repeat(2)}|False` }], headers: [{ name: 'Authorization', value: 'Bearer har-bearer-token' }] } }] } });
  const secrets = ['abcdefghijklmnopqrstuvwx', '2nd0cookie0v4lue9', 'cookie-from-jar-1', 'tok-123456789', '0123456789abcdef0123', 'har0c00kie0va1ue', 'har-bearer-token', '0123456789abcdef'.repeat(2)];
  const scrubbed = r.scrub(secrets.join(' '));
  for (const s of secrets) expect(scrubbed).not.toContain(s);
  // Short values (a flag) and query values that are no secret are not looked for.
  expect(r.scrub('flag=1 h1=c2hvcA')).toBe('flag=1 h1=c2hvcA');
  // A cookie's value is judged by what it is, part by part: words and flags are what a reader needs.
  expect(r.scrub('sxa_site=Lessons english-united-kingdom |False')).toBe('sxa_site=Lessons english-united-kingdom |False');
  // Shown as the report shows secrets.
  expect(r.scrub('abcdefghijklmnopqrstuvwx')).toBe('‹secret: alnum-lower24, 24 chars›');
});

test('raw (HARNESS_REPORT_RAW_SECRETS=1): learns nothing from traffic, keeps the run’s credentials', () => {
  const r = runRedactor({ HARNESS_REPORT_RAW_SECRETS: '1', TARGET_HEADERS: JSON.stringify({ '*': { 'X-Bypass': 'bypass-canary-1' } }) });
  r.learn({ lines: [['set-cookie', 'sid=abcdefghijklmnop']] });
  expect(r.scrub('sid=abcdefghijklmnop bypass-canary-1')).toBe('sid=abcdefghijklmnop ‹secret: base64url, 15 chars›');
});

test('an address whose signed value is already redacted (percent-encoded in it) is not redacted again', () => {
  const r = runRedactor({});
  const url = `https://shop.example/f.woff2?hmac=${encodeURIComponent('‹secret: hex64, 64 chars›')}`;
  r.learn({ url });
  expect(r.size).toBe(0);
  expect(r.scrub(url)).toBe(url);
  // A real signed value in the same place is still learned.
  r.learn({ url: `https://shop.example/f.woff2?hmac=${'ab'.repeat(32)}` });
  expect(r.scrub(`hmac=${'ab'.repeat(32)}`)).not.toContain('ab'.repeat(32));
});

test("HTTP/2's :authority (the host) is no credential: a recorded HAR keeps its addresses", () => {
  const r = runRedactor({});
  r.learn({ headers: [{ name: ':authority', value: 'www.lessons.test:8443' }] });
  expect(r.scrub('https://www.lessons.test:8443/')).toBe('https://www.lessons.test:8443/');
});
