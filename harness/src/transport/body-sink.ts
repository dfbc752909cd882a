import { createHash, type Hash } from 'node:crypto';

/** What was kept of a body larger than the cap. */
export interface TruncatedBody {
  /** Bytes received in total. */
  totalBytes: number;
  /** Lowercase hex SHA-256 of every byte received (not only of those kept). */
  sha256: string;
  /** The cap the body was cut at: a body over the cap keeps exactly its first cap bytes. */
  keptBytes: number;
}

/**
 * Collects a response body up to `cap` bytes; past the cap it keeps only a running SHA-256 and the
 * length, so a gigantic body costs a bounded amount of memory.
 */
export class BodySink {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private total = 0;
  private hash: Hash | undefined;

  constructor(private readonly cap: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.hash) {
      this.hash.update(chunk);
      return;
    }
    if (this.kept + chunk.length <= this.cap) {
      this.chunks.push(chunk);
      this.kept += chunk.length;
      return;
    }
    // Crossing the cap: hash what was kept, keep the head of this chunk, hash the rest from now on.
    this.hash = createHash('sha256');
    for (const c of this.chunks) this.hash.update(c);
    this.hash.update(chunk);
    const room = this.cap - this.kept;
    if (room > 0) this.chunks.push(chunk.subarray(0, room));
    this.kept = this.cap;
  }

  get totalBytes(): number {
    return this.total;
  }

  finish(): { body: Buffer; truncated?: TruncatedBody } {
    const body = Buffer.concat(this.chunks);
    if (!this.hash) return { body };
    return { body, truncated: { totalBytes: this.total, sha256: this.hash.digest('hex'), keptBytes: body.length } };
  }
}
