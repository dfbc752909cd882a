/*
 * The site stylesheet (site/section/css/main.css): hand-written components plus the generated
 * grid and utility classes a theme framework ships, which is what makes real site stylesheets
 * about 100 KB. This file puts the sections in their order; each section is built in a module of
 * its own (stylesheet-theme.js holds the tokens and helpers they share).
 */
'use strict';

const { cssBase } = require('./stylesheet-base');
const { cssButtons, cssWidgets, cssSubjects } = require('./stylesheet-components');
const { cssContentBlocks } = require('./stylesheet-content-blocks');
const { cssGrid, cssUtilities } = require('./stylesheet-framework');

function makeCss() {
  // The widgets and the content blocks are one section of main.css: joined with no separator.
  return [cssBase(), cssGrid(), cssButtons(), cssWidgets() + cssContentBlocks(), cssSubjects(), cssUtilities()].join('\n');
}

module.exports = { makeCss };
