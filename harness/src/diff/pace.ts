/**
 * A rate cap for the baseline, which is often production: requests are spaced evenly, with no
 * burst. Each Playwright worker is its own process, so a run's cap is shared out between them.
 */
export class Pacer {
  private next = 0;
  private readonly intervalMs: number;

  /** `perSecond`: requests per second for this process; undefined means no cap. */
  constructor(
    readonly perSecond: number | undefined,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    this.intervalMs = perSecond === undefined ? 0 : 1000 / perSecond;
  }

  /** Resolves when the next request may leave. */
  async wait(): Promise<void> {
    if (this.intervalMs === 0) return;
    const now = this.now();
    const slot = Math.max(now, this.next);
    this.next = slot + this.intervalMs;
    if (slot > now) await this.sleep(slot - now);
  }
}

/** The cap of one of `workers` processes sharing a run's cap. */
export function perWorker(maxRps: number | undefined, workers: number): number | undefined {
  return maxRps === undefined ? undefined : maxRps / Math.max(1, workers);
}
