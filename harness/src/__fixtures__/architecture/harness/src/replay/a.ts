// Fixture of architecture.test.ts: one half of a cycle (a -> b -> a), inside one folder so only no-circular applies.
import { b } from './b';

export const a = (n: number): number => (n > 0 ? b(n - 1) : 0);
