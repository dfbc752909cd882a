import { CHECKS } from '../checks';
import { evaluateExchange } from './evaluate';
import { DATE, observed } from './observed-fixture';
import type { ExchangeSpec } from './types';

// evaluate.ts `compareHeader` with field-forms.ts: a stated value met in another spelling its field's grammar calls the same.
/** The finding of a stated value (`equals`, or a bare string, or `contains`) against these field lines. */
const finding = (name: string, stated: string | { contains: string } | { bare: string }, ...lines: string[]) => {
  const spec: ExchangeSpec = {
    id: 'x',
    title: 't',
    clause: 'c',
    source: 'capture',
    request: { path: '/' },
    expect: { headers: { [name]: typeof stated === 'string' ? { equals: stated } : 'bare' in stated ? stated.bare : stated } },
  };
  const [f] = evaluateExchange(spec, observed({ lines: [['date', DATE], ...lines.map((l) => [name, l] as [string, string])] }), {
    role: 'site',
    placeholders: {},
    targetOrigin: 'user',
    checks: CHECKS,
  });
  return f;
};
const judge = (name: string, stated: string | { contains: string }, ...lines: string[]) => finding(name, stated, ...lines).verdict;

test.each<[string, string | { contains: string }, string[]]>([
  ['cache-control', 'public, max-age=604800', ['max-age=604800, public']],
  ['cache-control', 'public, max-age=604800', ['public,max-age=604800']],
  ['cache-control', 'public, max-age=604800', ['Public, MAX-AGE=604800']],
  ['cache-control', 'no-cache, no-store', ['no-store', 'no-cache']],
  ['pragma', 'no-cache', ['No-Cache']],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains; preload', ['preload; max-age=31536000;includesubdomains']],
  ['vary', 'Accept, Accept-Encoding', ['accept-encoding, accept']],
  ['accept-ranges', 'bytes', ['Bytes']],
  ['content-language', 'en', ['EN']],
  ['content-encoding', 'gzip', ['GZIP']],
  ['x-frame-options', 'DENY', ['deny']],
  ['x-content-type-options', 'nosniff', ['NoSniff']],
  ['x-xss-protection', '1; mode=block', ['1;mode=block']],
  ['vary', { contains: 'Accept-Encoding' }, ['origin, accept-encoding']],
  ['expires', '-1', ['0']],
  ['expires', '-1', ['Thu, 01 Jan 1970 00:00:00 GMT']],
  ['expires', '-1', [DATE]],
  ['content-disposition', 'inline; filename=search.svg', ['Inline; Filename="search.svg"']],
  ['content-disposition', 'inline; filename=search.svg', ['inline; filename="search.svg"; filename*=UTF-8\'\'search.svg']],
  ['location', 'https://www.lessons.test/', ['https://WWW.Lessons.test:443']],
  ['location', 'https://m.lessons.test/p?x=/%7Ba', ['https://m.lessons.test/p?x=/%7ba']],
  ['location', 'https://www.lessons.test/a/b', ['/a/b']],
])('%s %j is met by %j', (name, stated, lines) => {
  expect(judge(name, stated, ...lines)).toBe('pass');
});

test.each<[string, string | { contains: string }, string[], string]>([
  ['cache-control', 'public, max-age=604800', ['public, max-age=604801'], 'another value'],
  ['cache-control', 'public, max-age=604800', ['public, max-age=604800, no-transform'], 'a directive added'],
  ['cache-control', 'public, max-age=604800', ['max-age=604800'], 'a directive left out'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains; preload', ['max-age=31536000; includeSubDomains'], 'a directive left out'],
  ['vary', 'Accept, Accept-Encoding', ['Accept-Encoding'], 'a field left out'],
  ['vary', 'Accept-Encoding', ['Accept-Encoding, User-Agent'], 'a field added'],
  ['content-encoding', 'gzip, br', ['br, gzip'], 'codings in another order'],
  ['x-frame-options', 'DENY', ['SAMEORIGIN'], 'another option'],
  ['x-xss-protection', '1; mode=block', ['1'], 'mode=block left out'],
  ['vary', { contains: 'Origin' }, ['X-Origin-Token'], 'another field that holds the name'],
  ['allow', { contains: 'POST' }, ['GET, post'], 'a method in another case (methods are case-sensitive)'],
  ['content-disposition', 'inline; filename=search.svg', ['attachment; filename=search.svg'], 'another disposition'],
  ['content-disposition', 'inline; filename=search.svg', ['inline; filename=find.svg'], 'another file name'],
  ['location', 'https://www.lessons.test/', ['https://lessons.test/'], 'another host'],
  ['location', 'https://www.lessons.test/a', ['https://www.lessons.test/A'], 'a path in another case'],
  ['expires', '-1', ['Wed, 08 Apr 2026 17:54:52 GMT'], 'a date after Date: not expired'],
  ['expires', 'Wed, 08 Apr 2026 17:54:52 GMT', ['Wed, 08 Apr 2026 18:54:52 GMT'], 'a stated future date stays a date'],
  ['referrer-policy', 'no-referrer-when-downgrade', ['No-Referrer-When-Downgrade'], 'a field with no such rule'],
])('%s %j is not met by %j (%s)', (name, stated, lines) => {
  expect(judge(name, stated, ...lines)).toBe('fail');
});

describe('a stated Content-Type (core/media-type.ts)', () => {
  const judged = (ct: string, ...lines: string[]) => {
    const f = finding('content-type', { bare: ct }, ...lines);
    return [f.verdict, f.actual];
  };

  it('passes another spelling of the same media type, and a parameter it does not state, saying why', () => {
    expect(judged('text/css', 'text/css; charset=utf-8')).toEqual([
      'pass',
      "text/css; charset=utf-8 (RFC 9110 §8.3.1: the same media type; parameters not stated are the target's choice)",
    ]);
    expect(judged('text/html; charset=utf-8', 'text/html;charset=UTF-8')[0]).toBe('pass');
    expect(judged('text/css', 'text/css')).toEqual(['pass', 'text/css']);
  });

  it('fails another media type, a stated parameter left out, and a second Content-Type line', () => {
    expect(judged('application/x-javascript', 'application/javascript')).toEqual(['fail', 'application/javascript']);
    expect(judged('text/html; charset=utf-8', 'text/html')).toEqual(['fail', 'text/html']);
    expect(judged('text/css', 'text/css', 'text/plain')[0]).toBe('fail');
  });
});
