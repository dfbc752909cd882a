/**
 * Generated request targets: path traversal in every encoding (from every served folder towards the
 * planted canaries, through planted symbolic links, absolute paths), mutations of served paths,
 * hostile queries, and odd request-target forms. A file of its own: the part of the fuzz input
 * aimed at serving a file that is not the site's.
 */
import { HOSTS } from './hosts';
import type { Rng } from './rng';

/** Folders a traversal starts from: every prefix a host serves files under. */
const SERVED_PREFIXES = [
  '/',
  '/static/',
  '/static/css/',
  '/static/fonts/',
  '/layouts/system/',
  '/-/media/',
  '/-/media/Project/Lessons/icons/',
  '/cdn/shop/files/',
  '/cdn/fonts/lessons_sans/',
  '/cdn/shop/t/137296035934/assets/',
  '/cdn/shop/t/137296035934/compiled_assets/',
  '/cdn/shopifycloud/storefront/assets/storefront/',
  '/cdn-cgi/styles/',
  '/cdn-cgi/images/',
];
/** `../` in every spelling a decoder might turn into a parent step. */
export const PARENT_STEPS = [
  '../',
  '..%2f',
  '..%2F',
  '%2e%2e/',
  '%2e%2e%2f',
  '%2E%2E%2F',
  '.%2e/',
  '%2e./',
  '..%5c',
  '..\\',
  '%2e%2e%5c',
  '%252e%252e%252f',
  '..%252f',
  '%25%32%65%25%32%65%25%32%66',
  '%c0%ae%c0%ae/',
  '..%c0%af',
  '..%c1%9c',
  '%e0%80%ae%e0%80%ae/',
  '%ef%bc%8e%ef%bc%8e/',
  '..%ef%bc%8f',
  '%uff0e%uff0e/',
  '..%u2215',
  '..;/',
  '....//',
  '..././',
  '..%00/',
  '..%2f%2f',
  './../',
  '..//',
  '%2e%2e%2f%2e%2e%2f',
];
/** What a traversal aims at: the planted canaries (any extension an index serves), the repository's own. */
const CANARY_TARGETS = [
  'CANARY-outside-root.txt',
  'canary.txt',
  'canary.css',
  'canary.js',
  'canary.svg',
  'canary.png',
  'canary.woff2',
  'canary.html',
  'canary.ico',
  'canary.gif',
  'canary.json',
  'content/canary.css',
  'site/canary.css',
  'shop/canary.png',
  'assets/canary.svg',
  'redirector/canary.css',
  'site/pages/canary.html',
  'content/CANARY-outside-root.txt',
];
/** Symbolic links planted inside served folders, each pointing at a canary. */
const LINKED = [
  '/static/css/linked.css',
  '/linked.js',
  '/-/media/linked.svg',
  '/cdn/shop/files/linked.png',
  '/cdn/shop/t/137296035934/assets/linked.css',
  '/cdn/fonts/linked.woff2',
];
const ABSOLUTE = [
  '/etc/passwd',
  '//etc/passwd',
  '/proc/self/environ',
  '/C:/Windows/win.ini',
  '/static/..',
  '/static/.',
  '/static/./css/main.css',
  '/static//css//main.css',
  '/STATIC/CSS/MAIN.CSS',
  '/static/css/main.css.',
  '/static/css/main.css%20',
  '/static/css/main.css::$DATA',
  '/static/css/main.css%00.png',
  '/%2fetc%2fpasswd',
  '/..',
  '/.',
  '/%2e',
  '/%2e%2e',
];
const INSERTS = [
  '%',
  '%%',
  '%zz',
  '%0',
  '%00',
  '%0a',
  '%0d%0a',
  '%ff',
  '%c0%80',
  '\u00e9',
  '\u2028',
  '\ud83d\ude00',
  ';',
  '#',
  '?',
  '//',
  '/./',
  '\\',
  '*',
  '~',
  '%2f',
  '%5c',
  ' ',
  '\t',
  '"',
  '<script>',
  "'",
  '`',
  '{',
  '}',
  '|',
  '^',
  '[',
  ']',
];

