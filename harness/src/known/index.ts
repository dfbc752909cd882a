/**
 * Known deviations: failures a team accepts for a while (a CDN that strips a header), each with a
 * reason, a ticket and an expiry date, in `specs/known-deviations.json` (HARNESS_KNOWN names
 * another). Matching findings get the verdict `known`. Imports only the core.
 */
export * from './errors';
export * from './load';
export * from './match';
export * from './schema';
export * from './ticket';
