import { randomBytes } from 'node:crypto';

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length)) {
      // 252 = 7 * 36: dropping larger bytes keeps every character equally likely.
      if (b < 252 && out.length < length) out += ALNUM[b % 36];
    }
  }
  return out;
}

/** The CDN's request trace id: UTC time of the request, then a random part. */
export function azureRef(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `${stamp}-${randomAlnum(16)}`;
}

/** An AWS-style request-trace id: `Root=1-<8 hex seconds>-<24 hex random>`. */
export function amznTraceId(now: Date): string {
  return `Root=1-${Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0')}-${randomBytes(12).toString('hex')}`;
}

/**
 * The CDN cache status of each file: a miss the first time this host instance serves it, a hit
 * after, as an edge that caches on first fetch would report.
 */
export class EdgeCache {
  private readonly seen = new Set<string>();

  status(key: string): 'TCP_HIT' | 'TCP_MISS' {
    if (this.seen.has(key)) return 'TCP_HIT';
    this.seen.add(key);
    return 'TCP_MISS';
  }
}
