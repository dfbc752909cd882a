/*
 * The site's GIFs (site/section/img/): the 43-byte transparent spacer of tracking pixels and
 * spacers, and a 16x16 bullet with a 4-colour palette.
 */
'use strict';

const { u8, u16le } = require('./binary');

/** The 43-byte transparent 1x1 GIF of tracking pixels and spacers. */
const SPACER_GIF = Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');

/**
 * LZW data for a GIF with a 4-colour table (minimum code size 2). Every code is a literal and a
 * clear code follows each pair, so the decoder's table never grows past 3-bit codes: larger than
 * real LZW output but valid for every decoder, and the image is tiny.
 */
function gifLzw(indices) {
  const CLEAR = 4;
  const END = 5;
  const codes = [];
  for (let i = 0; i < indices.length; i += 2) codes.push(CLEAR, ...indices.slice(i, i + 2));
  codes.push(END);
  const bytes = [];
  let acc = 0;
  let bits = 0;
  for (const code of codes) {
    acc |= code << bits;
    bits += 3;
    while (bits >= 8) {
      bytes.push(acc & 0xff);
      acc >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) bytes.push(acc & 0xff);
  const blocks = [];
  for (let i = 0; i < bytes.length; i += 255) {
    const part = bytes.slice(i, i + 255);
    blocks.push(u8(part.length), Buffer.from(part));
  }
  return Buffer.concat([u8(2), ...blocks, u8(0)]);
}

/** A 16x16 "new" badge bullet: brand circle with an accent dot, transparent corners. */
function makeBulletGif() {
  const size = 16;
  const indices = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - 8, y + 0.5 - 8);
      indices.push(d <= 3 ? 2 : d <= 7.5 ? 1 : d <= 8 ? 3 : 0);
    }
  }
  const palette = Buffer.from([0xff, 0xff, 0xff, 0x0b, 0x5c, 0x8e, 0xf2, 0xa9, 0x00, 0x5a, 0x8a, 0xae]);
  return Buffer.concat([
    Buffer.from('GIF89a', 'ascii'),
    u16le(size),
    u16le(size),
    u8(0x81),
    u8(0),
    u8(0),
    palette,
    Buffer.from([0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00]), // index 0 transparent
    Buffer.from([0x2c]),
    u16le(0),
    u16le(0),
    u16le(size),
    u16le(size),
    u8(0),
    gifLzw(indices),
    Buffer.from([0x3b]),
  ]);
}

module.exports = { SPACER_GIF, makeBulletGif };
