import { loadTargetMap } from '../target-map';
import { hideExtraHeaders } from './extra-headers';

/** A HAR of one request with these header lines. */
const harOf = (headers: Array<[string, string]>) => ({ log: { entries: [{ request: { headers: headers.map(([name, value]) => ({ name, value })) } }] } });
const headersOf = (har: ReturnType<typeof harOf>) => har.log.entries[0].request.headers.map((h) => [h.name, h.value]);

const map = loadTargetMap({
  TARGET_URL: 'https://www.staging.test',
  TARGET_HEADERS: JSON.stringify({ '*': { Authorization: 'Bearer s3cr3t-t0ken', Cookie: 'gate=g4te-value' } }),
});

test("every extra field's value is hidden by its length; of a Cookie, only the extra's pairs, the page's own kept", () => {
  const har = harOf([
    ['accept', 'text/html'],
    ['Authorization', 'Bearer s3cr3t-t0ken'],
    ['cookie', 'ASP.NET_SessionId=abc123; gate=g4te-value'],
  ]);
  expect(hideExtraHeaders(har, map)).toBe(true);
  expect(headersOf(har)).toEqual([
    ['accept', 'text/html'],
    ['Authorization', '‹hidden: 19 chars›'],
    ['cookie', 'ASP.NET_SessionId=abc123; gate=‹hidden: 10 chars›'],
  ]);
});

test('a Cookie without an extra pair is left as it is; without extra headers nothing changes', () => {
  const har = harOf([['cookie', 'ASP.NET_SessionId=abc123']]);
  expect(hideExtraHeaders(har, map)).toBe(false);
  expect(headersOf(har)).toEqual([['cookie', 'ASP.NET_SessionId=abc123']]);
  const plain = harOf([['authorization', 'Bearer s3cr3t-t0ken']]);
  expect(hideExtraHeaders(plain, loadTargetMap({ TARGET_URL: 'https://www.staging.test' }))).toBe(false);
  expect(headersOf(plain)).toEqual([['authorization', 'Bearer s3cr3t-t0ken']]);
});
