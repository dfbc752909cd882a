// Fixture of architecture.test.ts: a module of the Playwright suite, which the harness must not import.
export const judgedSomething = (verdicts: readonly string[]): boolean => verdicts.some((v) => v !== 'skip');
