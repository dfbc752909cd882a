#!/usr/bin/env node
/*
 * Writes the generated files of reference-server/content: the site stylesheet, PNG/GIF images,
 * the favicon and the icon font (TrueType wrapped as WOFF and WOFF2). Output is deterministic, so
 * re-running it leaves the committed files unchanged. Hand-written content (HTML, JS, SVG) lives
 * in the content folder itself.
 *
 * Usage: node scripts/make-content.js
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const CONTENT = path.resolve(__dirname, '../reference-server/content');
const SECTION = path.join(CONTENT, 'site/section');

// ---------------------------------------------------------------------------------------------
// Bytes

function u8(v) { const b = Buffer.alloc(1); b.writeUInt8(v & 0xff); return b; }
function u16(v) { const b = Buffer.alloc(2); b.writeUInt16BE(v & 0xffff); return b; }
function i16(v) { const b = Buffer.alloc(2); b.writeInt16BE(v); return b; }
function u32(v) { const b = Buffer.alloc(4); b.writeUInt32BE(v >>> 0); return b; }
function u16le(v) { const b = Buffer.alloc(2); b.writeUInt16LE(v & 0xffff); return b; }
function u32le(v) { const b = Buffer.alloc(4); b.writeUInt32LE(v >>> 0); return b; }
function pad4(buf) { return buf.length % 4 ? Buffer.concat([buf, Buffer.alloc(4 - (buf.length % 4))]) : buf; }

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

// ---------------------------------------------------------------------------------------------
// Raster drawing (RGBA, 4x4 supersampled coverage for smooth edges)

function canvas(width, height) {
  return { width, height, data: Buffer.alloc(width * height * 4) };
}

function blend(c, x, y, [r, g, b, a], coverage) {
  if (x < 0 || y < 0 || x >= c.width || y >= c.height || coverage <= 0) return;
  const i = (y * c.width + x) * 4;
  const sa = (a / 255) * coverage;
  const da = c.data[i + 3] / 255;
  const oa = sa + da * (1 - sa);
  if (oa === 0) return;
  c.data[i] = Math.round((r * sa + c.data[i] * da * (1 - sa)) / oa);
  c.data[i + 1] = Math.round((g * sa + c.data[i + 1] * da * (1 - sa)) / oa);
  c.data[i + 2] = Math.round((b * sa + c.data[i + 2] * da * (1 - sa)) / oa);
  c.data[i + 3] = Math.round(oa * 255);
}

/** Fills the pixels for which inside(x, y) holds (coordinates in pixels, centre at +0.5). */
function fillShape(c, color, inside, box = [0, 0, c.width, c.height]) {
  const [x0, y0, x1, y1] = box.map(Math.floor);
  for (let y = Math.max(0, y0); y < Math.min(c.height, y1 + 1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(c.width, x1 + 1); x++) {
      let hits = 0;
      for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) if (inside(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) hits++;
      blend(c, x, y, color, hits / 16);
    }
  }
}

function roundRect(c, color, x, y, w, h, r) {
  fillShape(c, color, (px, py) => {
    const dx = Math.max(x + r - px, 0, px - (x + w - r));
    const dy = Math.max(y + r - py, 0, py - (y + h - r));
    return px >= x && px <= x + w && py >= y && py <= y + h && dx * dx + dy * dy <= r * r;
  }, [x - 1, y - 1, x + w + 1, y + h + 1]);
}

function circle(c, color, cx, cy, r) {
  fillShape(c, color, (px, py) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r, [cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1]);
}

function polygon(c, color, pts) {
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  fillShape(c, color, (px, py) => {
    let inside = false;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const [xi, yi] = pts[i];
      const [xj, yj] = pts[j];
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  }, [Math.min(...xs) - 1, Math.min(...ys) - 1, Math.max(...xs) + 1, Math.max(...ys) + 1]);
}

