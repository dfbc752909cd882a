/**
 * The run's settings, parsed and validated once: `runSettings(env)` (every `HARNESS_*` variable a
 * user may set, the target and baseline maps, the proxy), `harnessSettings(env)` (its `HARNESS_*`
 * part alone, for the modules below the target map), and the list of the variables they read.
 * Modules the target map itself depends on (the transport's limits) import `./harness` directly.
 */
export * from './errors';
export * from './harness';
export * from './variables';
export * from './run';
export * from './spec-folders';
