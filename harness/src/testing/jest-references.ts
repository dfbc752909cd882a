/**
 * Jest's global set-up and tear-down (jest.config.js): every kind of `reference-per-kind.ts` started
 * once, side by side, before any worker exists, so each worker inherits their ready lines; stopped
 * once all tests are done. `npm run test:quick` starts no server and has neither.
 */
import { startEmbeddedReference, type EmbeddedReference } from '../embedded/start-reference';
import { REFERENCE_KINDS, sharedVariable, type ReferenceKind } from './reference-per-kind';

const started: EmbeddedReference[] = [];

export async function setUp(): Promise<void> {
  const kinds = Object.keys(REFERENCE_KINDS) as ReferenceKind[];
  const references = await Promise.all(kinds.map((kind) => startEmbeddedReference(REFERENCE_KINDS[kind])));
  kinds.forEach((kind, i) => {
    started.push(references[i]);
    process.env[sharedVariable(kind)] = JSON.stringify(references[i].ready);
  });
}

export async function tearDown(): Promise<void> {
  await Promise.all(started.splice(0).map((r) => r.stop()));
}
