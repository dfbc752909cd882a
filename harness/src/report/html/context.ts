/** What one render shares between its sections; the page is a function of the results alone. */
import { failsRun, type FailOn } from '../../core';
import type { ConformanceResults, Verdict } from '../types';
import { collectH3Launchers } from './repro';

/** What one render shares between its sections: the page is a function of the results alone, with no module state. */
export interface RenderContext {
  /** Whether a verdict fails the run under its threshold (HARNESS_FAIL_ON). */
  readonly failing: (v: Verdict) => boolean;
  /**
   * Met expectations of a replay step are shown once, in the step's side-by-side table below, which
   * carries their anchors (the expectation's and each finding's); the table of expectations keeps
   * one row group standing for all of them, so that the filters still find the test by their level,
   * provenance and id. Finding key to the anchor its row carries, emptied as rows are written.
   */
  readonly shownBelow: Map<string, string>;
  /** The HTTP/3 launch commands of the run, each with the shell function that stands for it. */
  readonly h3Launchers: ReadonlyMap<string, string>;
}

export function renderContext(results: ConformanceResults): RenderContext {
  const failOn: FailOn = results.run.failOn;
  return { failing: (v) => failsRun(v, failOn), shownBelow: new Map(), h3Launchers: collectH3Launchers(results.tests) };
}

/**
 * For a finding shown in a side-by-side row: undefined when it is not shown there, else the anchor
 * that row carries (its expectation's, on the first row of it: a met finding is reached through it).
 */
export function anchorsOf(ctx: RenderContext, key: string | undefined): { id?: string } | undefined {
  if (!key || !ctx.shownBelow.has(key)) return undefined;
  const e = ctx.shownBelow.get(key)!;
  ctx.shownBelow.set(key, '');
  return e ? { id: e } : {};
}
