import { resolveRequestPath } from './request-path';

describe('resolveRequestPath', () => {
  it('decodes and lowercases, keeping the query apart', () => {
    expect(resolveRequestPath('/Static/CSS/main.css?lw=260408T1654')).toEqual({ kind: 'ok', key: '/static/css/main.css', query: 'lw=260408T1654' });
    expect(resolveRequestPath('/static/img/a%20b.png')).toEqual({ kind: 'ok', key: '/static/img/a b.png', query: undefined });
    expect(resolveRequestPath('/')).toEqual({ kind: 'ok', key: '/', query: undefined });
    expect(resolveRequestPath('/?x')).toEqual({ kind: 'ok', key: '/', query: 'x' });
  });

  it.each([
    '/static/../CANARY-outside-root.txt',
    '/../CANARY-outside-root.txt',
    '/static/./css/main.css',
    '/%2e%2e/CANARY-outside-root.txt',
    '/%2E%2E/CANARY-outside-root.txt',
    '/static/..%2f..%2fCANARY-outside-root.txt',
    '/static%2fcss%2fmain.css',
    '/static/css\\main.css',
    '/static%5ccss%5cmain.css',
    '/static/css/main.css%00',
    '/static/css/main.css%00.png',
    '/static//css/main.css',
    '/static/css/',
  ])('refuses %p', (url) => {
    expect(resolveRequestPath(url)).toEqual({ kind: 'not-found' });
  });

  it.each(['/static/%zz.css', '/static/%', '/static/%e2%82.css', '/%ff'])('calls %p malformed', (url) => {
    expect(resolveRequestPath(url)).toEqual({ kind: 'bad-request' });
  });

  it('rejects targets that are not origin-form', () => {
    expect(resolveRequestPath('*')).toEqual({ kind: 'bad-request' });
    expect(resolveRequestPath('https://www.lessons.test/')).toEqual({ kind: 'bad-request' });
  });
});
