import type { TargetMeta } from '../report/types';
import { NO_PLACEHOLDERS, targetPlaceholders } from './placeholders';

const TARGET: TargetMeta = {
  origin: 'user',
  roles: { site: ['https://www.example.test:8443'], redirector: ['https://go.example.test', 'https://hop2.example.test'] },
  resolve: [],
  insecure: false,
  section: 'static',
  description: '',
};

test("the target's own addresses become the role placeholders, the section {section}", () => {
  const p = targetPlaceholders(TARGET);
  expect(p.literal('https://www.example.test:8443/static/a.css?x=1')).toBe('{base_url}/{section}/a.css?x=1');
  expect(p.literal('https://www.example.test:8443/static')).toBe('{base_url}/{section}');
  expect(p.literal('https://go.example.test/')).toBe('{redirector_url}/');
  expect(p.literal('</static/a.css>; rel=preload')).toBe('</{section}/a.css>; rel=preload');
});

test('a section that is only a word of a value stays; another host stays', () => {
  const p = targetPlaceholders({ ...TARGET, section: 'css' });
  expect(p.literal('text/css')).toBe('text/css');
  expect(p.literal('/css')).toBe('/{section}');
  expect(p.literal('https://cdn.other.test/css/a.css')).toBe('https://cdn.other.test/{section}/a.css');
  expect(p.literal('https://www.example.org/')).toBe('https://www.example.org/');
});

test('a further name of a role becomes a port-agnostic regex (it has no placeholder of its own)', () => {
  expect(targetPlaceholders(TARGET).literal('https://hop2.example.test:8443/x')).toEqual({ regex: '^https://hop2\\.example\\.test(?::[0-9]+)?/x$' });
});

test("a cookie Domain that is a role's host is {<role>_host}", () => {
  const p = targetPlaceholders(TARGET);
  expect(p.domain('.WWW.example.test')).toBe('{site_host}');
  expect(p.domain('example.test')).toBe('example.test');
  expect(p.domain('hop2.example.test')).toBe('hop2.example.test');
});

test('without a target map, or one this version cannot read, values stay as observed', () => {
  expect(targetPlaceholders(null).literal('https://www.example.test:8443/static/')).toBe('https://www.example.test:8443/static/');
  expect(targetPlaceholders({ ...TARGET, roles: { mainframe: ['https://m.example.test'] } }).literal('https://m.example.test/')).toBe(
    'https://m.example.test/',
  );
  expect(NO_PLACEHOLDERS.domain('.A.test')).toBe('a.test');
});
