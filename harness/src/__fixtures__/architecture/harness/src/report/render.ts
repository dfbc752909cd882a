// Fixture of architecture.test.ts: the target of the core's upward import.
export const render = (verdicts: readonly string[]): string => verdicts.join(', ');