function png(c) {
  const chunk = (type, data) => {
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    return Buffer.concat([u32(data.length), td, u32(crc32(td))]);
  };
  const rows = [];
  for (let y = 0; y < c.height; y++) rows.push(Buffer.from([0]), c.data.subarray(y * c.width * 4, (y + 1) * c.width * 4));
  const ihdr = Buffer.concat([u32(c.width), u32(c.height), u8(8), u8(6), u8(0), u8(0), u8(0)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BRAND = [0x0b, 0x5c, 0x8e, 255];
const ACCENT = [0xf2, 0xa9, 0x00, 255];
const WHITE = [255, 255, 255, 255];

/** An open book: two pages on a rounded tile. */
function drawBook(c, x, y, size) {
  const s = size / 32;
  roundRect(c, BRAND, x, y, size, size, 6 * s);
  polygon(c, WHITE, [[x + 5 * s, y + 9 * s], [x + 15 * s, y + 11 * s], [x + 15 * s, y + 25 * s], [x + 5 * s, y + 23 * s]]);
  polygon(c, WHITE, [[x + 17 * s, y + 11 * s], [x + 27 * s, y + 9 * s], [x + 27 * s, y + 23 * s], [x + 17 * s, y + 25 * s]]);
  polygon(c, ACCENT, [[x + 20 * s, y + 10.4 * s], [x + 23 * s, y + 9.8 * s], [x + 23 * s, y + 16 * s], [x + 21.5 * s, y + 14.5 * s], [x + 20 * s, y + 16 * s]]);
}

function makeLogo() {
  const c = canvas(240, 64);
  drawBook(c, 4, 8, 48);
  // Word-mark stand-in: bars of the lengths of "Lessons" and "Teaching Resources".
  roundRect(c, BRAND, 64, 16, 120, 14, 3);
  roundRect(c, ACCENT, 64, 38, 164, 8, 2);
  return png(c);
}

function makePattern() {
  const c = canvas(64, 64);
  for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) blend(c, x, y, [0xf4, 0xf7, 0xfa, 255], 1);
  for (const [cx, cy] of [[16, 16], [48, 48], [48, 16], [16, 48]]) circle(c, [0x0b, 0x5c, 0x8e, 28], cx, cy, 3);
  circle(c, [0xf2, 0xa9, 0x00, 40], 32, 32, 5);
  return png(c);
}

function makeSubjectBadge() {
  const c = canvas(96, 96);
  circle(c, [0xe8, 0xf1, 0xf7, 255], 48, 48, 46);
  polygon(c, BRAND, [[28, 66], [48, 26], [68, 66]]);
  circle(c, ACCENT, 48, 56, 8);
  return png(c);
}

function makeFavicon() {
  const c = canvas(32, 32);
  drawBook(c, 0, 0, 32);
  const image = png(c);
  // ICONDIR + one ICONDIRENTRY whose data is a PNG (valid since Windows Vista, read by browsers).
  return Buffer.concat([
    u16le(0), u16le(1), u16le(1),
    u8(32), u8(32), u8(0), u8(0), u16le(1), u16le(32), u32le(image.length), u32le(6 + 16),
    image,
  ]);
}

// ---------------------------------------------------------------------------------------------
// GIF

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
    while (bits >= 8) { bytes.push(acc & 0xff); acc >>= 8; bits -= 8; }
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
    Buffer.from('GIF89a', 'ascii'), u16le(size), u16le(size), u8(0x81), u8(0), u8(0), palette,
    Buffer.from([0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00]), // index 0 transparent
    Buffer.from([0x2c]), u16le(0), u16le(0), u16le(size), u16le(size), u8(0),
    gifLzw(indices),
    Buffer.from([0x3b]),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Icon font: a TrueType font with a few private-use glyphs, as icon fonts on such sites are.

const UPM = 1000;

/** A circle as on-curve points at 45 degree steps with quadratic control points between. */
function circleContour(cx, cy, r, clockwise) {
  const pts = [];
  const ctrl = r / Math.cos(Math.PI / 8);
  for (let k = 0; k < 8; k++) {
    const a = (clockwise ? -1 : 1) * (k * Math.PI) / 4;
    const b = (clockwise ? -1 : 1) * ((k + 0.5) * Math.PI) / 4;
    pts.push([Math.round(cx + r * Math.cos(a)), Math.round(cy + r * Math.sin(a)), true]);
    pts.push([Math.round(cx + ctrl * Math.cos(b)), Math.round(cy + ctrl * Math.sin(b)), false]);
  }
  return pts;
}

const rect = (x0, y0, x1, y1) => [[x0, y0, true], [x0, y1, true], [x1, y1, true], [x1, y0, true]]; // clockwise
const poly = (pts) => pts.map(([x, y]) => [x, y, true]);
const rotated = (pts, cx, cy, deg) => {
  const a = (deg * Math.PI) / 180;
  return pts.map(([x, y, on]) => [Math.round(cx + (x - cx) * Math.cos(a) - (y - cy) * Math.sin(a)), Math.round(cy + (x - cx) * Math.sin(a) + (y - cy) * Math.cos(a)), on]);
};

function starContour() {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const a = Math.PI / 2 - (k * Math.PI) / 5; // clockwise from the top
    const r = k % 2 ? 170 : 400;
    pts.push([Math.round(500 + r * Math.cos(a)), Math.round(320 + r * Math.sin(a)), true]);
  }
  return pts;
}

const GLYPHS = [
  { name: '.notdef', advance: 600, contours: [rect(50, 0, 550, 700), rect(100, 50, 500, 650).reverse()] },
  { name: 'space', code: 0x20, advance: 250, contours: [] },
  { name: 'search', code: 0xe001, advance: UPM, contours: [circleContour(420, 420, 300, true), circleContour(420, 420, 210, false), rotated(rect(640, 40, 740, 340), 690, 190, 45)] },
  { name: 'menu', code: 0xe002, advance: UPM, contours: [rect(100, 540, 900, 640), rect(100, 290, 900, 390), rect(100, 40, 900, 140)] },
  { name: 'chevron-right', code: 0xe003, advance: UPM, contours: [poly([[330, 760], [420, 850], [850, 420], [420, -10], [330, 80], [670, 420]])] },
  { name: 'star', code: 0xe004, advance: UPM, contours: [starContour()] },
  { name: 'close', code: 0xe005, advance: UPM, contours: [rotated(rect(450, 20, 550, 820), 500, 420, 45), rotated(rect(450, 20, 550, 820), 500, 420, -45)] },
  { name: 'plus', code: 0xe006, advance: UPM, contours: [rect(450, 20, 550, 820), rect(100, 370, 450, 470), rect(550, 370, 900, 470)] },
];

function glyphBounds(g) {
  const pts = g.contours.flat();
  if (pts.length === 0) return null;
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { xMin: Math.min(...xs), yMin: Math.min(...ys), xMax: Math.max(...xs), yMax: Math.max(...ys) };
}

function glyphData(g) {
  const b = glyphBounds(g);
  if (!b) return Buffer.alloc(0);
  const ends = [];
  let n = 0;
  for (const c of g.contours) { n += c.length; ends.push(n - 1); }
  const pts = g.contours.flat();
  const flags = pts.map((p) => u8(p[2] ? 1 : 0)); // x and y as signed 16-bit deltas
  const xs = [];
  const ys = [];
  let px = 0;
  let py = 0;
  for (const [x, y] of pts) { xs.push(i16(x - px)); ys.push(i16(y - py)); px = x; py = y; }
  const data = Buffer.concat([i16(g.contours.length), i16(b.xMin), i16(b.yMin), i16(b.xMax), i16(b.yMax), ...ends.map(u16), u16(0), ...flags, ...xs, ...ys]);
  return data.length % 2 ? Buffer.concat([data, Buffer.alloc(1)]) : data;
}

function utf16be(s) {
  const b = Buffer.from(s, 'utf16le');
  for (let i = 0; i < b.length; i += 2) { const t = b[i]; b[i] = b[i + 1]; b[i + 1] = t; }
  return b;
}

function nameTable(names) {
  const ids = Object.keys(names).map(Number).sort((a, b) => a - b);
  const strings = ids.map((id) => utf16be(names[id]));
  const records = [];
  let offset = 0;
  ids.forEach((id, i) => {
    records.push(Buffer.concat([u16(3), u16(1), u16(0x409), u16(id), u16(strings[i].length), u16(offset)]));
    offset += strings[i].length;
  });
  return Buffer.concat([u16(0), u16(ids.length), u16(6 + 12 * ids.length), ...records, ...strings]);
}

function cmapTable() {
  const mapped = GLYPHS.map((g, gid) => ({ code: g.code, gid })).filter((m) => m.code !== undefined).sort((a, b) => a.code - b.code);
  const segments = [];
  for (const m of mapped) {
    const last = segments[segments.length - 1];
    if (last && m.code === last.end + 1 && m.gid === last.gid + (m.code - last.start)) last.end = m.code;
    else segments.push({ start: m.code, end: m.code, gid: m.gid });
  }
  segments.push({ start: 0xffff, end: 0xffff, gid: 0 });
  const segCount = segments.length;
  const log = Math.floor(Math.log2(segCount));
  const searchRange = 2 * 2 ** log;
  const sub = Buffer.concat([
    u16(4), u16(16 + 8 * segCount), u16(0), u16(segCount * 2), u16(searchRange), u16(log), u16(segCount * 2 - searchRange),
    ...segments.map((s) => u16(s.end)), u16(0),
    ...segments.map((s) => u16(s.start)),
    ...segments.map((s) => u16(s.start === 0xffff ? 1 : (s.gid - s.start + 0x10000) % 0x10000)),
    ...segments.map(() => u16(0)),
  ]);
  // Unicode BMP (0,3) and Windows Unicode BMP (3,1) share the subtable.
  return Buffer.concat([u16(0), u16(2), u16(0), u16(3), u32(20), u16(3), u16(1), u32(20), sub]);
}

function tableChecksum(buf) {
  const b = pad4(buf);
  let sum = 0;
  for (let i = 0; i < b.length; i += 4) sum = (sum + b.readUInt32BE(i)) >>> 0;
  return sum;
}

/** LONGDATETIME (seconds since 1904-01-01) of a fixed date, so the file is reproducible. */
const FONT_DATE = Math.floor(Date.UTC(2022, 3, 8, 16, 54, 52) / 1000) + 2082844800;
const longDateTime = (s) => Buffer.concat([u32(Math.floor(s / 2 ** 32)), u32(s % 2 ** 32)]);

function buildTrueType() {
  const glyphs = GLYPHS.map(glyphData);
  const loca = [0];
  for (const g of glyphs) loca.push(loca[loca.length - 1] + g.length);
  const bounds = GLYPHS.map(glyphBounds);
  const real = bounds.filter(Boolean);
  const all = {
    xMin: Math.min(...real.map((b) => b.xMin)), yMin: Math.min(...real.map((b) => b.yMin)),
    xMax: Math.max(...real.map((b) => b.xMax)), yMax: Math.max(...real.map((b) => b.yMax)),
  };
  const advances = GLYPHS.map((g) => g.advance);
  const lsbs = bounds.map((b) => (b ? b.xMin : 0));
  const rsbs = GLYPHS.map((g, i) => (bounds[i] ? g.advance - bounds[i].xMax : null)).filter((v) => v !== null);
  const extents = bounds.filter(Boolean).map((b) => b.xMax);
  const maxPoints = Math.max(...GLYPHS.map((g) => g.contours.flat().length));
  const maxContours = Math.max(...GLYPHS.map((g) => g.contours.length));

  const tables = {
    'OS/2': Buffer.concat([
      u16(4), i16(Math.round(advances.reduce((a, b) => a + b, 0) / advances.length)), u16(400), u16(5), u16(0),
      i16(650), i16(600), i16(0), i16(75), i16(650), i16(600), i16(0), i16(350), i16(50), i16(300), i16(0),
      Buffer.alloc(10),
      u32(1), u32(1 << 28), u32(0), u32(0), // Basic Latin; Private Use Area (bit 60)
      Buffer.from('LSNS', 'ascii'), u16(0x0040), u16(0x20), u16(0xe006),
      i16(800), i16(-200), i16(0), u16(Math.max(800, all.yMax)), u16(Math.max(200, -all.yMin)),
      u32(1), u32(0), i16(500), i16(700), u16(0), u16(0x20), u16(0),
    ]),
    cmap: cmapTable(),
    glyf: Buffer.concat(glyphs),
    head: Buffer.concat([
      u32(0x00010000), u32(0x00010000), u32(0), u32(0x5f0f3cf5), u16(0x0003), u16(UPM),
      longDateTime(FONT_DATE), longDateTime(FONT_DATE),
      i16(all.xMin), i16(all.yMin), i16(all.xMax), i16(all.yMax), u16(0), u16(8), i16(2), i16(0), i16(0),
    ]),
    hhea: Buffer.concat([
      u32(0x00010000), i16(800), i16(-200), i16(0), u16(Math.max(...advances)),
      i16(Math.min(...real.map((b) => b.xMin))), i16(Math.min(...rsbs)), i16(Math.max(...extents)),
      i16(1), i16(0), i16(0), i16(0), i16(0), i16(0), i16(0), i16(0), u16(GLYPHS.length),
    ]),
    hmtx: Buffer.concat(GLYPHS.map((g, i) => Buffer.concat([u16(advances[i]), i16(lsbs[i])]))),
    loca: Buffer.concat(loca.map((o) => u16(o / 2))),
    maxp: Buffer.concat([
      u32(0x00010000), u16(GLYPHS.length), u16(maxPoints), u16(maxContours), u16(0), u16(0), u16(2),
      u16(0), u16(0), u16(0), u16(0), u16(0), u16(0), u16(0), u16(0),
    ]),
    name: nameTable({
      0: 'Generated for the Lessons reference site by scripts/make-content.js. Public domain (CC0 1.0).',
      1: 'LessonsIcons',
      2: 'Regular',
      3: '1.000;LSNS;LessonsIcons-Regular',
      4: 'LessonsIcons Regular',
      5: 'Version 1.000',
      6: 'LessonsIcons-Regular',
      13: 'CC0 1.0 Universal: no rights reserved.',
      14: 'https://creativecommons.org/publicdomain/zero/1.0/',
    }),
    post: Buffer.concat([u32(0x00030000), u32(0), i16(-100), i16(50), u32(0), u32(0), u32(0), u32(0), u32(0)]),
  };

  const tags = Object.keys(tables).sort((a, b) => (Buffer.from(a).compare(Buffer.from(b))));
  const n = tags.length;
  const log = Math.floor(Math.log2(n));
  let offset = 12 + 16 * n;
  const records = [];
  const data = [];
  for (const tag of tags) {
    const t = tables[tag];
    records.push(Buffer.concat([Buffer.from(tag, 'ascii'), u32(tableChecksum(t)), u32(offset), u32(t.length)]));
    data.push(pad4(t));
    offset += pad4(t).length;
  }
  const font = Buffer.concat([u32(0x00010000), u16(n), u16(16 * 2 ** log), u16(log), u16(16 * n - 16 * 2 ** log), ...records, ...data]);
  // head.checkSumAdjustment makes the whole file sum to 0xB1B0AFBA.
  const headOffset = records[tags.indexOf('head')].readUInt32BE(8);
  font.writeUInt32BE((0xb1b0afba - tableChecksum(font)) >>> 0, headOffset + 8);
  return { font, tags, tables };
}

/** The tables as they stand in the finished sfnt (head with its checkSumAdjustment). */
function finalTables({ font, tags, tables }) {
  const headOffset = font.readUInt32BE(12 + 16 * tags.indexOf('head') + 8);
  return { ...tables, head: font.subarray(headOffset, headOffset + tables.head.length) };
}

function woff1(ttf) {
  const { font, tags } = ttf;
  const final = finalTables(ttf);
  let offset = 44 + 20 * tags.length;
  const dir = [];
  const parts = [];
  tags.forEach((tag, i) => {
    const orig = final[tag];
    const deflated = zlib.deflateSync(orig, { level: 9 });
    const stored = deflated.length < orig.length ? deflated : orig;
    const checksum = font.readUInt32BE(12 + 16 * i + 4);
    dir.push(Buffer.concat([Buffer.from(tag, 'ascii'), u32(offset), u32(stored.length), u32(orig.length), u32(checksum)]));
    parts.push(pad4(stored));
    offset += pad4(stored).length;
  });
  const header = Buffer.concat([
    Buffer.from('wOFF', 'ascii'), u32(0x00010000), u32(offset), u16(tags.length), u16(0), u32(font.length),
    u16(1), u16(0), u32(0), u32(0), u32(0), u32(0), u32(0),
  ]);
  return Buffer.concat([header, ...dir, ...parts]);
}

function base128(v) {
  const bytes = [v & 0x7f];
  v = Math.floor(v / 128);
  while (v > 0) { bytes.unshift((v & 0x7f) | 0x80); v = Math.floor(v / 128); }
  return Buffer.from(bytes);
}

const WOFF2_KNOWN_TAGS = ['cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca', 'prep', 'CFF ', 'VORG', 'EBDT', 'EBLC', 'gasp', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea', 'vmtx', 'BASE', 'GDEF', 'GPOS', 'GSUB', 'EBSC', 'JSTF', 'MATH', 'CBDT', 'CBLC', 'COLR', 'CPAL', 'SVG ', 'sbix', 'acnt', 'avar', 'bdat', 'bloc', 'bsln', 'cvar', 'fdsc', 'feat', 'fmtx', 'fvar', 'gvar', 'hsty', 'just', 'lcar', 'mort', 'morx', 'opbd', 'prop', 'trak', 'Zapf', 'Silf', 'Glat', 'Gloc', 'Feat', 'Sill'];

/**
 * WOFF2 with the null transform for every table (glyf and loca included, transform version 3),
 * which the format allows; the tables are concatenated and Brotli-compressed as one stream.
 */
function woff2(ttf) {
  const { font, tags } = ttf;
  const final = finalTables(ttf);
  const dir = [];
  for (const tag of tags) {
    const known = WOFF2_KNOWN_TAGS.indexOf(tag);
    const transform = tag === 'glyf' || tag === 'loca' ? 3 : 0;
    const flags = (transform << 6) | (known >= 0 ? known : 63);
    dir.push(u8(flags));
    if (known < 0) dir.push(Buffer.from(tag, 'ascii'));
    dir.push(base128(final[tag].length));
  }
  const stream = Buffer.concat(tags.map((t) => final[t]));
  const compressed = zlib.brotliCompressSync(stream, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_FONT },
  });
  const directory = Buffer.concat(dir);
  const unpadded = 48 + directory.length + compressed.length;
  const total = unpadded + ((4 - (unpadded % 4)) % 4);
  const header = Buffer.concat([
    Buffer.from('wOF2', 'ascii'), u32(0x00010000), u32(total), u16(tags.length), u16(0), u32(font.length), u32(compressed.length),
    u16(1), u16(0), u32(0), u32(0), u32(0), u32(0), u32(0),
  ]);
  return Buffer.concat([header, directory, compressed, Buffer.alloc(total - unpadded)]);
}

