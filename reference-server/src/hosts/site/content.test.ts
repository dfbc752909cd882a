import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import sharp from 'sharp';
import { DEFAULT_CONTENT_ROOT } from '../context';

// The generator is plain JavaScript outside the TypeScript sources.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const generator = require('../../../../scripts/make-content.js') as {
  generatedFiles(): Record<string, Buffer>;
  buildTrueType(): { font: Buffer };
};

const read = (relative: string) => fs.readFileSync(path.join(DEFAULT_CONTENT_ROOT, relative));

describe('generated content', () => {
  it('matches what scripts/make-content.js produces', () => {
    for (const [relative, bytes] of Object.entries(generator.generatedFiles())) {
      expect([relative, read(relative).equals(bytes)]).toEqual([relative, true]);
    }
  });

  it('has PNGs with valid chunk CRCs that a PNG decoder reads', async () => {
    for (const name of ['logo.png', 'pattern.png', 'subject-badge.png']) {
      const png = read(`site/section/img/${name}`);
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      const types: string[] = [];
      for (let at = 8; at < png.length;) {
        const length = png.readUInt32BE(at);
        const typeAndData = png.subarray(at + 4, at + 8 + length);
        // CRC-32 of type and data (PNG §5.3), by Node's zlib rather than the generator's own crc32.
        expect([name, typeAndData.subarray(0, 4).toString('ascii'), png.readUInt32BE(at + 8 + length)]).toEqual([
          name,
          typeAndData.subarray(0, 4).toString('ascii'),
          zlib.crc32(typeAndData),
        ]);
        types.push(typeAndData.subarray(0, 4).toString('ascii'));
        at += 12 + length;
      }
      expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
      // An independent decoder reads every pixel: the IDAT stream inflates to the size IHDR announces.
      const { info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([png.readUInt32BE(16), png.readUInt32BE(20)]);
    }
  });

  it('has the 43-byte spacer GIF and a second GIF', () => {
    expect(read('site/section/img/spacer.gif').toString('hex')).toBe('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b');
    const bullet = read('site/section/img/bullet.gif');
    expect(bullet.subarray(0, 6).toString('ascii')).toBe('GIF89a');
    expect(bullet.readUInt16LE(6)).toBe(16);
    expect(bullet[bullet.length - 1]).toBe(0x3b);
  });

  it('has an ICO wrapping a 32x32 PNG', () => {
    const ico = read('site/root/favicon.ico');
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([ico[6], ico[7]]).toEqual([32, 32]);
    const size = ico.readUInt32LE(14);
    const offset = ico.readUInt32LE(18);
    expect(offset + size).toBe(ico.length);
    expect(ico.subarray(offset, offset + 8).toString('hex')).toBe('89504e470d0a1a0a');
  });

  it('has WOFF and WOFF2 wrappers of one checksummed TrueType font', () => {
    const ttf = generator.buildTrueType().font;
    let sum = 0;
    for (let i = 0; i < ttf.length; i += 4) sum = (sum + ttf.readUInt32BE(i)) >>> 0;
    expect(sum).toBe(0xb1b0afba);

    const woff = read('site/section/fonts/lessons-icons.woff');
    expect(woff.subarray(0, 4).toString('ascii')).toBe('wOFF');
    expect(woff.readUInt32BE(8)).toBe(woff.length);
    expect(woff.readUInt32BE(16)).toBe(ttf.length);

    const woff2 = read('site/section/fonts/lessons-icons.woff2');
    expect(woff2.subarray(0, 4).toString('ascii')).toBe('wOF2');
    expect(woff2.readUInt32BE(8)).toBe(woff2.length);
    // Table directory: flags byte, optional tag, UIntBase128 length (null transforms: no more).
    let at = 48;
    let total = 0;
    for (let t = 0; t < woff2.readUInt16BE(12); t++) {
      const flags = woff2[at++];
      if ((flags & 63) === 63) at += 4;
      let length = 0;
      for (;;) {
        const byte = woff2[at++];
        length = length * 128 + (byte & 127);
        if (!(byte & 128)) break;
      }
      total += length;
    }
    const compressedLength = woff2.readUInt32BE(20);
    expect(zlib.brotliDecompressSync(woff2.subarray(at, at + compressedLength)).length).toBe(total);
  });

  it('has a stylesheet of about 100 KB that is not one repeated line', () => {
    const css = read('site/section/css/main.css').toString('utf8');
    expect(css.length).toBeGreaterThan(90_000);
    expect(css.length).toBeLessThan(120_000);
    expect(new Set(css.split('\n')).size).toBeGreaterThan(1500);
    expect(css).toContain('url("../fonts/lessons-icons.woff2") format("woff2")');
    expect(css).toContain('url("../fonts/lessons-icons.woff") format("woff")');
    expect(zlib.gzipSync(css).length).toBeLessThan(css.length / 4);
  });

  it('keeps the canary beside the served folders', () => {
    expect(read('CANARY-outside-root.txt').toString()).toContain('CANARY');
  });
});
