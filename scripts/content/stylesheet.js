/*
 * The site stylesheet (site/section/css/main.css): hand-written components plus the generated
 * grid and utility classes a theme framework ships, which is what makes real site stylesheets
 * about 100 KB.
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
${Object.entries(COLORS)
  .map(([k, v]) => `  --color-${k}: ${v};`)
  .join('\n')}
${Object.entries(SUBJECTS)
  .map(([k, v]) => `  --subject-${k}: ${v};`)
  .join('\n')}
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
  out += rule('.container, .container-fluid', {
    width: '100%',
    'padding-right': '15px',
    'padding-left': '15px',
    'margin-right': 'auto',
    'margin-left': 'auto',
  });
  for (const [bp, min, width] of [
    ['sm', 576, 540],
    ['md', 768, 720],
    ['lg', 992, 960],
    ['xl', 1200, 1140],
  ]) {
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
  const sides = [
    ['', ['']],
    ['t', ['-top']],
    ['r', ['-right']],
    ['b', ['-bottom']],
    ['l', ['-left']],
    ['x', ['-right', '-left']],
    ['y', ['-top', '-bottom']],
  ];
  for (const [bp, min] of BREAKPOINTS) {
    const infix = bp ? `-${bp}` : '';
    let body = '';
    for (const display of ['none', 'inline', 'inline-block', 'block', 'table', 'table-row', 'table-cell', 'flex', 'inline-flex', 'grid']) {
      body += rule(`.d${infix}-${display}`, { display: `${display} !important` });
    }
    for (const [prop, abbrev] of [
      ['margin', 'm'],
      ['padding', 'p'],
    ]) {
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
    for (const [name, value] of [
      ['start', 'flex-start'],
      ['end', 'flex-end'],
      ['center', 'center'],
      ['between', 'space-between'],
      ['around', 'space-around'],
    ]) {
      body += rule(`.justify-content${infix}-${name}`, { 'justify-content': `${value} !important` });
    }
    for (const [name, value] of [
      ['start', 'flex-start'],
      ['end', 'flex-end'],
      ['center', 'center'],
      ['baseline', 'baseline'],
      ['stretch', 'stretch'],
    ]) {
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
    out += rule(`a.bg-${name}:hover, a.bg-${name}:focus, button.bg-${name}:hover, button.bg-${name}:focus`, {
      'background-color': `${shade(value, -0.15)} !important`,
    });
    out += rule(`.border-${name}`, { 'border-color': `${value} !important` });
  }
  for (const pos of ['static', 'relative', 'absolute', 'fixed', 'sticky']) out += rule(`.position-${pos}`, { position: `${pos} !important` });
  for (const [name, value] of [
    ['sm', 'var(--shadow-sm)'],
    ['', 'var(--shadow)'],
    ['lg', '0 1rem 3rem rgba(29, 42, 53, .175)'],
    ['none', 'none'],
  ]) {
    out += rule(`.shadow${name ? '-' + name : ''}`, { 'box-shadow': `${value} !important` });
  }
  for (const w of [300, 400, 600, 700]) out += rule(`.font-weight-${w}`, { 'font-weight': `${w} !important` });
  return out;
}

function cssButtons() {
  let out = '/* Buttons */\n';
  out += rule('.btn', {
    display: 'inline-block',
    'font-weight': '600',
    color: 'var(--color-dark)',
    'text-align': 'center',
    'vertical-align': 'middle',
    'user-select': 'none',
    'background-color': 'transparent',
    border: '2px solid transparent',
    padding: '.5rem 1.25rem',
    'font-size': '1rem',
    'line-height': '1.5',
    'border-radius': 'var(--radius)',
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
${Object.entries(COLORS)
  .map(([name, value]) => rule(`.alert-${name}`, { color: shade(value, -0.4), 'background-color': shade(value, 0.85), 'border-color': shade(value, 0.7) }))
  .join('')}
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

module.exports = { makeCss };
