import { Dispatcher } from 'undici';

/**
 * A dispatcher that sends each request on to dispatchers of its own (extra headers added, a proxy
 * chosen per origin): closing or destroying it closes or destroys them all, in both of undici's
 * calling styles.
 */
export abstract class DelegatingDispatcher extends Dispatcher {
  /** The dispatchers this one sends requests to, now. */
  protected abstract delegates(): Dispatcher[];

  close(): Promise<void>;
  close(callback: () => void): void;
  close(callback?: () => void): Promise<void> | void {
    const done = Promise.all(this.delegates().map((d) => d.close())).then(() => undefined);
    if (!callback) return done;
    void done.then(callback, callback);
  }

  destroy(): Promise<void>;
  destroy(err: Error | null): Promise<void>;
  destroy(callback: () => void): void;
  destroy(err: Error | null, callback: () => void): void;
  destroy(a?: Error | null | (() => void), b?: () => void): Promise<void> | void {
    const err = typeof a === 'function' ? null : (a ?? null);
    const callback = typeof a === 'function' ? a : b;
    const done = Promise.all(this.delegates().map((d) => d.destroy(err))).then(() => undefined);
    if (!callback) return done;
    void done.then(callback, callback);
  }
}
