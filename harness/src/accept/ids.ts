/**
 * Which exchanges and flows a run of accept looks at. Ids are paths (`site/static/css`), so the
 * globs are picomatch's with `/` separating segments: `*` stays within a segment, `**` crosses
 * them. A flow's steps come with the flow (`site/visitor-flip`), and one step can be named alone
 * (`site/visitor-flip/home`). A glob that selects nothing is an error listing what exists, since
 * accepting nothing is never what was meant.
 */
import picomatch from 'picomatch';
import { AcceptIdsError } from './errors';
import type { TestObservation } from './observations';

/** Whether an id matches one of the globs; every id matches no glob at all. */
export function idMatcher(globs: readonly string[]): (id: string) => boolean {
  if (globs.length === 0) return () => true;
  return picomatch([...globs], { dot: true });
}

/** The tests with their selected steps; throws when the globs select none. */
export function selectSteps(tests: readonly TestObservation[], globs: readonly string[]): TestObservation[] {
  const match = idMatcher(globs);
  const out: TestObservation[] = [];
  for (const t of tests) {
    const whole = match(t.id);
    const steps = t.steps.filter((s) => whole || match(s.step));
    if (steps.length) out.push({ ...t, steps, loose: whole ? t.loose : [] });
  }
  if (globs.length > 0 && out.length === 0)
    throw new AcceptIdsError(
      globs,
      tests.map((t) => t.id),
    );
  return out;
}