// ---------------------------------------------------------------------------------------------
// Stylesheet: hand-written components plus the generated grid and utility classes a theme
// framework ships, which is what makes real site stylesheets about 100 KB.

const BREAKPOINTS = [['', 0], ['sm', 576], ['md', 768], ['lg', 992], ['xl', 1200]];
const SPACERS = [['0', '0'], ['1', '.25rem'], ['2', '.5rem'], ['3', '1rem'], ['4', '1.5rem'], ['5', '3rem'], ['auto', 'auto']];
const COLORS = {
  primary: '#0b5c8e', secondary: '#5a6b7b', accent: '#f2a900', success: '#2e7d32', info: '#0277bd',
  warning: '#ef6c00', danger: '#c62828', light: '#f4f7fa', dark: '#1d2a35',
};
const SUBJECTS = {
  math: '#3f51b5', science: '#00897b', 'english-language-arts': '#8e24aa', 'social-studies': '#6d4c41',
  arts: '#d81b60', 'health-pe': '#43a047', 'world-languages': '#f4511e', technology: '#546e7a',
};

function shade(hex, amount) {
  const n = parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.max(0, Math.min(255, Math.round(c + (amount < 0 ? c * amount : (255 - c) * amount)))));
  return '#' + ch.map((c) => c.toString(16).padStart(2, '0')).join('');
}

