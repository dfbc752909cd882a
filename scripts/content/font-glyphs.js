/*
 * The icon font's glyphs: their outlines (circles, rectangles, polygons, a star, in font units of
 * UPM per em), the glyph list with code points and advances, and each glyph's bounds and `glyf`
 * data. A file of its own: what the font draws, apart from the tables that wrap it (fonts.js).
 */
'use strict';

const { u8, u16, i16 } = require('./binary');

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

module.exports = { UPM, GLYPHS, glyphBounds, glyphData };
