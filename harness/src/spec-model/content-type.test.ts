import { CHECKS } from '../checks';
import { evaluateExchange } from './evaluate';
import { DATE, observed } from './observed-fixture';
import type { ExchangeSpec } from './types';

// evaluate.ts `compareHeader`: a stated Content-Type is a media type (core/media-type.ts).
describe('a stated Content-Type in a spec', () => {
  const spec = (ct: string): ExchangeSpec => ({
    id: 'x',
    title: 't',
    clause: 'c',
    source: 'capture',
    request: { path: '/' },
    expect: { headers: { 'content-type': ct } },
  });
  const judge = (ct: string, ...lines: string[]) => {
    const [f] = evaluateExchange(spec(ct), observed({ lines: [['date', DATE], ...lines.map((l) => ['content-type', l] as [string, string])] }), {
      role: 'site',
      placeholders: {},
      targetOrigin: 'user',
      checks: CHECKS,
    });
    return [f.verdict, f.actual];
  };

  it('passes another spelling of the same media type, and a parameter it does not state, saying why', () => {
    expect(judge('text/css', 'text/css; charset=utf-8')).toEqual([
      'pass',
      "text/css; charset=utf-8 (RFC 9110 §8.3.1: the same media type; parameters not stated are the target's choice)",
    ]);
    expect(judge('text/html; charset=utf-8', 'text/html;charset=UTF-8')[0]).toBe('pass');
    expect(judge('text/css', 'text/css')).toEqual(['pass', 'text/css']);
  });

  it('fails another media type, a stated parameter left out, and a second Content-Type line', () => {
    expect(judge('application/x-javascript', 'application/javascript')).toEqual(['fail', 'application/javascript']);
    expect(judge('text/html; charset=utf-8', 'text/html')).toEqual(['fail', 'text/html']);
    expect(judge('text/css', 'text/css', 'text/plain')[0]).toBe('fail');
  });
});
