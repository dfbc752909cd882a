// Fixture of architecture.test.ts: the other half of the cycle.
import { a } from './a';

export const b = (n: number): number => a(n);
