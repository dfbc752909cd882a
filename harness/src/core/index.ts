/**
 * The harness's core vocabulary: verdicts and their order, levels and provenance, findings,
 * errors, the fail-on threshold and header-field lookup. The JSON Schema validators are imported
 * from `core/schema-validators` itself, so that only a module that validates loads ajv. The core
 * imports nothing else of the harness (.dependency-cruiser.cjs enforces it).
 */
export * from './verdict';
export * from './level';
export * from './aspect';
export * from './finding';
export * from './errors';
export * from './fail-on';
export * from './failures';
export * from './headers';
export * from './judged';
export * from './methods';
export * from './cache-dir';
