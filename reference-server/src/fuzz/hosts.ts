/**
 * The hosts the fuzz requests name: every TLS name the reference serves, with paths it answers
 * (the starting points of mutations), and other Host values a request may carry instead (unknown,
 * literal addresses, trailing dot, upper case, a port, empty, oversized, a NUL). A file of its own:
 * both the path generators and the request builders read it.
 */

export const HOSTS: Record<string, string[]> = {
  'www.lessons.test': [
    '/',
    '/static/css/main.css',
    '/static/css/main.css?lw=260408T1654',
    '/static/fonts/lessons-icons.woff2',
    '/static/img/logo.png',
    '/favicon.ico',
    '/layouts/system/VisitorIdentification.js',
    '/layouts/system/VisitorIdentificationCSS.aspx',
    '/api/LessonPlan/GetPlanJson?guids=3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    '/%7Bhttps://media.lessons.test/x.svg',
  ],
  'lessons.test': ['/', '/a/b?c=d'],
  'media.lessons.test': ['/-/media/Project/Lessons/icons/search.svg', '/-/media/Project/Lessons/subjects/math.svg?rev=1'],
  'maintenance.lessons.test': ['/', '/$web/site-maintenance.html?aspxerrorpath=/x'],
  'shop.store.test': [
    '/products/linen-apron',
    '/products/ceramic-pour-over-set',
    '/cdn/shop/files/linen-apron.png?width=10',
    '/cdn/shop/files/walnut-serving-board.png',
    '/cdn/fonts/lessons_sans/lessons_sans_n4.woff2?h1=a&h2=b&hmac=00',
    '/cdn/shop/t/137296035934/assets/base.css',
  ],
  'go.redirect.test': ['/', '/docs/', '/cdn-cgi/styles/cf.errors.css', '/cdn-cgi/images/icon-exclamation.png?1'],
  'hop2.redirect.test': ['/'],
  'hop3.redirect.test': ['/'],
  'analytics.beacon.test': ['/ccm/collect?v=2&tid=G-X&en=page_view', '/t.gif?a=1&b=2&c=%2F&d=t&e=&f=1x1&g=en&h=3'],
  'r10.o.pki.test': ['/'],
  'r11.o.pki.test': ['/'],
};
export const TLS_NAMES = Object.keys(HOSTS);
export const OTHER_HOSTS = [
  'unknown.test',
  '127.0.0.1',
  '[::1]',
  'www.lessons.test.',
  'WWW.LESSONS.TEST',
  'www.lessons.test:1',
  'revoked.lessons.test',
  '',
  'a'.repeat(300),
  'www.lessons.test\x00.evil',
];
