import { aspectText, readAspect } from './aspect';

test.each([
  [{ kind: 'status' }, { kind: 'status' }],
  [
    { kind: 'header', name: 'Vary' },
    { kind: 'header', name: 'vary' },
  ],
  [
    { kind: 'cookie', name: 'sid', attribute: 'path' },
    { kind: 'cookie', name: 'sid', attribute: 'path' },
  ],
  [
    { kind: 'cookie', name: 'sid', attribute: 7 },
    { kind: 'cookie', name: 'sid' },
  ],
  [
    { kind: 'body', fact: 'contains "<html"' },
    { kind: 'body', fact: 'contains "<html"' },
  ],
  [
    { kind: 'check', check: 'cache/etag-strong' },
    { kind: 'check', check: 'cache/etag-strong' },
  ],
  [{ kind: 'transport', extra: 'dropped' }, { kind: 'transport' }],
])('an aspect read from JSON keeps the fields of its kind: %j', (raw, read) => {
  expect(readAspect(raw)).toEqual(read);
});

test.each([[null], ['header x'], [[]], [{}], [{ kind: 'header' }], [{ kind: 'cookie', name: '' }], [{ kind: 'check' }], [{ kind: 'trailer', name: 'x' }]])(
  'what is not an aspect reads as none: %j',
  (raw) => {
    expect(readAspect(raw)).toBeUndefined();
  },
);

test('the aspect in the words of finding ids', () => {
  expect([{ kind: 'status' } as const, { kind: 'cookie', name: 'sid', attribute: 'max-age' } as const, { kind: 'body' } as const].map(aspectText)).toEqual([
    'status',
    'cookie sid max-age',
    'body',
  ]);
});
