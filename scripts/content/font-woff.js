/*
 * The icon font's web wrappers: WOFF 1.0 (each table zlib-compressed on its own) and WOFF2 (null
 * transforms, every table in one Brotli stream). A file of its own: they take a finished TrueType
 * font (fonts.js) and only re-package its tables.
 */
'use strict';

const zlib = require('node:zlib');
const { u8, u16, u32, pad4 } = require('./binary');

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

module.exports = { woff1, woff2 };
