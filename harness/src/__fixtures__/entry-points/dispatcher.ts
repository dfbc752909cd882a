// Fixture of entry-points.test.ts: what it does not use, and what loads the HTTP client.
import { Agent } from 'undici';

export const dispatcher = (): Agent => new Agent();
