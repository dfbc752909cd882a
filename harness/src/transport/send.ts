import type { Dispatcher } from 'undici';

/** What the client asks for. */
export interface RequestSpec {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Abort when the whole exchange takes longer. Default 30 s. */
  timeoutMs?: number;
}

/** What the target returned, header lines exactly as they came (repeats kept, order kept). */
export interface ObservedResponse {
  status: number;
  lines: Array<[string, string]>;
  /** Body as received, still content-encoded. */
  body: Buffer;
}

export class TransportError extends Error {
  readonly code = 'HARNESS_ERR_TRANSPORT';
  constructor(
    readonly url: string,
    readonly cause: Error,
  ) {
    super(`${url}: ${cause.message}`);
  }
}

/** All values of one header, in order. */
export function values(res: ObservedResponse, name: string): string[] {
  const wanted = name.toLowerCase();
  return res.lines.filter(([n]) => n === wanted).map(([, v]) => v);
}

/** The header as one string (repeats joined with ", "), or undefined when absent. */
export function header(res: ObservedResponse, name: string): string | undefined {
  const all = values(res, name);
  return all.length ? all.join(', ') : undefined;
}

/**
 * Sends one request through a dispatcher and keeps the raw header lines: undici's convenience APIs
 * join repeated lines over HTTP/2, which would hide a header sent twice.
 */
export function send(dispatcher: Dispatcher, spec: RequestSpec): Promise<ObservedResponse> {
  const url = new URL(spec.url);
  return new Promise((resolve, reject) => {
    let status = 0;
    const lines: Array<[string, string]> = [];
    const chunks: Buffer[] = [];
    const signal = AbortSignal.timeout(spec.timeoutMs ?? 30_000);
    const handler: Dispatcher.DispatchHandler = {
      onConnect() {},
      onHeaders(statusCode, rawHeaders) {
        status = statusCode;
        for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
          lines.push([rawHeaders[i].toString('latin1').toLowerCase(), rawHeaders[i + 1].toString('latin1')]);
        }
        return true;
      },
      onData(chunk) {
        chunks.push(Buffer.from(chunk));
        return true;
      },
      onComplete() {
        resolve({ status, lines, body: Buffer.concat(chunks) });
      },
      onError(err) {
        reject(new TransportError(spec.url, err));
      },
    };
    dispatcher.dispatch(
      {
        origin: url.origin,
        path: url.pathname + url.search,
        method: (spec.method ?? 'GET') as Dispatcher.HttpMethod,
        headers: spec.headers ?? {},
        body: spec.body,
        signal,
      } as Dispatcher.DispatchOptions,
      handler,
    );
  });
}
