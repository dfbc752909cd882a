import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { defaultHostContext } from '../context';
import { ImageVariants, parseWidth, pngSize, preferredFormat, VariantsBusyError, type Encoder, type SourceImage } from './image-variants';

const file = path.join(defaultHostContext().contentRoot, 'shop/files/linen-apron.png');
const bytes = fs.readFileSync(file);
const source: SourceImage = { key: '/cdn/shop/files/linen-apron.png', bytes, width: 480, height: 600 };

describe('preferredFormat', () => {
  it.each([
    ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'avif'],
    ['image/webp,*/*', 'webp'],
    ['image/avif;q=0, image/webp', 'webp'],
    ['image/avif;q=0.1', 'avif'],
    ['IMAGE/AVIF', 'avif'],
    ['image/*', 'png'],
    ['*/*', 'png'],
    ['image/png', 'png'],
    ['', 'png'],
    [undefined, 'png'],
    ['image/webp;q=0', 'png'],
    ['image/webp;q=abc', 'png'],
  ])('%p -> %p', (accept, format) => {
    expect(preferredFormat(accept)).toBe(format);
  });
});

describe('parseWidth', () => {
  it('accepts absence and whole numbers in 1..5760', () => {
    expect(parseWidth([])).toEqual({ ok: true, width: undefined });
    expect(parseWidth(['1'])).toEqual({ ok: true, width: 1 });
    expect(parseWidth(['5760'])).toEqual({ ok: true, width: 5760 });
    expect(parseWidth(['0360'])).toEqual({ ok: true, width: 360 });
  });
  it.each([['0'], ['5761'], ['-1'], ['1.5'], ['abc'], [''], ['1e3'], [' 10'], ['99999999999'], ['0x10']])('refuses %p', (w) => {
    expect(parseWidth([w]).ok).toBe(false);
  });
  it('refuses a repeated width', () => {
    expect(parseWidth(['10', '20']).ok).toBe(false);
  });
});

describe('pngSize', () => {
  it('reads the IHDR of a PNG and refuses other bytes', () => {
    expect(pngSize(bytes)).toEqual({ width: 480, height: 600 });
    expect(pngSize(Buffer.from('GIF89a...............................'))).toBeUndefined();
    expect(pngSize(Buffer.alloc(3))).toBeUndefined();
  });
});

describe('ImageVariants', () => {
  it('encodes AVIF and WebP at the asked width, keeping the aspect ratio', async () => {
    const variants = new ImageVariants();
    const avif = await variants.get(source, 240, 'avif');
    expect(avif.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    const avifMeta = await sharp(avif).metadata();
    expect([avifMeta.format, avifMeta.width, avifMeta.height]).toEqual(['heif', 240, 300]);
    const webp = await variants.get(source, 120, 'webp');
    expect(webp.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 120, height: 150 });
  });

  it('returns the original for PNG at full size and never enlarges', async () => {
    const variants = new ImageVariants();
    expect(await variants.get(source, undefined, 'png')).toBe(bytes);
    expect(await variants.get(source, 5000, 'png')).toBe(bytes);
    const big = await variants.get(source, 5000, 'webp');
    expect(await sharp(big).metadata()).toMatchObject({ width: 480, height: 600 });
    const small = await variants.get(source, 100, 'png');
    expect(await sharp(small).metadata()).toMatchObject({ format: 'png', width: 100, height: 125 });
    expect(variants.stats().encodes).toBe(2);
  });

  it('shares one encode between concurrent requests and serves repeats from the cache', async () => {
    let calls = 0;
    const encoder: Encoder = async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 20));
      return Buffer.from('encoded');
    };
    const variants = new ImageVariants({ encoder });
    const results = await Promise.all(Array.from({ length: 10 }, () => variants.get(source, 100, 'avif')));
    expect(calls).toBe(1);
    expect(new Set(results).size).toBe(1);
    await variants.get(source, 100, 'avif');
    expect(calls).toBe(1);
    // Width clamped to the original's: every width above it is the same variant.
    await variants.get(source, 4000, 'avif');
    await variants.get(source, 480, 'avif');
    expect(calls).toBe(2);
    // Format is part of the key; another file is another key.
    await variants.get(source, 100, 'webp');
    await variants.get({ ...source, key: '/cdn/shop/files/other.png' }, 100, 'avif');
    expect(calls).toBe(4);
  });

  it('stays within its byte and entry bounds, dropping the least recently used', async () => {
    const encoder: Encoder = async (_s, width) => Buffer.alloc(width);
    const variants = new ImageVariants({ encoder, maxBytes: 1000, maxEntries: 100 });
    for (let w = 100; w <= 400; w += 100) await variants.get(source, w, 'avif');
    expect(variants.stats()).toMatchObject({ entries: 4, bytes: 1000 });
    await variants.get(source, 100, 'avif'); // touch 100: now most recent
    await variants.get(source, 300, 'webp'); // evicts 200 and 300 (avif)
    expect(variants.stats().bytes).toBeLessThanOrEqual(1000);
    const before = variants.stats().encodes;
    await variants.get(source, 100, 'avif');
    expect(variants.stats().encodes).toBe(before);
    await variants.get(source, 200, 'avif');
    expect(variants.stats().encodes).toBe(before + 1);
    const counted = new ImageVariants({ encoder, maxBytes: 1e9, maxEntries: 3 });
    for (let w = 1; w <= 10; w++) await counted.get(source, w, 'avif');
    expect(counted.stats().entries).toBe(3);
  });

  it('runs at most maxInFlight encodes at a time; the others wait their turn, and a full queue is refused', async () => {
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const encoder: Encoder = async (_s, width) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((r) => release.push(r));
      running -= 1;
      return Buffer.alloc(width);
    };
    const variants = new ImageVariants({ encoder, maxInFlight: 2, maxQueued: 3 });
    const asked = [1, 2, 3, 4, 5].map((w) => variants.get(source, w, 'avif'));
    await expect(variants.get(source, 6, 'avif')).rejects.toThrow(VariantsBusyError);
    expect(variants.stats()).toMatchObject({ inFlight: 5, encoding: 2 });
    // Each finished encode lets one waiting encode start, never more than two at once.
    while (release.length) {
      release.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    expect((await Promise.all(asked)).map((b) => b.length)).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(variants.stats()).toMatchObject({ inFlight: 0, encoding: 0, encodes: 5 });
  });

  it('does not cache a failed encode', async () => {
    let fail = true;
    const encoder: Encoder = async () => {
      if (fail) throw new Error('boom');
      return Buffer.from('ok');
    };
    const variants = new ImageVariants({ encoder });
    await expect(variants.get(source, 10, 'avif')).rejects.toThrow('boom');
    fail = false;
    expect((await variants.get(source, 10, 'avif')).toString()).toBe('ok');
    expect(variants.stats()).toMatchObject({ entries: 1, inFlight: 0 });
  });

  // How fast a first conversion is (against serving the variant from the cache) is measured by bench/images.ts.
  it('encodes a first AVIF of the largest shipped image at full size, with one encode', async () => {
    const largest = fs.readFileSync(path.join(defaultHostContext().contentRoot, 'shop/files/walnut-serving-board.png'));
    const size = pngSize(largest)!;
    const variants = new ImageVariants();
    const avif = await variants.get({ key: 'w', bytes: largest, ...size }, undefined, 'avif');
    expect(avif.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    expect(await sharp(avif).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: size.width, height: size.height });
    expect(variants.stats()).toMatchObject({ encodes: 1, entries: 1, inFlight: 0 });
  });
});
