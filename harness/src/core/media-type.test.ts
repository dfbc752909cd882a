import { meetsMediaType, parseMediaType } from './media-type';

test.each([
  ['text/css', 'text/css', true],
  ['text/css', 'Text/CSS', true],
  ['text/css', 'text/css; charset=utf-8', true],
  ['text/html; charset=utf-8', 'text/html;charset=UTF-8', true],
  ['text/html; charset=utf-8', 'text/html; Charset="utf-8"', true],
  ['text/html; charset=utf-8', 'text/html', false],
  ['text/html; charset=utf-8', 'text/html; charset=iso-8859-1', false],
  ['application/x-javascript', 'application/javascript', false],
  ['image/svg+xml', 'image/svg', false],
  ['text/css', '', false],
])('%j is met by %j: %s', (stated, actual, ok) => {
  expect(meetsMediaType(stated, actual)).toBe(ok);
});

test('parameter names and a charset value lowercased, other values as sent', () => {
  expect(parseMediaType('Multipart/Form-Data; Boundary="AbC"; CHARSET=UTF-8')).toEqual({
    type: 'multipart/form-data',
    parameters: { boundary: 'AbC', charset: 'utf-8' },
  });
});
