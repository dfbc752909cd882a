import { AcceptIdsError } from './errors';
import { idMatcher, selectSteps } from './ids';
import { stepNoise, type StepObservation, type TestObservation } from './observations';

const step = (test: string, id: string): StepObservation => ({ test, step: id, role: 'site', legs: [], noise: stepNoise(), expectations: [] });
const t = (id: string, steps: string[] = [id]): TestObservation => ({
  id,
  kind: steps.length > 1 || steps[0] !== id ? 'flow' : 'exchange',
  steps: steps.map((s) => step(id, s)),
  loose: [],
});
const TESTS = [t('site/home'), t('site/static/css'), t('site/visitor-flip', ['site/visitor-flip/home', 'site/visitor-flip/css']), t('shop/product')];
const chosen = (globs: string[]) => selectSteps(TESTS, globs).flatMap((x) => x.steps.map((s) => s.step));

test('"*" stays within a segment, "**" crosses them; a flow brings its steps; a step can be named alone', () => {
  expect(chosen([])).toHaveLength(5);
  expect(chosen(['site/*'])).toEqual(['site/home', 'site/visitor-flip/home', 'site/visitor-flip/css']);
  expect(chosen(['site/**'])).toEqual(['site/home', 'site/static/css', 'site/visitor-flip/home', 'site/visitor-flip/css']);
  expect(chosen(['site/visitor-flip/css'])).toEqual(['site/visitor-flip/css']);
  expect(chosen(['shop/product', 'site/static/*'])).toEqual(['site/static/css', 'shop/product']);
  expect(chosen(['site/{home,static/css}'])).toEqual(['site/home', 'site/static/css']);
  expect(idMatcher(['site/*'])('site/static/css')).toBe(false);
});

test('globs that select nothing: an error naming the globs and the first ids there are', () => {
  let caught: unknown;
  try {
    selectSteps(TESTS, ['nope/*', 'site']);
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(AcceptIdsError);
  expect((caught as AcceptIdsError).code).toBe('HARNESS_ERR_ACCEPT_IDS');
  expect((caught as Error).message).toBe(
    '--ids "nope/*" "site" matches no replayed exchange or flow of the results (they are: site/home, site/static/css, site/visitor-flip, shop/product)',
  );
  const many = Array.from({ length: 12 }, (_, i) => t(`site/p${i}`));
  expect(() => selectSteps(many, ['x'])).toThrow(/\(they are: site\/p0, .*site\/p7 and 4 more\)$/);
});
