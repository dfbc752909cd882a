import { CHECKS } from '../checks';
import { evaluateExchange, type EvaluateOptions } from './evaluate';
import { DATE, observed } from './observed-fixture';
import type { ExchangeSpec } from './types';

// A cookie's expiry in the raw replay (evaluate.ts `compareExpiry`): Expires as written, else the date a positive Max-Age gives.
const USER: EvaluateOptions = { role: 'shop', placeholders: {}, targetOrigin: 'user', checks: CHECKS };

describe('a cookie expiry stated by Expires or by Max-Age', () => {
  const YEAR = { relativeTime: { to: 'date' as const, offsetSeconds: 31579200, toleranceSeconds: 129600 } };
  const PAST = { relativeTime: { to: 'date' as const, offsetSeconds: -1000000000, toleranceSeconds: 999999999 } };
  const spec = (expires: typeof YEAR): ExchangeSpec => ({
    id: 'shop/p',
    title: 't',
    clause: 'c',
    source: 'capture',
    request: { path: '/' },
    expect: { cookies: { localization: { expires } } },
  });
  const expiry = (m: typeof YEAR, line: string) => {
    const [, f] = evaluateExchange(
      spec(m),
      observed({
        lines: [
          ['date', DATE],
          ['set-cookie', line],
        ],
      }),
      USER,
    );
    return [f.id, f.verdict, f.actual];
  };

  it('"1 year" is met by a Max-Age of a year without Expires (RFC 6265 §5.2.2), and the actual says which attribute gave it', () => {
    expect(expiry(YEAR, 'localization=GB; Max-Age=31536000; Path=/')).toEqual([
      'shop/p cookie localization expires',
      'pass',
      'Max-Age=31536000 (no Expires): Thu, 08 Apr 2027 16:54:52 GMT (Date + 31536000 s (365 d))',
    ]);
    expect(expiry(YEAR, 'localization=GB; expires=Thu, 08 Apr 2027 16:54:52 GMT; Path=/')[1]).toBe('pass');
  });

  it('a Max-Age of an hour for "1 year" fails, as the same Expires does', () => {
    expect(expiry(YEAR, 'localization=GB; Max-Age=3600')).toEqual([
      'shop/p cookie localization expires',
      'fail',
      'Max-Age=3600 (no Expires): Wed, 08 Apr 2026 17:54:52 GMT (Date + 3600 s (1 h), off by 31575600 s (8771 h))',
    ]);
    expect(expiry(YEAR, 'localization=GB; expires=Wed, 08 Apr 2026 17:54:52 GMT')[1]).toBe('fail');
  });

  it('Max-Age=0 gives no date: a past Expires date that is asked for must be written', () => {
    expect(expiry(PAST, 'localization=; Max-Age=0')).toEqual(['shop/p cookie localization expires', 'fail', '(absent)']);
    expect(expiry(PAST, 'localization=; Max-Age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT')[1]).toBe('pass');
  });

  it('with both attributes, Expires is what is compared', () => {
    expect(expiry(YEAR, 'localization=GB; Max-Age=31536000; expires=Wed, 08 Apr 2026 17:54:52 GMT')[1]).toBe('fail');
  });
});
