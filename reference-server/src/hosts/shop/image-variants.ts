import * as os from 'node:os';
import sharp from 'sharp';

export type ImageFormat = 'avif' | 'webp' | 'png';

export const FORMAT_TYPES: Readonly<Record<ImageFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  png: 'image/png',
};

/** Widths a request may ask for (Shopify's image service caps at 5760). */
export const MAX_WIDTH = 5760;

/**
 * Encoder settings. AVIF at effort 2 (of 0-9; sharp's default is 4) encodes the shipped images
 * (up to 640 px) in well under 100 ms on two cores, where the default takes about 400 ms; the
 * files are about 20% larger than at effort 4, still far smaller than WebP or PNG.
 */
export const AVIF_OPTIONS = { quality: 50, effort: 2 } as const;
export const WEBP_OPTIONS = { quality: 80, effort: 4 } as const;
export const PNG_OPTIONS = { compressionLevel: 9, adaptiveFiltering: true } as const;

export interface SourceImage {
  /** Lowercased request path of the original. */
  key: string;
  bytes: Buffer;
  width: number;
  height: number;
}

/** Width and height from a PNG's IHDR chunk, or undefined when the bytes are not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * The best format the Accept header allows: AVIF if it names image/avif, else WebP if it names
 * image/webp, else the original. Only explicit types count (a bare `*\/*` or `image/*` gets the
 * original, as the image service does), and a type listed with q=0 is refused.
 */
export function preferredFormat(accept: string | undefined): ImageFormat {
  const named = new Set<string>();
  for (const part of (accept ?? '').split(',').slice(0, 64)) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    named.add(type);
  }
  if (named.has('image/avif')) return 'avif';
  if (named.has('image/webp')) return 'webp';
  return 'png';
}

export type WidthParam = { ok: true; width: number | undefined } | { ok: false; reason: string };

/** `width=`: absent, or one decimal integer in 1..5760. */
export function parseWidth(values: string[]): WidthParam {
  if (values.length === 0) return { ok: true, width: undefined };
  if (values.length > 1) return { ok: false, reason: 'width given more than once' };
  const v = values[0];
  if (!/^[0-9]{1,5}$/.test(v)) return { ok: false, reason: 'width must be a whole number' };
  const width = Number(v);
  if (width < 1 || width > MAX_WIDTH) return { ok: false, reason: `width must be between 1 and ${MAX_WIDTH}` };
  return { ok: true, width };
}

export type Encoder = (source: SourceImage, width: number, format: ImageFormat) => Promise<Buffer>;

/** Resizes (never enlarging) and encodes with sharp. */
export const sharpEncoder: Encoder = (source, width, format) => {
  const pipeline = sharp(source.bytes, { limitInputPixels: 64 * 1024 * 1024 }).resize({ width, withoutEnlargement: true });
  if (format === 'avif') return pipeline.avif(AVIF_OPTIONS).toBuffer();
  if (format === 'webp') return pipeline.webp(WEBP_OPTIONS).toBuffer();
  return pipeline.png(PNG_OPTIONS).toBuffer();
};

export interface VariantCacheOptions {
  /** Total bytes of encoded variants kept; least recently used ones go first. */
  maxBytes?: number;
  maxEntries?: number;
  encoder?: Encoder;
  /** Encodes running at once (an AVIF encode keeps a core busy for tens of milliseconds); the others wait. */
  maxInFlight?: number;
  /** Variants waiting for an encode; one more is refused (VariantsBusyError, answered 503). */
  maxQueued?: number;
}

export interface VariantStats {
  entries: number;
  bytes: number;
  encodes: number;
  /** Variants asked for and not yet encoded: running or waiting. */
  inFlight: number;
  /** Encodes running now. */
  encoding: number;
}

/** Too many variants already wait for an encode: the request is refused rather than queued without end. */
export class VariantsBusyError extends Error {
  constructor(readonly queued: number) {
    super(`${queued} image variants already wait for an encode`);
  }
}

/**
 * Encoded image variants, keyed by file, width and format: never by what else a request's query
 * says (a `v=` a client invents would cost an encode each; the file's bytes are fixed for the life
 * of the process). Bounded by total size and count (LRU); concurrent requests for one variant
 * share a single encode, a failed encode is not cached, at most `maxInFlight` encodes run at once
 * and at most `maxQueued` variants wait. The width is clamped to the original's first, so every
 * width at or above it shares one variant.
 */
export class ImageVariants {
  private readonly done = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private bytes = 0;
  private encodes = 0;
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private readonly encoder: Encoder;
  private readonly maxInFlight: number;
  private readonly maxQueued: number;
  private encoding = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(options: VariantCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.maxEntries = options.maxEntries ?? 2000;
    this.encoder = options.encoder ?? sharpEncoder;
    this.maxInFlight = options.maxInFlight ?? Math.max(1, Math.min(4, os.availableParallelism()));
    this.maxQueued = options.maxQueued ?? 256;
  }

  /** The variant's bytes; the original itself when neither size nor format changes. */
  get(source: SourceImage, requestedWidth: number | undefined, format: ImageFormat): Promise<Buffer> {
    const width = Math.min(requestedWidth ?? source.width, source.width);
    if (format === 'png' && width === source.width) return Promise.resolve(source.bytes);
    const key = `${source.key}|${width}|${format}`;
    const hit = this.done.get(key);
    if (hit) {
      this.done.delete(key); // re-inserted: most recently used last
      this.done.set(key, hit);
      return Promise.resolve(hit);
    }
    const running = this.pending.get(key);
    if (running) return running;
    if (this.waiting.length >= this.maxQueued) return Promise.reject(new VariantsBusyError(this.waiting.length));
    const encoding = this.slot()
      .then(() => {
        this.encodes += 1;
        return this.encoder(source, width, format).finally(() => this.release());
      })
      .then(
        (out) => {
          this.pending.delete(key);
          this.store(key, out);
          return out;
        },
        (err: unknown) => {
          this.pending.delete(key);
          throw err;
        },
      );
    this.pending.set(key, encoding);
    return encoding;
  }

  stats(): VariantStats {
    return { entries: this.done.size, bytes: this.bytes, encodes: this.encodes, inFlight: this.pending.size, encoding: this.encoding };
  }

  /** Resolves when an encode may start. */
  private slot(): Promise<void> {
    if (this.encoding < this.maxInFlight) {
      this.encoding += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** An encode ended: the next waiting one takes its place. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.encoding -= 1;
  }

  private store(key: string, out: Buffer): void {
    if (out.length > this.maxBytes) return;
    this.done.set(key, out);
    this.bytes += out.length;
    for (const [oldest, buf] of this.done) {
      if (this.bytes <= this.maxBytes && this.done.size <= this.maxEntries) break;
      this.done.delete(oldest);
      this.bytes -= buf.length;
    }
  }
}
