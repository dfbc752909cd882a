import { generalizedMatcher } from '../har/generalize';
import type { TargetMeta } from '../report/types';
import { NO_PLACEHOLDERS, targetPlaceholders, type Placeholders } from './placeholders';

const TARGET: TargetMeta = {
  origin: 'user',
  roles: { site: ['https://www.example.test:8443'], redirector: ['https://go.example.test', 'https://hop2.example.test'] },
  resolve: [],
  insecure: false,
  section: 'static',
  description: '',
};

/** A value as har2spec's rules write it with the run's placeholders. */
const written = (p: Placeholders, value: string) => generalizedMatcher(value, p.context);

test("the target's own addresses become the role placeholders, the section {section}", () => {
  const p = targetPlaceholders(TARGET);
  expect(written(p, 'https://www.example.test:8443/static/a.css?x=1')).toBe('{base_url}/{section}/a.css?x=1');
  expect(written(p, 'https://www.example.test:8443/static')).toBe('{base_url}/{section}');
  expect(written(p, 'https://go.example.test/')).toBe('{redirector_url}/');
  expect(written(p, '</static/a.css>; rel=preload')).toBe('</{section}/a.css>; rel=preload');
});

test('a section that is only a word of a value stays; another host stays', () => {
  const p = targetPlaceholders({ ...TARGET, section: 'css' });
  expect(written(p, 'text/css')).toBe('text/css');
  expect(written(p, '/css')).toBe('/{section}');
  expect(written(p, 'https://cdn.other.test/css/a.css')).toBe('https://cdn.other.test/{section}/a.css');
  expect(written(p, 'https://www.example.org/')).toBe('https://www.example.org/');
});

test('a further name of a role is any host on any port, as har2spec writes a redirect hop; another host keeps its name, not its port', () => {
  expect(written(targetPlaceholders(TARGET), 'https://hop2.example.test:8443/x')).toEqual({ regex: '^https://[A-Za-z0-9.-]+(?::[0-9]+)?/x$' });
  expect(written(targetPlaceholders(TARGET), 'https://cdn.other.test:8443/a')).toEqual({ regex: '^https://cdn\\.other\\.test(?::[0-9]+)?/a$' });
});

test('without a target map, or one this version cannot read, no placeholders (a port is still free)', () => {
  expect(written(targetPlaceholders(null), 'https://www.example.test:8443/static/')).toEqual({ regex: '^https://www\\.example\\.test(?::[0-9]+)?/static/$' });
  expect(written(targetPlaceholders({ ...TARGET, roles: { mainframe: ['https://m.example.test'] } }), 'https://m.example.test/')).toBe(
    'https://m.example.test/',
  );
  expect(written(NO_PLACEHOLDERS, '/static/a.css')).toBe('/static/a.css');
});
