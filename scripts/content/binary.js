/*
 * Helpers shared by the content generators (scripts/make-content.js and its modules under
 * scripts/content/, scripts/make-shop-content.js): big- and little-endian integer writers, the
 * CRC-32 of PNG chunks (ISO 3309, as zlib computes it), PNG chunks written and read, and an RGBA
 * image encoded as a PNG.
 */
'use strict';

const zlib = require('node:zlib');

function u8(v) {
  const b = Buffer.alloc(1);
  b.writeUInt8(v & 0xff);
  return b;
}
function u16(v) {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(v & 0xffff);
  return b;
}
function i16(v) {
  const b = Buffer.alloc(2);
  b.writeInt16BE(v);
  return b;
}
function u32(v) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v >>> 0);
  return b;
}
function u16le(v) {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(v & 0xffff);
  return b;
}
function u32le(v) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v >>> 0);
  return b;
}
function pad4(buf) {
  return buf.length % 4 ? Buffer.concat([buf, Buffer.alloc(4 - (buf.length % 4))]) : buf;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, data, and the CRC-32 of type and data. */
function pngChunk(type, data) {
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  return Buffer.concat([u32(data.length), td, u32(crc32(td))]);
}

/** The chunks of a PNG as [type, data] pairs. */
function pngChunks(png) {
  const out = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    out.push([png.toString('latin1', at + 4, at + 8), png.subarray(at + 8, at + 8 + length)]);
    at += 12 + length;
  }
  return out;
}

/** An RGBA image `{ width, height, data }` as an 8-bit truecolour-with-alpha PNG (filter 0, deflate level 9). */
function png(c) {
  const rows = [];
  for (let y = 0; y < c.height; y++) rows.push(Buffer.from([0]), c.data.subarray(y * c.width * 4, (y + 1) * c.width * 4));
  const ihdr = Buffer.concat([u32(c.width), u32(c.height), u8(8), u8(6), u8(0), u8(0), u8(0)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

module.exports = { u8, u16, i16, u32, u16le, u32le, pad4, crc32, pngChunk, pngChunks, png };