function media(bp, min, body) {
  if (!bp) return body;
  return `@media (min-width: ${min}px) {\n${body.replace(/^/gm, '  ').replace(/^ +$/gm, '')}\n}\n`;
}

function rule(selector, decls) {
  return `${selector} {\n${Object.entries(decls).map(([k, v]) => `  ${k}: ${v};`).join('\n')}\n}\n`;
}

function cssBase() {
  return `/*!
 * Lessons theme, main stylesheet
 * Built from the SXA theme sources: base, grid, components, utilities.
 */
@font-face {
  font-family: "LessonsIcons";
  src: url("../fonts/lessons-icons.woff2") format("woff2"), url("../fonts/lessons-icons.woff") format("woff");
  font-weight: normal;
  font-style: normal;
  font-display: block;
}
:root {
${Object.entries(COLORS).map(([k, v]) => `  --color-${k}: ${v};`).join('\n')}
${Object.entries(SUBJECTS).map(([k, v]) => `  --subject-${k}: ${v};`).join('\n')}
  --font-sans: "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif;
  --font-mono: SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", monospace;
  --radius: .375rem;
  --shadow-sm: 0 1px 2px rgba(29, 42, 53, .08);
  --shadow: 0 4px 12px rgba(29, 42, 53, .12);
}
*,
*::before,
*::after {
  box-sizing: border-box;
}
html {
  font-family: sans-serif;
  line-height: 1.15;
  -webkit-text-size-adjust: 100%;
  -webkit-tap-highlight-color: rgba(0, 0, 0, 0);
}
body {
  margin: 0;
  font-family: var(--font-sans);
  font-size: 1rem;
  font-weight: 400;
  line-height: 1.6;
  color: var(--color-dark);
  text-align: left;
  background-color: #fff;
}
article, aside, figcaption, figure, footer, header, hgroup, main, nav, section {
  display: block;
}
h1, h2, h3, h4, h5, h6 {
  margin-top: 0;
  margin-bottom: .5rem;
  font-weight: 600;
  line-height: 1.25;
}
h1 { font-size: 2.5rem; }
h2 { font-size: 2rem; }
h3 { font-size: 1.5rem; }
h4 { font-size: 1.25rem; }
h5 { font-size: 1.125rem; }
h6 { font-size: 1rem; }
p {
  margin-top: 0;
  margin-bottom: 1rem;
}
a {
  color: var(--color-primary);
  text-decoration: none;
  background-color: transparent;
}
a:hover,
a:focus {
  color: ${shade(COLORS.primary, -0.25)};
  text-decoration: underline;
}
img, svg {
  vertical-align: middle;
  border-style: none;
}
ul, ol {
  margin-top: 0;
  margin-bottom: 1rem;
}
button, input, select, textarea {
  margin: 0;
  font-family: inherit;
  font-size: inherit;
  line-height: inherit;
}
button:focus-visible, a:focus-visible, input:focus-visible {
  outline: 3px solid ${COLORS.accent};
  outline-offset: 2px;
}
.sr-only {
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
}
.skip-link {
  position: absolute;
  top: -40px;
  left: 0;
  padding: .5rem 1rem;
  background: var(--color-dark);
  color: #fff;
  z-index: 1000;
}
.skip-link:focus {
  top: 0;
}
[class^="icon-"]::before,
[class*=" icon-"]::before {
  font-family: "LessonsIcons";
  font-style: normal;
  font-weight: normal;
  speak: never;
  display: inline-block;
  line-height: 1;
  -webkit-font-smoothing: antialiased;
  -moz-osx-font-smoothing: grayscale;
}
.icon-search::before { content: "\\e001"; }
.icon-menu::before { content: "\\e002"; }
.icon-chevron-right::before { content: "\\e003"; }
.icon-star::before { content: "\\e004"; }
.icon-close::before { content: "\\e005"; }
.icon-plus::before { content: "\\e006"; }
`;
}

