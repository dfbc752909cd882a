import picomatch from 'picomatch';
import { smallestGlobs } from './glob';

const XFO = ['site/home header x-frame-options', 'site/not-found header x-frame-options', 'site/home parity h3 header x-frame-options'];
const OTHERS = ['site/home header vary', 'site/not-found status', 'assets/logo header x-frame-options', 'site/home status'];

test('one cause over several tests and legs: the varying middle as one `*`, nothing else the run judged covered', () => {
  expect(smallestGlobs(XFO, [...XFO, ...OTHERS])).toEqual(['site/* header x-frame-options']);
});

test('a check that names the field, with a `/` in its id: the glob crosses segments', () => {
  const ids = [...XFO, 'site/home check security/header-set-per-role x-frame-options'];
  const [glob] = smallestGlobs(ids, [...ids, ...OTHERS]);
  expect(glob).toBe('site/**/* x-frame-options');
  const m = picomatch(glob, { dot: true });
  expect(ids.every((id) => m(id))).toBe(true);
  expect(OTHERS.filter((id) => m(id))).toEqual([]);
});

test('a glob that would also cover what passed gives way to the ids named one by one, each a literal', () => {
  const ids = ['site/a header vary', 'site/b header vary'];
  const passed = ['site/c header vary'];
  const globs = smallestGlobs(ids, [...ids, ...passed]);
  expect(globs).toHaveLength(1);
  const m = picomatch(globs[0], { dot: true });
  expect(ids.every((id) => m(id))).toBe(true);
  expect(m('site/c header vary')).toBe(false);
});

test('special characters of an id stay literal; a single id is written as it is', () => {
  const ids = ['site/home body contains "<title>(x)</title>"', 'site/other body contains "<title>(x)</title>"'];
  const [glob] = smallestGlobs(ids, ids);
  expect(glob).toBe('site/* body contains "<title>\\(x\\)</title>"');
  expect(ids.every((id) => picomatch(glob, { dot: true })(id))).toBe(true);
  expect(smallestGlobs(['site/home status'], ['site/home status', 'site/x status'])).toEqual(['site/home status']);
});
