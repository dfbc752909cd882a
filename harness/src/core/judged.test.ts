import { judged, REFERENCE_NOTE, SHOULD_NOTE } from './judged';

const fields = { id: 'site/home header x', expected: 'a', actual: 'b' };

describe('judged: the one finding builder of a comparison', () => {
  test('met: pass, with no note', () => {
    expect(judged(true, { ...fields, source: 'rfc', level: 'should' }, 'user')).toEqual({ ...fields, source: 'rfc', level: 'should', verdict: 'pass' });
  });
  test.each([
    ['must', 'fail', undefined],
    ['should', 'warn', SHOULD_NOTE],
    ['info', 'info', REFERENCE_NOTE],
  ] as const)('a miss of a %s expectation against a user target: %s, with its note', (level, verdict, note) => {
    expect(judged(false, { ...fields, source: 'capture', level }, 'user')).toEqual({
      ...fields,
      source: 'capture',
      level,
      verdict,
      ...(note ? { message: note } : {}),
    });
  });
  test('against the reference every miss fails, whatever its level', () => {
    expect(judged(false, { ...fields, source: 'reference', level: 'info' }, 'reference').verdict).toBe('fail');
  });
  test('the level follows from the provenance when not given; a message of its own wins over the note', () => {
    expect(judged(false, { ...fields, source: 'reference' }, 'user')).toMatchObject({ level: 'info', verdict: 'info', message: REFERENCE_NOTE });
    expect(judged(false, { ...fields, source: 'rfc' }, 'user')).toMatchObject({ level: 'must', verdict: 'fail' });
    expect(judged(false, { ...fields, source: 'rfc', level: 'should', message: 'why' }, 'user').message).toBe('why');
  });
});