export function traversalPath(rng: Rng): string {
  const r = rng.int(10);
  if (r === 0) return rng.pick(LINKED);
  if (r === 1) return rng.pick(ABSOLUTE);
  const steps = 1 + rng.int(7);
  let path = rng.pick(SERVED_PREFIXES);
  const mixed = rng.chance(0.3);
  const step = rng.pick(PARENT_STEPS);
  for (let i = 0; i < steps; i++) path += mixed ? rng.pick(PARENT_STEPS) : step;
  path += rng.pick(CANARY_TARGETS);
  if (rng.chance(0.1)) path += rng.pick(['%00', '%00.css', '?', '#x', ';.css', '/', '.']);
  return path;
}

function mutate(rng: Rng, path: string): string {
  let p = path;
  for (let n = 1 + rng.int(3); n > 0; n--) {
    const at = rng.int(p.length + 1);
    switch (rng.int(6)) {
      case 0:
        p = p.slice(0, at) + rng.pick(INSERTS) + p.slice(at);
        break;
      case 1:
        p = p.slice(0, at) + p.slice(at + 1 + rng.int(4));
        break;
      case 2:
        p = p.slice(0, at) + String.fromCharCode(rng.int(256)) + p.slice(at);
        break;
      case 3:
        p = rng.chance(0.5) ? p.toUpperCase() : p.replace(/[a-z]/g, (c) => (rng.chance(0.5) ? c.toUpperCase() : c));
        break;
      case 4:
        p = p.replace(/[a-z.]/g, (c) => (rng.chance(0.2) ? `%${c.charCodeAt(0).toString(16)}` : c));
        break;
      default:
        p += rng.pick(['/', '/x', '?x=1', '&x', '%', '/..', '/.%2e', '..']);
    }
  }
  return p;
}

export function randomQuery(rng: Rng): string {
  const parts: string[] = [];
  for (let n = rng.int(6); n > 0; n--) {
    const key = rng.pick([
      'guids',
      'width',
      'v',
      'h1',
      'h2',
      'hmac',
      'a',
      'b',
      'lw',
      'rev',
      'aspxerrorpath',
      rng.token(1, 8),
      '',
      '%zz',
      'x[]',
      '__proto__',
      'constructor',
    ]);
    const value = rng.pick([
      '',
      '1',
      '-1',
      '99999999999999999999',
      '0x10',
      'abc',
      '%',
      '%zz',
      '%00',
      '..%2f..%2fcanary.css',
      '3f2504e0-4f89-11d3-9a0c-0305e82c3301,3f2504e0-4f89-11d3-9a0c-0305e82c3302',
      'x'.repeat(rng.int(3000)),
      encodeURIComponent(rng.bytes(8).toString('latin1')),
      '{}',
      'a=b=c',
    ]);
    parts.push(rng.chance(0.1) ? key : `${key}=${value}`);
  }
  return parts.join(rng.chance(0.9) ? '&' : ';');
}

export function fuzzPath(rng: Rng, host: string): string {
  const base = HOSTS[host] ? rng.pick(HOSTS[host]) : '/';
  const r = rng.int(10);
  let path: string;
  if (r < 3) path = traversalPath(rng);
  else if (r < 6) path = mutate(rng, base);
  else if (r < 7) path = `${base.split('?')[0]}?${randomQuery(rng)}`;
  else if (r < 8)
    path = rng.pick([
      '*',
      '',
      'static/css/main.css',
      `https://${host}/static/css/main.css`,
      'http://127.0.0.1/',
      '/'.repeat(1 + rng.int(50)),
      `/${'a'.repeat(4000 + rng.int(200))}`,
      `/?${'q'.repeat(5000)}`,
    ]);
  else path = base;
  return path;
}
