// Fixture of entry-points.test.ts: an entry point that takes one name from a barrel.
import { roleNames } from './barrel';

export const names = roleNames();
