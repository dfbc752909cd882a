/*
 * The stylesheet's design tokens and the helpers every section of it is written with: the
 * breakpoints, spacers, palette and subject colours, a colour shade, a rule and a media query. A
 * file of its own because every other stylesheet-*.js module builds on them.
 */
'use strict';

const BREAKPOINTS = [
  ['', 0],
  ['sm', 576],
  ['md', 768],
  ['lg', 992],
  ['xl', 1200],
];
const SPACERS = [
  ['0', '0'],
  ['1', '.25rem'],
  ['2', '.5rem'],
  ['3', '1rem'],
  ['4', '1.5rem'],
  ['5', '3rem'],
  ['auto', 'auto'],
];
const COLORS = {
  primary: '#0b5c8e',
  secondary: '#5a6b7b',
  accent: '#f2a900',
  success: '#2e7d32',
  info: '#0277bd',
  warning: '#ef6c00',
  danger: '#c62828',
  light: '#f4f7fa',
  dark: '#1d2a35',
};
const SUBJECTS = {
  math: '#3f51b5',
  science: '#00897b',
  'english-language-arts': '#8e24aa',
  'social-studies': '#6d4c41',
  arts: '#d81b60',
  'health-pe': '#43a047',
  'world-languages': '#f4511e',
  technology: '#546e7a',
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
  return `${selector} {\n${Object.entries(decls)
    .map(([k, v]) => `  ${k}: ${v};`)
    .join('\n')}\n}\n`;
}

module.exports = { BREAKPOINTS, SPACERS, COLORS, SUBJECTS, shade, media, rule };
