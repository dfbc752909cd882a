/*
 * The site's icon font (site/section/fonts/): a TrueType font with a few private-use glyphs, as
 * icon fonts on such sites are, wrapped as WOFF 1.0 (zlib per table) and WOFF2 (null transforms,
 * one Brotli stream).
 *
 * This file builds the TrueType font: its tables (cmap, name, head and the metrics) around the
 * glyphs of font-glyphs.js; font-woff.js wraps the result as WOFF and WOFF2.
 */
'use strict';

const { u16, i16, u32, pad4 } = require('./binary');
const { UPM, GLYPHS, glyphBounds, glyphData } = require('./font-glyphs');

function utf16be(s) {
  const b = Buffer.from(s, 'utf16le');
  for (let i = 0; i < b.length; i += 2) {
    const t = b[i];
    b[i] = b[i + 1];
    b[i + 1] = t;
  }
  return b;
}

function nameTable(names) {
  const ids = Object.keys(names)
    .map(Number)
    .sort((a, b) => a - b);
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
  const mapped = GLYPHS.map((g, gid) => ({ code: g.code, gid }))
    .filter((m) => m.code !== undefined)
    .sort((a, b) => a.code - b.code);
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
    u16(4),
    u16(16 + 8 * segCount),
    u16(0),
    u16(segCount * 2),
    u16(searchRange),
    u16(log),
    u16(segCount * 2 - searchRange),
    ...segments.map((s) => u16(s.end)),
    u16(0),
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

// Every table written out field by field, in the order of the OpenType spec, hence the length.
function buildTrueType() {
  const glyphs = GLYPHS.map(glyphData);
  const loca = [0];
  for (const g of glyphs) loca.push(loca[loca.length - 1] + g.length);
  const bounds = GLYPHS.map(glyphBounds);
  const real = bounds.filter(Boolean);
  const all = {
    xMin: Math.min(...real.map((b) => b.xMin)),
    yMin: Math.min(...real.map((b) => b.yMin)),
    xMax: Math.max(...real.map((b) => b.xMax)),
    yMax: Math.max(...real.map((b) => b.yMax)),
  };
  const advances = GLYPHS.map((g) => g.advance);
  const lsbs = bounds.map((b) => (b ? b.xMin : 0));
  const rsbs = GLYPHS.map((g, i) => (bounds[i] ? g.advance - bounds[i].xMax : null)).filter((v) => v !== null);
  const extents = bounds.filter(Boolean).map((b) => b.xMax);
  const maxPoints = Math.max(...GLYPHS.map((g) => g.contours.flat().length));
  const maxContours = Math.max(...GLYPHS.map((g) => g.contours.length));

  const tables = {
    'OS/2': Buffer.concat([
      u16(4),
      i16(Math.round(advances.reduce((a, b) => a + b, 0) / advances.length)),
      u16(400),
      u16(5),
      u16(0),
      i16(650),
      i16(600),
      i16(0),
      i16(75),
      i16(650),
      i16(600),
      i16(0),
      i16(350),
      i16(50),
      i16(300),
      i16(0),
      Buffer.alloc(10),
      u32(1),
      u32(1 << 28),
      u32(0),
      u32(0), // Basic Latin; Private Use Area (bit 60)
      Buffer.from('LSNS', 'ascii'),
      u16(0x0040),
      u16(0x20),
      u16(0xe006),
      i16(800),
      i16(-200),
      i16(0),
      u16(Math.max(800, all.yMax)),
      u16(Math.max(200, -all.yMin)),
      u32(1),
      u32(0),
      i16(500),
      i16(700),
      u16(0),
      u16(0x20),
      u16(0),
    ]),
    cmap: cmapTable(),
    glyf: Buffer.concat(glyphs),
    head: Buffer.concat([
      u32(0x00010000),
      u32(0x00010000),
      u32(0),
      u32(0x5f0f3cf5),
      u16(0x0003),
      u16(UPM),
      longDateTime(FONT_DATE),
      longDateTime(FONT_DATE),
      i16(all.xMin),
      i16(all.yMin),
      i16(all.xMax),
      i16(all.yMax),
      u16(0),
      u16(8),
      i16(2),
      i16(0),
      i16(0),
    ]),
    hhea: Buffer.concat([
      u32(0x00010000),
      i16(800),
      i16(-200),
      i16(0),
      u16(Math.max(...advances)),
      i16(Math.min(...real.map((b) => b.xMin))),
      i16(Math.min(...rsbs)),
      i16(Math.max(...extents)),
      i16(1),
      i16(0),
      i16(0),
      i16(0),
      i16(0),
      i16(0),
      i16(0),
      i16(0),
      u16(GLYPHS.length),
    ]),
    hmtx: Buffer.concat(GLYPHS.map((g, i) => Buffer.concat([u16(advances[i]), i16(lsbs[i])]))),
    loca: Buffer.concat(loca.map((o) => u16(o / 2))),
    maxp: Buffer.concat([
      u32(0x00010000),
      u16(GLYPHS.length),
      u16(maxPoints),
      u16(maxContours),
      u16(0),
      u16(0),
      u16(2),
      u16(0),
      u16(0),
      u16(0),
      u16(0),
      u16(0),
      u16(0),
      u16(0),
      u16(0),
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

  const tags = Object.keys(tables).sort((a, b) => Buffer.from(a).compare(Buffer.from(b)));
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

module.exports = { buildTrueType };