function cssGrid() {
  let out = '/* Grid */\n';
  out += rule('.container, .container-fluid', { width: '100%', 'padding-right': '15px', 'padding-left': '15px', 'margin-right': 'auto', 'margin-left': 'auto' });
  for (const [bp, min, width] of [['sm', 576, 540], ['md', 768, 720], ['lg', 992, 960], ['xl', 1200, 1140]]) {
    out += media(bp, min, rule('.container', { 'max-width': `${width}px` }));
  }
  out += rule('.row', { display: 'flex', 'flex-wrap': 'wrap', 'margin-right': '-15px', 'margin-left': '-15px' });
  out += rule('.no-gutters', { 'margin-right': '0', 'margin-left': '0' });
  out += rule('.no-gutters > .col, .no-gutters > [class*="col-"]', { 'padding-right': '0', 'padding-left': '0' });
  const all = [];
  for (const [bp] of BREAKPOINTS) {
    const infix = bp ? `-${bp}` : '';
    all.push(`.col${infix}`, `.col${infix}-auto`);
    for (let i = 1; i <= 12; i++) all.push(`.col${infix}-${i}`);
  }
  out += rule(all.join(',\n'), { position: 'relative', width: '100%', 'padding-right': '15px', 'padding-left': '15px' });
  for (const [bp, min] of BREAKPOINTS) {
    const infix = bp ? `-${bp}` : '';
    let body = rule(`.col${infix}`, { 'flex-basis': '0', 'flex-grow': '1', 'max-width': '100%' });
    body += rule(`.col${infix}-auto`, { flex: '0 0 auto', width: 'auto', 'max-width': '100%' });
    for (let i = 1; i <= 12; i++) {
      const pct = `${+((i / 12) * 100).toFixed(6)}%`;
      body += rule(`.col${infix}-${i}`, { flex: `0 0 ${pct}`, 'max-width': pct });
    }
    for (let i = 0; i <= 12; i++) body += rule(`.order${infix}-${i}`, { order: `${i}` });
    body += rule(`.order${infix}-first`, { order: '-1' });
    body += rule(`.order${infix}-last`, { order: '13' });
    for (let i = 0; i < 12; i++) body += rule(`.offset${infix}-${i}`, { 'margin-left': i ? `${+((i / 12) * 100).toFixed(6)}%` : '0' });
    out += media(bp, min, body);
  }
  return out;
}

