/*
 * Storefront image variants: the first conversion of each shipped image (AVIF and WebP, at the
 * page's widths and full size) against serving the same variant again from the cache, measured
 * side by side in this run. Read the ratio; the milliseconds drift on a shared machine.
 * Run: npm run bench:images
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultHostContext } from '../reference-server/src/hosts/context';
import { ImageVariants, pngSize, type ImageFormat, type SourceImage } from '../reference-server/src/hosts/shop/image-variants';

const CACHED_REPEATS = Number(process.env.BENCH_REPEATS ?? 2000);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function main(): Promise<void> {
  const dir = path.join(defaultHostContext().contentRoot, 'shop/files');
  const sources: SourceImage[] = fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.png'))
    .map((n) => {
      const bytes = fs.readFileSync(path.join(dir, n));
      return { key: n, bytes, ...pngSize(bytes)! };
    });
  // Warm sharp/libvips (codec initialisation) on a throwaway cache so it does not count as a conversion.
  await new ImageVariants().get(sources[0], 64, 'avif');
  await new ImageVariants().get(sources[0], 64, 'webp');

  const rows: string[] = [];
  const ratios: number[] = [];
  for (const format of ['avif', 'webp'] as ImageFormat[]) {
    for (const width of [360, undefined]) {
      const first: number[] = [];
      const cached: number[] = [];
      for (const source of sources) {
        const variants = new ImageVariants();
        let t = performance.now();
        const out = await variants.get(source, width, format);
        first.push(performance.now() - t);
        t = performance.now();
        for (let i = 0; i < CACHED_REPEATS; i++) await variants.get(source, width, format);
        cached.push((performance.now() - t) / CACHED_REPEATS);
        if (out.length === 0) throw new Error('empty variant');
      }
      const f = median(first);
      const c = median(cached);
      ratios.push(f / c);
      rows.push(
        `${format.padEnd(5)} width=${String(width ?? 'full').padEnd(5)} first conversion: median ${f.toFixed(1)} ms, max ${Math.max(...first).toFixed(1)} ms | cached: ${(c * 1000).toFixed(2)} us | ${Math.round(f / c)}x`,
      );
    }
  }
  console.log(
    `image variants over ${sources.length} shipped PNGs (${sources.map((s) => `${s.width}x${s.height}`).join(', ')}), ${CACHED_REPEATS} cached reads each`,
  );
  for (const r of rows) console.log(r);
  const worst = Math.min(...ratios);
  console.log(`cached vs first conversion: at least ${Math.round(worst)}x faster (target 100x): ${worst >= 100 ? 'met' : 'NOT met'}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
