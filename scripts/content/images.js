/*
 * The site's raster images: the logo, the background pattern and the subject badge (PNG, under
 * site/section/img/) and the favicon (an ICO wrapping a PNG, site/root/favicon.ico), drawn on an
 * RGBA canvas with 4x4 supersampled coverage for smooth edges.
 */
'use strict';

const { png, u8, u16le, u32le } = require('./binary');

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
  fillShape(
    c,
    color,
    (px, py) => {
      const dx = Math.max(x + r - px, 0, px - (x + w - r));
      const dy = Math.max(y + r - py, 0, py - (y + h - r));
      return px >= x && px <= x + w && py >= y && py <= y + h && dx * dx + dy * dy <= r * r;
    },
    [x - 1, y - 1, x + w + 1, y + h + 1],
  );
}

function circle(c, color, cx, cy, r) {
  fillShape(c, color, (px, py) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r, [cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1]);
}

function polygon(c, color, pts) {
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  fillShape(
    c,
    color,
    (px, py) => {
      let inside = false;
      for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
        const [xi, yi] = pts[i];
        const [xj, yj] = pts[j];
        if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    },
    [Math.min(...xs) - 1, Math.min(...ys) - 1, Math.max(...xs) + 1, Math.max(...ys) + 1],
  );
}

const BRAND = [0x0b, 0x5c, 0x8e, 255];
const ACCENT = [0xf2, 0xa9, 0x00, 255];
const WHITE = [255, 255, 255, 255];

/** An open book: two pages on a rounded tile. */
function drawBook(c, x, y, size) {
  const s = size / 32;
  roundRect(c, BRAND, x, y, size, size, 6 * s);
  polygon(c, WHITE, [
    [x + 5 * s, y + 9 * s],
    [x + 15 * s, y + 11 * s],
    [x + 15 * s, y + 25 * s],
    [x + 5 * s, y + 23 * s],
  ]);
  polygon(c, WHITE, [
    [x + 17 * s, y + 11 * s],
    [x + 27 * s, y + 9 * s],
    [x + 27 * s, y + 23 * s],
    [x + 17 * s, y + 25 * s],
  ]);
  polygon(c, ACCENT, [
    [x + 20 * s, y + 10.4 * s],
    [x + 23 * s, y + 9.8 * s],
    [x + 23 * s, y + 16 * s],
    [x + 21.5 * s, y + 14.5 * s],
    [x + 20 * s, y + 16 * s],
  ]);
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
  for (const [cx, cy] of [
    [16, 16],
    [48, 48],
    [48, 16],
    [16, 48],
  ])
    circle(c, [0x0b, 0x5c, 0x8e, 28], cx, cy, 3);
  circle(c, [0xf2, 0xa9, 0x00, 40], 32, 32, 5);
  return png(c);
}

function makeSubjectBadge() {
  const c = canvas(96, 96);
  circle(c, [0xe8, 0xf1, 0xf7, 255], 48, 48, 46);
  polygon(c, BRAND, [
    [28, 66],
    [48, 26],
    [68, 66],
  ]);
  circle(c, ACCENT, 48, 56, 8);
  return png(c);
}

function makeFavicon() {
  const c = canvas(32, 32);
  drawBook(c, 0, 0, 32);
  const image = png(c);
  // ICONDIR + one ICONDIRENTRY whose data is a PNG (valid since Windows Vista, read by browsers).
  return Buffer.concat([u16le(0), u16le(1), u16le(1), u8(32), u8(32), u8(0), u8(0), u16le(1), u16le(32), u32le(image.length), u32le(6 + 16), image]);
}

module.exports = { makeLogo, makePattern, makeSubjectBadge, makeFavicon };