function cssUtilities() {
  let out = '/* Utilities */\n';
  const sides = [['', ['']], ['t', ['-top']], ['r', ['-right']], ['b', ['-bottom']], ['l', ['-left']], ['x', ['-right', '-left']], ['y', ['-top', '-bottom']]];
  for (const [bp, min] of BREAKPOINTS) {
    const infix = bp ? `-${bp}` : '';
    let body = '';
    for (const display of ['none', 'inline', 'inline-block', 'block', 'table', 'table-row', 'table-cell', 'flex', 'inline-flex', 'grid']) {
      body += rule(`.d${infix}-${display}`, { display: `${display} !important` });
    }
    for (const [prop, abbrev] of [['margin', 'm'], ['padding', 'p']]) {
      for (const [side, suffixes] of sides) {
        for (const [size, value] of SPACERS) {
          if (prop === 'padding' && size === 'auto') continue;
          const decls = {};
          for (const s of suffixes) decls[`${prop}${s}`] = `${value} !important`;
          body += rule(`.${abbrev}${side}${infix}-${size}`, decls);
        }
      }
    }
    for (const [size, value] of SPACERS.slice(1, 6)) {
      for (const [side, suffixes] of sides) {
        const decls = {};
        for (const s of suffixes) decls[`margin${s}`] = `-${value} !important`;
        body += rule(`.m${side}${infix}-n${size}`, decls);
      }
    }
    for (const dir of ['row', 'column', 'row-reverse', 'column-reverse']) body += rule(`.flex${infix}-${dir}`, { 'flex-direction': `${dir} !important` });
    for (const wrap of ['wrap', 'nowrap', 'wrap-reverse']) body += rule(`.flex${infix}-${wrap}`, { 'flex-wrap': `${wrap} !important` });
    body += rule(`.flex${infix}-fill`, { flex: '1 1 auto !important' });
    body += rule(`.flex${infix}-grow-0`, { 'flex-grow': '0 !important' });
    body += rule(`.flex${infix}-grow-1`, { 'flex-grow': '1 !important' });
    for (const [name, value] of [['start', 'flex-start'], ['end', 'flex-end'], ['center', 'center'], ['between', 'space-between'], ['around', 'space-around']]) {
      body += rule(`.justify-content${infix}-${name}`, { 'justify-content': `${value} !important` });
    }
    for (const [name, value] of [['start', 'flex-start'], ['end', 'flex-end'], ['center', 'center'], ['baseline', 'baseline'], ['stretch', 'stretch']]) {
      body += rule(`.align-items${infix}-${name}`, { 'align-items': `${value} !important` });
      body += rule(`.align-self${infix}-${name}`, { 'align-self': `${value} !important` });
    }
    for (const align of ['left', 'right', 'center']) body += rule(`.text${infix}-${align}`, { 'text-align': `${align} !important` });
    for (const [size, value] of SPACERS.slice(0, 6)) {
      body += rule(`.gap${infix}-${size}`, { gap: `${value} !important` });
      body += rule(`.row-gap${infix}-${size}`, { 'row-gap': `${value} !important` });
    }
    for (let n = 1; n <= 6; n++) {
      body += rule(`.row-cols${infix}-${n} > *`, { flex: `0 0 ${+(100 / n).toFixed(6)}%`, 'max-width': `${+(100 / n).toFixed(6)}%` });
    }
    [2.5, 2, 1.75, 1.5, 1.25, 1].forEach((rem, i) => {
      body += rule(`.fs${infix}-${i + 1}`, { 'font-size': `${rem}rem !important` });
    });
    for (const f of ['left', 'right', 'none']) body += rule(`.float${infix}-${f}`, { float: `${f} !important` });
    out += media(bp, min, body);
  }
  for (const size of [25, 50, 75, 100]) {
    out += rule(`.w-${size}`, { width: `${size}% !important` });
    out += rule(`.h-${size}`, { height: `${size}% !important` });
  }
  for (const [name, value] of Object.entries(COLORS)) {
    out += rule(`.text-${name}`, { color: `${value} !important` });
    out += rule(`a.text-${name}:hover, a.text-${name}:focus`, { color: `${shade(value, -0.2)} !important` });
    out += rule(`.bg-${name}`, { 'background-color': `${value} !important` });
    out += rule(`a.bg-${name}:hover, a.bg-${name}:focus, button.bg-${name}:hover, button.bg-${name}:focus`, { 'background-color': `${shade(value, -0.15)} !important` });
    out += rule(`.border-${name}`, { 'border-color': `${value} !important` });
  }
  for (const pos of ['static', 'relative', 'absolute', 'fixed', 'sticky']) out += rule(`.position-${pos}`, { position: `${pos} !important` });
  for (const [name, value] of [['sm', 'var(--shadow-sm)'], ['', 'var(--shadow)'], ['lg', '0 1rem 3rem rgba(29, 42, 53, .175)'], ['none', 'none']]) {
    out += rule(`.shadow${name ? '-' + name : ''}`, { 'box-shadow': `${value} !important` });
  }
  for (const w of [300, 400, 600, 700]) out += rule(`.font-weight-${w}`, { 'font-weight': `${w} !important` });
  return out;
}

