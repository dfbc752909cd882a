/**
 * A minimal client of a Node process's inspector (the Chrome DevTools protocol over WebSocket),
 * for the leak check: it forces a full collection in the reference and reads what is still held,
 * so that a leak shows as growth of live objects, not as wherever the collector's sawtooth
 * happened to be when resident memory was read.
 */
import { WebSocket } from 'undici';

/** Memory still held after full collections, in bytes (`process.memoryUsage()` of the inspected process). */
export interface HeldMemory {
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export class InspectorError extends Error {
  readonly code = 'REFERENCE_ERR_INSPECTOR';
}

interface Reply {
  id: number;
  result?: { result?: { value?: unknown; description?: string }; exceptionDetails?: unknown };
  error?: { message: string };
}

export class InspectorClient {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();

  private constructor(
    private readonly ws: WebSocket,
    private readonly callTimeoutMs: number,
  ) {
    ws.addEventListener('message', (event) => {
      const reply = JSON.parse(String(event.data)) as Reply;
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      clearTimeout(waiting.timer);
      waiting.resolve(reply);
    });
    ws.addEventListener('close', () => {
      for (const [id, waiting] of this.pending) {
        clearTimeout(waiting.timer);
        waiting.reject(new InspectorError(`the inspector closed before answering call ${id}`));
      }
      this.pending.clear();
    });
  }

  /** Connects to `url` (the `ws://` address a process prints after `--inspect`). */
  static connect(url: string, options: { timeoutMs?: number } = {}): Promise<InspectorClient> {
    const timeoutMs = options.timeoutMs ?? 30_000;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const timer = setTimeout(() => {
        ws.close();
        reject(new InspectorError(`no inspector connection to ${url} within ${timeoutMs} ms`));
      }, timeoutMs);
      ws.addEventListener('open', () => {
        clearTimeout(timer);
        resolve(new InspectorClient(ws, timeoutMs));
      });
      ws.addEventListener('error', () => {
        clearTimeout(timer);
        reject(new InspectorError(`cannot connect to the inspector at ${url}`));
      });
    });
  }

  private call(method: string, params: Record<string, unknown> = {}): Promise<Reply> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new InspectorError(`${method}: no answer from the inspector within ${this.callTimeoutMs} ms`));
      }, this.callTimeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** The value of `expression` evaluated in the inspected process (JSON-serialisable). */
  async evaluate<T>(expression: string): Promise<T> {
    const reply = await this.call('Runtime.evaluate', { expression, returnByValue: true });
    if (reply.error) throw new InspectorError(`evaluating ${expression}: ${reply.error.message}`);
    if (reply.result?.exceptionDetails) throw new InspectorError(`evaluating ${expression}: ${reply.result.result?.description ?? 'threw'}`);
    return reply.result?.result?.value as T;
  }

  /**
   * Memory held once the collector has run to completion: twice, as objects with finalizers
   * (sockets, zlib streams, their external memory) are released only by the collection after the
   * one that found them unreachable.
   */
  async heldMemory(): Promise<HeldMemory> {
    for (let i = 0; i < 2; i++) {
      const reply = await this.call('HeapProfiler.collectGarbage');
      if (reply.error) throw new InspectorError(`HeapProfiler.collectGarbage: ${reply.error.message}`);
    }
    const m = await this.evaluate<HeldMemory>('(({ heapUsed, external, arrayBuffers }) => ({ heapUsed, external, arrayBuffers }))(process.memoryUsage())');
    return { heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
  }

  /** The process's active handles and requests, counted by type (sockets, servers, timers). */
  async activeResources(): Promise<Record<string, number>> {
    const list = await this.evaluate<string[]>('process.getActiveResourcesInfo()');
    const counts: Record<string, number> = {};
    for (const type of list) counts[type] = (counts[type] ?? 0) + 1;
    return counts;
  }

  close(): void {
    this.ws.close();
  }
}
