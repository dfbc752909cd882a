import type { IntermediateName, IssuedLeaf, ReferencePki } from '../../pki';
import { etagOf, httpDate } from './cache-headers';
import { REFRESH_CHECK_MS, needsRefresh, responseTimes, type ResponderOptions } from './policy';
import type { CertIdHash, RequestedCertId } from './request-decoder';
import type { SigningIssuer } from './response-encoder';

/** One pre-signed answer with the header values derived from it. */
export interface StoredResponse {
  der: Buffer;
  certStatus: 'good' | 'revoked';
  /** Milliseconds since the epoch. */
  thisUpdate: number;
  nextUpdate: number;
  etag: string;
  lastModified: string;
  expires: string;
}

export interface StoreOptions extends ResponderOptions {
  /** The clock; tests move it. */
  now?: () => number;
  /** Longest wait between two checks for responses due a refresh. */
  refreshCheckMs?: number;
  /** Where a failed background refresh is reported. */
  onError?: (error: unknown) => void;
}

const HASHES: readonly CertIdHash[] = ['SHA-1', 'SHA-256'];

const keyOf = (hash: CertIdHash, nameHash: string, keyHash: string, serialHex: string) => `${hash}|${nameHash}|${keyHash}|${serialHex}`;

/**
 * Responses signed ahead of time for every leaf the reference issued, for SHA-1 and SHA-256
 * CertIDs, as production responders do: a request costs a map lookup, never a signature. Rounds
 * of signing run in the background (webcrypto signs on libuv's thread pool) and swap each
 * response in when it is ready, so requests keep being answered from the current ones. Only a
 * request that arrives before the first round (or finds its response expired, after a sleep)
 * waits for the round in progress.
 */
export class OcspStore {
  private readonly entries = new Map<string, StoredResponse>();
  private readonly now: () => number;
  private issuers?: Promise<Map<IntermediateName, SigningIssuer>>;
  private round?: Promise<void>;
  private ready = false;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  /** Signatures made so far (tests check that requests make none). */
  signatures = 0;

  constructor(
    private readonly pki: ReferencePki,
    private readonly options: StoreOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Begins the first round in the background; the promise settles when it is done. */
  start(): Promise<void> {
    return this.refresh();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /**
   * The response for a CertID: synchronously when it is signed and fresh (the normal case),
   * after the round in progress otherwise; undefined when the CertID names nothing the reference
   * issued with a hash it signs for.
   */
  lookup(certId: RequestedCertId): StoredResponse | undefined | Promise<StoredResponse | undefined> {
    if (!certId.hash) return undefined;
    const key = keyOf(certId.hash, certId.issuerNameHash, certId.issuerKeyHash, certId.serialHex);
    const entry = this.entries.get(key);
    if (entry && entry.nextUpdate > this.now()) return entry;
    if (!entry && this.ready) return undefined;
    return this.refresh().then(() => this.entries.get(key));
  }

  /** Signs what is missing or due (sharing a round already in progress). */
  refresh(): Promise<void> {
    this.round ??= this.signDue().then(
      () => {
        this.round = undefined;
        this.schedule(false);
      },
      (error: unknown) => {
        this.round = undefined;
        this.schedule(true);
        throw error;
      },
    );
    return this.round;
  }

  private loadIssuers(): Promise<Map<IntermediateName, SigningIssuer>> {
    this.issuers ??= (async () => {
      const { loadSigningIssuer } = await import('./response-encoder');
      const loaded = await Promise.all(this.pki.intermediates.map(loadSigningIssuer));
      return new Map(this.pki.intermediates.map((intermediate, i) => [intermediate.name, loaded[i]]));
    })();
    this.issuers.catch(() => (this.issuers = undefined));
    return this.issuers;
  }

  private async signDue(): Promise<void> {
    if (this.stopped && this.ready) return; // a stopped store keeps its responses and signs no more
    const issuers = await this.loadIssuers();
    const { encodeOcspResponse } = await import('./response-encoder');
    const now = this.now();
    const times = responseTimes(now, this.options.lifetimeSeconds);
    const jobs: Array<Promise<void>> = [];
    for (const leaf of this.pki.leaves) {
      const issuer = issuers.get(leaf.issuer);
      if (!issuer) throw new Error(`leaf ${leaf.role}: no intermediate ${leaf.issuer}`);
      for (const hash of HASHES) {
        const { nameHash, keyHash } = issuer.certIdHashes[hash];
        const key = keyOf(hash, nameHash, keyHash, leaf.serialHex);
        const current = this.entries.get(key);
        if (current && !needsRefresh(current.nextUpdate, now, this.options.refreshBelowSeconds)) continue;
        jobs.push(
          encodeOcspResponse({ issuer, hash, serialHex: leaf.serialHex, certStatus: statusOf(leaf), times, responderId: this.options.responderId }).then(
            (der) => {
              this.signatures++;
              this.entries.set(key, storedResponse(der, leaf, times.thisUpdate.getTime(), times.nextUpdate.getTime()));
            },
          ),
        );
      }
    }
    await Promise.all(jobs);
    this.ready = true;
  }

  /** The next check: when the first response falls due, at most a check interval away (a whole one after a failure). */
  private schedule(failed: boolean): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    const interval = this.options.refreshCheckMs ?? REFRESH_CHECK_MS;
    let due = Infinity;
    for (const entry of this.entries.values()) due = Math.min(due, entry.nextUpdate - this.options.refreshBelowSeconds * 1000);
    const delay = failed ? interval : Math.max(0, Math.min(interval, due - this.now()));
    this.timer = setTimeout(() => {
      this.refresh().catch((error: unknown) => this.options.onError?.(error));
    }, delay);
    this.timer.unref();
  }
}

function statusOf(leaf: IssuedLeaf) {
  return leaf.revocation ? { status: 'revoked' as const, revocation: leaf.revocation } : { status: 'good' as const };
}

function storedResponse(der: Buffer, leaf: IssuedLeaf, thisUpdate: number, nextUpdate: number): StoredResponse {
  return {
    der,
    certStatus: leaf.revocation ? 'revoked' : 'good',
    thisUpdate,
    nextUpdate,
    etag: etagOf(der),
    lastModified: httpDate(thisUpdate),
    expires: httpDate(nextUpdate),
  };
}
