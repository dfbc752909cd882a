/*
 * The site's icon font (site/section/fonts/): a TrueType font with a few private-use glyphs, as
 * icon fonts on such sites are, wrapped as WOFF 1.0 (zlib per table) and WOFF2 (null transforms,
 * one Brotli stream).
 */
'use strict';

const zlib = require('node:zlib');
const { u8, u16, i16, u32, pad4 } = require('./binary');

const UPM = 1000;

/** A circle as on-curve points at 45 degree steps with quadratic control points between. */
function circleContour(cx, cy, r, clockwise) {
  const pts = [];
  const ctrl = r / Math.cos(Math.PI / 8);
  for (let k = 0; k < 8; k++) {
    const a = ((clockwise ? -1 : 1) * (k * Math.PI)) / 4;
    const b = ((clockwise ? -1 : 1) * ((k + 0.5) * Math.PI)) / 4;
    pts.push([Math.round(cx + r * Math.cos(a)), Math.round(cy + r * Math.sin(a)), true]);
    pts.push([Math.round(cx + ctrl * Math.cos(b)), Math.round(cy + ctrl * Math.sin(b)), false]);
  }
  return pts;
}

const rect = (x0, y0, x1, y1) => [
  [x0, y0, true],
  [x0, y1, true],
  [x1, y1, true],
  [x1, y0, true],
]; // clockwise
const poly = (pts) => pts.map(([x, y]) => [x, y, true]);
const rotated = (pts, cx, cy, deg) => {
  const a = (deg * Math.PI) / 180;
  return pts.map(([x, y, on]) => [
    Math.round(cx + (x - cx) * Math.cos(a) - (y - cy) * Math.sin(a)),
    Math.round(cy + (x - cx) * Math.sin(a) + (y - cy) * Math.cos(a)),
    on,
  ]);
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
  {
    name: 'search',
    code: 0xe001,
    advance: UPM,
    contours: [circleContour(420, 420, 300, true), circleContour(420, 420, 210, false), rotated(rect(640, 40, 740, 340), 690, 190, 45)],
  },
  { name: 'menu', code: 0xe002, advance: UPM, contours: [rect(100, 540, 900, 640), rect(100, 290, 900, 390), rect(100, 40, 900, 140)] },
  {
    name: 'chevron-right',
    code: 0xe003,
    advance: UPM,
    contours: [
      poly([
        [330, 760],
        [420, 850],
        [850, 420],
        [420, -10],
        [330, 80],
        [670, 420],
      ]),
    ],
  },
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
  for (const c of g.contours) {
    n += c.length;
    ends.push(n - 1);
  }
  const pts = g.contours.flat();
  const flags = pts.map((p) => u8(p[2] ? 1 : 0)); // x and y as signed 16-bit deltas
  const xs = [];
  const ys = [];
  let px = 0;
  let py = 0;
  for (const [x, y] of pts) {
    xs.push(i16(x - px));
    ys.push(i16(y - py));
    px = x;
    py = y;
  }
  const data = Buffer.concat([i16(g.contours.length), i16(b.xMin), i16(b.yMin), i16(b.xMax), i16(b.yMax), ...ends.map(u16), u16(0), ...flags, ...xs, ...ys]);
  return data.length % 2 ? Buffer.concat([data, Buffer.alloc(1)]) : data;
}

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
    Buffer.from('wOFF', 'ascii'),
    u32(0x00010000),
    u32(offset),
    u16(tags.length),
    u16(0),
    u32(font.length),
    u16(1),
    u16(0),
    u32(0),
    u32(0),
    u32(0),
    u32(0),
    u32(0),
  ]);
  return Buffer.concat([header, ...dir, ...parts]);
}

function base128(v) {
  const bytes = [v & 0x7f];
  v = Math.floor(v / 128);
  while (v > 0) {
    bytes.unshift((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  return Buffer.from(bytes);
}

const WOFF2_KNOWN_TAGS = [
  'cmap',
  'head',
  'hhea',
  'hmtx',
  'maxp',
  'name',
  'OS/2',
  'post',
  'cvt ',
  'fpgm',
  'glyf',
  'loca',
  'prep',
  'CFF ',
  'VORG',
  'EBDT',
  'EBLC',
  'gasp',
  'hdmx',
  'kern',
  'LTSH',
  'PCLT',
  'VDMX',
  'vhea',
  'vmtx',
  'BASE',
  'GDEF',
  'GPOS',
  'GSUB',
  'EBSC',
  'JSTF',
  'MATH',
  'CBDT',
  'CBLC',
  'COLR',
  'CPAL',
  'SVG ',
  'sbix',
  'acnt',
  'avar',
  'bdat',
  'bloc',
  'bsln',
  'cvar',
  'fdsc',
  'feat',
  'fmtx',
  'fvar',
  'gvar',
  'hsty',
  'just',
  'lcar',
  'mort',
  'morx',
  'opbd',
  'prop',
  'trak',
  'Zapf',
  'Silf',
  'Glat',
  'Gloc',
  'Feat',
  'Sill',
];

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
    Buffer.from('wOF2', 'ascii'),
    u32(0x00010000),
    u32(total),
    u16(tags.length),
    u16(0),
    u32(font.length),
    u32(compressed.length),
    u16(1),
    u16(0),
    u32(0),
    u32(0),
    u32(0),
    u32(0),
    u32(0),
  ]);
  return Buffer.concat([header, directory, compressed, Buffer.alloc(total - unpadded)]);
}

module.exports = { buildTrueType, woff1, woff2 };
