/**
 * The last pass over a run's results before any file is written: the run's redactor learns every
 * secret the collected tests' records carry (their cookies, credential headers, signed addresses)
 * and replaces those values, and the run's own credentials, wherever they appear in the results:
 * in fields the field rules of `buildResults` do not know (a parity finding's expected value, a
 * diff's message, a transport error, a test's error message, a run error). results.json, index.html,
 * junit.xml and the terminal summary are all made from what this returns.
 */
import type { RunRedactor } from '../har/redact';
import type { CollectedTest } from './collected';
import type { ConformanceResults } from './types';

/** Teaches the redactor what one test's attachments carry. */
export function learnFromTest(t: CollectedTest, redactor: RunRedactor): void {
  for (const a of t.attachments) {
    if (a.name !== 'findings' || !a.body) continue;
    try {
      redactor.learn(JSON.parse(a.body.toString('utf8')));
    } catch {
      redactor.learnAndScrub(a.body.toString('utf8'));
    }
  }
  for (const e of t.errors) redactor.learnAndScrub(e);
}

export function redactResults(results: ConformanceResults, tests: CollectedTest[], redactor: RunRedactor): ConformanceResults {
  for (const t of tests) learnFromTest(t, redactor);
  for (const e of results.run.runErrors) redactor.learnAndScrub(e);
  if (redactor.size === 0) return results;
  return JSON.parse(redactor.scrub(JSON.stringify(results))) as ConformanceResults;
}
