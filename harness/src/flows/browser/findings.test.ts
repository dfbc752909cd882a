import { failing, failureLines, failureMessage, FindingList, verdictOf } from './findings';

const list = (origin: 'reference' | 'user' = 'reference', strict = false) => new FindingList({ source: 'capture', clause: 'c', targetOrigin: origin, strict, target: origin });

describe('FindingList', () => {
  it('records passes and failures with expected and actual, defaults filled in', () => {
    const l = list();
    l.compare('a', true, 'x', 'x');
    const f = l.compare('b', false, 'HttpOnly', 'not HttpOnly');
    expect(f).toEqual({ id: 'b', verdict: 'fail', expected: 'HttpOnly', actual: 'not HttpOnly', source: 'capture', clause: 'c', target: 'reference' });
    expect(failing(l.items).map((x) => x.id)).toEqual(['b']);
  });

  it('a failing reference expectation informs against a user target, fails when strict or on the reference', () => {
    expect(verdictOf(false, 'reference', { targetOrigin: 'user', strict: false })).toBe('info');
    expect(verdictOf(false, 'reference', { targetOrigin: 'user', strict: true })).toBe('fail');
    expect(verdictOf(false, 'reference', { targetOrigin: 'reference', strict: false })).toBe('fail');
    expect(list('user').compare('x', false, 'a', 'b', { source: 'reference' }).verdict).toBe('info');
  });
});

describe('failureMessage', () => {
  it('lists every failing finding once as `<id>: expected "<e>", got "<a>"`, secrets not printed', () => {
    const l = list();
    l.compare('site/browser/home cookie ARRAffinity httpOnly', false, 'HttpOnly', 'not HttpOnly');
    l.compare('site/browser/home cookie ARRAffinity httpOnly', false, 'HttpOnly', 'not HttpOnly');
    l.compare('v', false, '<id>|True', 'abc|False', { secret: true });
    l.add('n', 'error', 'a connection to x', 'net::ERR_CONNECTION_REFUSED', { message: 'unreachable' });
    l.add('i', 'info', 'a', 'b');
    expect(failureLines(l.items)).toEqual([
      'site/browser/home cookie ARRAffinity httpOnly: expected "HttpOnly", got "not HttpOnly"',
      'v: expected "<id>|True", got (secret value of 9 characters)',
      'n: error: unreachable (expected "a connection to x")',
    ]);
    expect(failureMessage('flow', l.items)).toMatch(/^flow: 3 failing expectations\n {2}site\/browser/);
    expect(failureMessage('flow', [])).toBe('flow: every expectation met');
  });
});
