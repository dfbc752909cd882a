/**
 * The harness's core vocabulary: verdicts and their order, levels and provenance, findings,
 * errors, the fail-on threshold, header-field lookup, the harness's cache folder and the JSON Schema
 * validators kept in it. The core imports nothing else of the harness (.dependency-cruiser.cjs
 * enforces it).
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
export * from './schema-validators';
export * from './secret-values';
export * from './noise-record';
export * from './media-type';
