/**
 * A small closed-loop load generator on undici: N connections, one request in flight on each.
 * It uses undici's `dispatch` with plain callbacks rather than `request()` (a promise and a body
 * stream per request): on this 2-core machine the generator shares the CPU with the server, and
 * the lighter it is, the more the figures measure the server.
 */
import { performance } from 'node:perf_hooks';
import { Pool, type buildConnector, type Dispatcher } from 'undici';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 200 with a body of the expected size, and transport errors. */
  failures: number;
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** Sends `request` to `origin` from `concurrency` connections for `durationMs` (after `warmupMs`). */
export async function runLoad(
  origin: string,
  request: LoadRequest,
  options: {
    concurrency: number;
    durationMs: number;
    warmupMs: number;
    expectedBytes: number;
    /** TLS options for an https origin (trusted root, SNI name). */
    connect?: buildConnector.BuildOptions;
  },
): Promise<LoadResult> {
  const pool = new Pool(origin, { connections: options.concurrency, pipelining: 1, ...(options.connect ? { connect: options.connect } : {}) });
  const latencies: number[] = [];
  let failures = 0;
  let measuring = false;
  const dispatchOptions: Dispatcher.DispatchOptions = { ...request, origin };
  const once = (): Promise<void> =>
    new Promise((resolve) => {
      const started = performance.now();
      let status = 0;
      let bytes = 0;
      const done = (ok: boolean) => {
        if (measuring) {
          latencies.push(performance.now() - started);
          if (!ok) failures++;
        }
        resolve();
      };
      pool.dispatch(dispatchOptions, {
        onRequestStart: () => undefined,
        onResponseStart: (_controller, statusCode) => void (status = statusCode),
        onResponseData: (_controller, chunk) => void (bytes += chunk.length),
        onResponseEnd: () => done(status === 200 && bytes === options.expectedBytes),
        onResponseError: () => done(false),
      });
    });
  const loop = async (until: number) => {
    while (performance.now() < until) await once();
  };
  const workers = (until: number) => Promise.all(Array.from({ length: options.concurrency }, () => loop(until)));

  await workers(performance.now() + options.warmupMs);
  measuring = true;
  const start = performance.now();
  await workers(start + options.durationMs);
  const elapsed = performance.now() - start;
  measuring = false;
  await pool.close();

  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    perSecond: (latencies.length * 1000) / elapsed,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    failures,
  };
}
