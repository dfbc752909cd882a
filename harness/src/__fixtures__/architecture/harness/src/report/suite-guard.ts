// Fixture of architecture.test.ts: a module of the report importing the Playwright suite (on purpose).
import { judgedSomething } from '../../../tests/support/assert';

export const anyJudged = (verdicts: readonly string[]): boolean => judgedSomething(verdicts);
