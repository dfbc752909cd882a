/**
 * The harness's core vocabulary: verdicts and their order, levels and provenance, findings,
 * errors and the fail-on threshold. The core imports nothing else of the harness.
 */
export * from './verdict';
export * from './level';
export * from './finding';
export * from './errors';
export * from './fail-on';
export * from './failures';