function cssButtons() {
  let out = '/* Buttons */\n';
  out += rule('.btn', {
    display: 'inline-block', 'font-weight': '600', color: 'var(--color-dark)', 'text-align': 'center', 'vertical-align': 'middle',
    'user-select': 'none', 'background-color': 'transparent', border: '2px solid transparent', padding: '.5rem 1.25rem',
    'font-size': '1rem', 'line-height': '1.5', 'border-radius': 'var(--radius)',
    transition: 'color .15s ease-in-out, background-color .15s ease-in-out, border-color .15s ease-in-out, box-shadow .15s ease-in-out',
  });
  out += rule('.btn:hover', { 'text-decoration': 'none' });
  out += rule('.btn:disabled, .btn.disabled', { opacity: '.65', 'pointer-events': 'none' });
  for (const [name, value] of Object.entries(COLORS)) {
    const text = ['accent', 'light', 'warning'].includes(name) ? COLORS.dark : '#fff';
    out += rule(`.btn-${name}`, { color: text, 'background-color': value, 'border-color': value });
    out += rule(`.btn-${name}:hover`, { color: text, 'background-color': shade(value, -0.12), 'border-color': shade(value, -0.16) });
    out += rule(`.btn-${name}:focus, .btn-${name}.focus`, { 'box-shadow': `0 0 0 .2rem ${value}80` });
    out += rule(`.btn-outline-${name}`, { color: value, 'border-color': value });
    out += rule(`.btn-outline-${name}:hover`, { color: text, 'background-color': value, 'border-color': value });
  }
  out += rule('.btn-sm', { padding: '.25rem .75rem', 'font-size': '.875rem', 'border-radius': '.25rem' });
  out += rule('.btn-lg', { padding: '.75rem 1.75rem', 'font-size': '1.25rem', 'border-radius': '.5rem' });
  out += rule('.btn-block', { display: 'block', width: '100%' });
  return out;
}

function cssComponents() {
  return `/* Header and navigation */
.header {
  position: sticky;
  top: 0;
  z-index: 100;
  background: #fff;
  box-shadow: var(--shadow-sm);
}
.header .container {
  display: flex;
  align-items: center;
  justify-content: space-between;
  min-height: 72px;
}
.header .logo img {
  display: block;
  height: 48px;
  width: auto;
}
.navigation {
  display: none;
}
.navigation ul {
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;
}
.navigation li + li {
  margin-left: 1.5rem;
}
.navigation a {
  display: block;
  padding: .5rem 0;
  color: var(--color-dark);
  font-weight: 600;
  border-bottom: 3px solid transparent;
}
.navigation a:hover,
.navigation a.active {
  color: var(--color-primary);
  border-bottom-color: var(--color-accent);
  text-decoration: none;
}
.navigation.is-open {
  display: block;
  position: absolute;
  top: 72px;
  left: 0;
  right: 0;
  background: #fff;
  box-shadow: var(--shadow);
}
.navigation.is-open ul {
  flex-direction: column;
  padding: 1rem 15px;
}
.navigation.is-open li + li {
  margin-left: 0;
}
.nav-toggle {
  border: 0;
  background: none;
  font-size: 1.5rem;
  color: var(--color-primary);
  cursor: pointer;
}
@media (min-width: 992px) {
  .navigation {
    display: block;
  }
  .nav-toggle {
    display: none;
  }
}
/* Search box */
.search-box {
  position: relative;
  display: flex;
  max-width: 36rem;
}
.search-box-input {
  flex: 1 1 auto;
  padding: .625rem 1rem;
  border: 2px solid #cfd8e0;
  border-right: 0;
  border-radius: var(--radius) 0 0 var(--radius);
}
.search-box-input:focus {
  border-color: var(--color-primary);
  outline: 0;
}
.search-box-button {
  padding: 0 1rem;
  border: 0;
  border-radius: 0 var(--radius) var(--radius) 0;
  background: var(--color-primary);
  color: #fff;
  cursor: pointer;
}
.search-box-button:hover {
  background: ${shade(COLORS.primary, -0.15)};
}
/* Hero */
.hero {
  padding: 4rem 0 3rem;
  background: var(--color-light) url("../img/pattern.png") repeat;
}
.hero h1 {
  max-width: 40rem;
  color: var(--color-primary);
}
.hero .lead {
  max-width: 40rem;
  font-size: 1.25rem;
  color: var(--color-secondary);
}
/* Breadcrumb */
.breadcrumb {
  display: flex;
  flex-wrap: wrap;
  padding: .75rem 0;
  margin: 0;
  list-style: none;
  font-size: .875rem;
}
.breadcrumb li + li::before {
  content: "/";
  padding: 0 .5rem;
  color: #8a9aa9;
}
/* Cards */
.card {
  position: relative;
  display: flex;
  flex-direction: column;
  min-width: 0;
  height: 100%;
  word-wrap: break-word;
  background-color: #fff;
  border: 1px solid #e1e7ec;
  border-radius: var(--radius);
  box-shadow: var(--shadow-sm);
  transition: box-shadow .2s ease, transform .2s ease;
}
.card:hover {
  box-shadow: var(--shadow);
  transform: translateY(-2px);
}
.card-body {
  flex: 1 1 auto;
  padding: 1.25rem;
}
.card-title {
  margin-bottom: .5rem;
  font-size: 1.125rem;
}
.card-meta {
  display: flex;
  gap: .5rem;
  margin-bottom: .75rem;
  font-size: .8125rem;
  color: var(--color-secondary);
}
.card-footer {
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: .75rem 1.25rem;
  border-top: 1px solid #e1e7ec;
}
.card .subject-icon {
  width: 40px;
  height: 40px;
  margin-bottom: .75rem;
}
/* Lesson plan tray */
.plan-tray {
  margin-top: 2rem;
  padding: 1.5rem;
  border: 2px dashed #cfd8e0;
  border-radius: var(--radius);
  background: #fbfcfd;
}
.plan-tray-empty {
  margin: 0;
  color: var(--color-secondary);
}
.plan-tray-list {
  margin: 0;
  padding: 0;
  list-style: none;
}
.plan-tray-list li {
  display: flex;
  justify-content: space-between;
  padding: .5rem 0;
  border-bottom: 1px solid #e1e7ec;
}
.plan-tray-list li:last-child {
  border-bottom: 0;
}
.add-to-plan[aria-pressed="true"] {
  color: #fff;
  background: var(--color-success);
  border-color: var(--color-success);
}
.badge-new {
  display: inline-block;
  width: 16px;
  height: 16px;
  background: url("../img/bullet.gif") no-repeat;
  vertical-align: text-top;
}
/* Rich text */
.rich-text {
  max-width: 48rem;
}
.rich-text blockquote {
  margin: 1.5rem 0;
  padding: .5rem 1.25rem;
  border-left: 4px solid var(--color-accent);
  color: var(--color-secondary);
  font-style: italic;
}
.rich-text code {
  font-family: var(--font-mono);
  font-size: .875em;
  color: var(--color-danger);
}
.rich-text table {
  width: 100%;
  margin-bottom: 1rem;
  border-collapse: collapse;
}
.rich-text th,
.rich-text td {
  padding: .5rem .75rem;
  border-top: 1px solid #e1e7ec;
  vertical-align: top;
}
.rich-text th {
  background: var(--color-light);
  text-align: left;
}
/* Footer */
.footer {
  margin-top: 4rem;
  padding: 3rem 0 2rem;
  color: #c9d4de;
  background: var(--color-dark);
  font-size: .9375rem;
}
.footer a {
  color: #fff;
}
.footer h2 {
  font-size: 1rem;
  text-transform: uppercase;
  letter-spacing: .06em;
  color: #fff;
}
.footer ul {
  padding: 0;
  list-style: none;
}
.footer .legal {
  margin-top: 2rem;
  padding-top: 1rem;
  border-top: 1px solid rgba(255, 255, 255, .15);
  font-size: .8125rem;
}
/* Forms */
.form-group {
  margin-bottom: 1rem;
}
.form-label {
  display: inline-block;
  margin-bottom: .375rem;
  font-weight: 600;
}
.form-control {
  display: block;
  width: 100%;
  padding: .5rem .75rem;
  color: var(--color-dark);
  background-color: #fff;
  border: 1px solid #cfd8e0;
  border-radius: var(--radius);
  transition: border-color .15s ease-in-out, box-shadow .15s ease-in-out;
}
.form-control:focus {
  border-color: var(--color-primary);
  outline: 0;
  box-shadow: 0 0 0 .2rem rgba(11, 92, 142, .25);
}
.form-control.is-invalid {
  border-color: var(--color-danger);
}
.invalid-feedback {
  display: none;
  margin-top: .25rem;
  font-size: .875rem;
  color: var(--color-danger);
}
.is-invalid ~ .invalid-feedback {
  display: block;
}
/* Alerts */
.alert {
  position: relative;
  padding: .75rem 1.25rem;
  margin-bottom: 1rem;
  border: 1px solid transparent;
  border-radius: var(--radius);
}
${Object.entries(COLORS).map(([name, value]) => rule(`.alert-${name}`, { color: shade(value, -0.4), 'background-color': shade(value, 0.85), 'border-color': shade(value, 0.7) })).join('')}
/* Pagination */
.pagination {
  display: flex;
  padding-left: 0;
  list-style: none;
}
.page-link {
  display: block;
  padding: .5rem .75rem;
  margin-left: -1px;
  line-height: 1.25;
  border: 1px solid #cfd8e0;
}
.page-item:first-child .page-link {
  margin-left: 0;
  border-radius: var(--radius) 0 0 var(--radius);
}
.page-item:last-child .page-link {
  border-radius: 0 var(--radius) var(--radius) 0;
}
.page-item.active .page-link {
  z-index: 1;
  color: #fff;
  background-color: var(--color-primary);
  border-color: var(--color-primary);
}
/* Print */
@media print {
  *,
  *::before,
  *::after {
    text-shadow: none !important;
    box-shadow: none !important;
  }
  a:not(.btn) {
    text-decoration: underline;
  }
  .header,
  .footer,
  .nav-toggle,
  .plan-tray {
    display: none !important;
  }
  @page {
    size: a3;
  }
}
`;
}

