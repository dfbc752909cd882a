import { failingFindings as failing, failureLines, failureMessage, FindingList } from './findings';

const list = (origin: 'reference' | 'user' = 'reference') => new FindingList({ source: 'capture', clause: 'c', targetOrigin: origin, target: origin });

describe('FindingList', () => {
  it('records passes and failures with expected and actual, defaults filled in', () => {
    const l = list();
    l.compare('a', true, 'x', 'x');
    const f = l.compare('b', false, 'HttpOnly', 'not HttpOnly');
    expect(f).toEqual({
      id: 'b',
      verdict: 'fail',
      level: 'must',
      expected: 'HttpOnly',
      actual: 'not HttpOnly',
      source: 'capture',
      clause: 'c',
      target: 'reference',
    });
    expect(failing(l.items, 'fail').map((x) => x.id)).toEqual(['b']);
  });

  it('a failing reference expectation informs against a user target and fails on the reference; a should warns', () => {
    expect(list('user').compare('x', false, 'a', 'b', { source: 'reference' })).toMatchObject({ verdict: 'info', level: 'info' });
    expect(list('reference').compare('x', false, 'a', 'b', { source: 'reference' })).toMatchObject({ verdict: 'fail', level: 'info' });
    expect(list('user').compare('x', false, 'a', 'b', { source: 'rfc', level: 'should' })).toMatchObject({ verdict: 'warn', level: 'should' });
    expect(list('user').compare('x', true, 'a', 'a', { source: 'rfc', level: 'should' })).toMatchObject({ verdict: 'pass' });
  });
});

describe('failureMessage', () => {
  it('lists every failing finding once as `<id>: expected "<e>", got "<a>"`, secrets not printed', () => {
    const l = list();
    l.compare('site/browser/home cookie ARRAffinity httpOnly', false, 'HttpOnly', 'not HttpOnly');
    l.compare('site/browser/home cookie ARRAffinity httpOnly', false, 'HttpOnly', 'not HttpOnly');
    l.compare('v', false, '<id>|True', 'f00dfeedf00dfeedf00dfeedf00dfeed|False', {
      secrets: [{ kind: 'cookie', value: 'f00dfeedf00dfeedf00dfeedf00dfeed|False' }],
    });
    l.add('n', 'error', 'a connection to x', 'net::ERR_CONNECTION_REFUSED', { message: 'unreachable' });
    l.add('i', 'info', 'a', 'b');
    expect(failureLines(l.items, 'fail')).toEqual([
      'site/browser/home cookie ARRAffinity httpOnly: expected "HttpOnly", got "not HttpOnly"',
      'v: expected "<id>|True", got "‹secret: 32 chars›|False"',
      'n: error: unreachable (expected "a connection to x")',
    ]);
    expect(failureMessage('flow', l.items, 'fail')).toMatch(/^flow: 3 failing expectations\n {2}site\/browser/);
    expect(failureMessage('flow', [], 'fail')).toBe('flow: every expectation met');
  });
});
