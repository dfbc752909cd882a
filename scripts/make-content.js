#!/usr/bin/env node
/*
 * Writes the generated files of reference-server/content: the site stylesheet, PNG/GIF images,
 * the favicon and the icon font (TrueType wrapped as WOFF and WOFF2). Output is deterministic, so
 * re-running it leaves the committed files unchanged. Hand-written content (HTML, JS, SVG) lives
 * in the content folder itself.
 *
 * One module per kind of content, under scripts/content/: stylesheet.js (main.css), images.js
 * (PNGs and the favicon), gifs.js, fonts.js (the icon font); binary.js holds the byte, CRC-32 and
 * PNG helpers they share with scripts/make-shop-content.js.
 *
 * Usage: node scripts/make-content.js
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { crc32 } = require('./content/binary');
const { woff1, woff2 } = require('./content/font-woff');
const { buildTrueType } = require('./content/fonts');
const { SPACER_GIF, makeBulletGif } = require('./content/gifs');
const { makeFavicon, makeLogo, makePattern, makeSubjectBadge } = require('./content/images');
const { makeCss } = require('./content/stylesheet');

const CONTENT = path.resolve(__dirname, '../reference-server/content');

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
