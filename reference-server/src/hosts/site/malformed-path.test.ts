import { encodeForQuery, isBracedAbsolutePath, maintenanceLocation, objectMovedBody } from './malformed-path';

describe('isBracedAbsolutePath', () => {
  it.each([
    ['/%7Bhttps://media.lessons.test/-/media/Project/Lessons/subjects/math.svg', true],
    ['/%7bhttp://media.lessons.test/x.svg', true],
    ['/{https://media.lessons.test/x.svg', true],
    ['/%7Bhttps%3A//media.lessons.test/x.svg', true],
    ['/%7BHTTPS%3a//x', true],
    ['/%7Bftp://x', false],
    ['/%7B/static/x', false],
    ['/static/%7Bhttps://x', false],
    ['/https://x', false],
  ])('%p -> %p', (p, expected) => {
    expect(isBracedAbsolutePath(p)).toBe(expected);
  });
});

describe('encodeForQuery', () => {
  it('keeps query-safe characters and existing triplets', () => {
    expect(encodeForQuery('/%7Bhttps://media.lessons.test/-/media/a.svg')).toBe('/%7Bhttps://media.lessons.test/-/media/a.svg');
  });

  it('encodes what a query may not hold', () => {
    expect(encodeForQuery('/{https://x/a b"<>#}')).toBe('/%7Bhttps://x/a%20b%22%3C%3E%23%7D');
    expect(encodeForQuery('/%zz%4')).toBe('/%25zz%254');
    expect(encodeForQuery('/\u00e9')).toBe('/%E9');
    expect(encodeForQuery('/\u20ac')).toBe('/%E2%82%AC');
  });
});

describe('redirect to the maintenance page', () => {
  const path = '/%7Bhttps://media.lessons.test/-/media/Project/Lessons/subjects/math.svg';
  const location = maintenanceLocation('https://maintenance.lessons.test', path);

  it('builds the location', () => {
    expect(location).toBe(`https://maintenance.lessons.test/$web/site-maintenance.html?aspxerrorpath=${path}`);
  });

  it("writes ASP.NET's Object moved body", () => {
    expect(objectMovedBody('https://m.test/a?x=1&y="2"')).toBe(
      '<html><head><title>Object moved</title></head><body>\r\n' +
        '<h2>Object moved to <a href="https://m.test/a?x=1&amp;y=&quot;2&quot;">here</a>.</h2>\r\n' +
        '</body>\r\n</html>\r\n',
    );
  });
});
