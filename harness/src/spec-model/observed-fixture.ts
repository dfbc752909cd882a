/**
 * Builds ObservedExchanges for unit tests (checks, evaluate) from header lines, the way the replay
 * builds them from the wire.
 */
import { DEFAULT_LIMITS } from '../settings/harness';
import type { ObservedExchange } from './observed';
import { toObservedExchange } from './observe';

export interface FixtureInput {
  status?: number;
  /** Header lines; names are lowercased. */
  lines?: Array<[string, string]>;
  body?: Buffer | string;
  method?: string;
  url?: string;
  requestHeaders?: Record<string, string>;
  target?: string;
  protocol?: ObservedExchange['protocol'];
}

export function observed(input: FixtureInput = {}): ObservedExchange {
  return toObservedExchange({
    target: input.target ?? 'reference',
    request: { method: input.method ?? 'GET', url: input.url ?? 'https://www.lessons.test/', headers: input.requestHeaders ?? {} },
    response: {
      status: input.status ?? 200,
      lines: input.lines ?? [],
      body: typeof input.body === 'string' ? Buffer.from(input.body) : (input.body ?? Buffer.alloc(0)),
    },
    ...(input.protocol ? { protocol: input.protocol } : {}),
    startedAt: '2026-04-08T16:54:52.000Z',
    totalMs: 1,
    bodyCapBytes: DEFAULT_LIMITS.bodyCapBytes,
  });
}

export const DATE = 'Wed, 08 Apr 2026 16:54:52 GMT';
