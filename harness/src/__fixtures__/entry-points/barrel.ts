// Fixture of entry-points.test.ts: a barrel that re-exports a light module beside one that loads undici.
export { roleNames } from './roles';
export { dispatcher } from './dispatcher';