function cssSubjects() {
  let out = '/* Subject colour themes */\n';
  for (const [name, value] of Object.entries(SUBJECTS)) {
    out += rule(`.subject-${name} .card`, { 'border-top': `4px solid ${value}` });
    out += rule(`.subject-${name} .card-title a`, { color: shade(value, -0.1) });
    out += rule(`.subject-${name} .badge`, { color: '#fff', 'background-color': value });
    out += rule(`.subject-${name} .btn-subject`, { color: '#fff', 'background-color': value, 'border-color': value });
    out += rule(`.subject-${name} .btn-subject:hover`, { 'background-color': shade(value, -0.15), 'border-color': shade(value, -0.2) });
    out += rule(`.subject-${name} .hero`, { 'background-color': shade(value, 0.9) });
    out += rule(`.subject-${name} .hero h1`, { color: shade(value, -0.2) });
    for (let grade = 0; grade <= 12; grade++) {
      const label = grade === 0 ? 'k' : String(grade);
      out += rule(`.subject-${name} .grade-${label}`, { 'background-color': shade(value, 0.8 - grade * 0.05), color: grade > 7 ? '#fff' : shade(value, -0.5) });
    }
  }
  return out;
}

function makeCss() {
  return [cssBase(), cssGrid(), cssButtons(), cssComponents(), cssSubjects(), cssUtilities()].join('\n');
}

// ---------------------------------------------------------------------------------------------

/** Every generated file, by path relative to the content folder. */
function generatedFiles() {
  const ttf = buildTrueType();
  return {
    'site/section/css/main.css': Buffer.from(makeCss(), 'utf8'),
    'site/section/img/logo.png': makeLogo(),
    'site/section/img/pattern.png': makePattern(),
    'site/section/img/subject-badge.png': makeSubjectBadge(),
    'site/section/img/spacer.gif': SPACER_GIF,
    'site/section/img/bullet.gif': makeBulletGif(),
    'site/section/fonts/lessons-icons.woff': woff1(ttf),
    'site/section/fonts/lessons-icons.woff2': woff2(ttf),
    'site/root/favicon.ico': makeFavicon(),
  };
}

function main() {
  for (const [relative, bytes] of Object.entries(generatedFiles())) {
    const file = path.join(CONTENT, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    console.log(`${relative} ${bytes.length} bytes`);
  }
}

if (require.main === module) main();

module.exports = { generatedFiles, buildTrueType, crc32 };
