/*
 * The grid and the utility classes a theme framework generates (columns, order, offsets, display,
 * spacing, flex, text, colours, shadows), one copy per breakpoint: the bulk of main.css, which is
 * what makes a real site stylesheet about 100 KB. A file of its own because it is all generated.
 */
'use strict';

const { BREAKPOINTS, SPACERS, COLORS, shade, media, rule } = require('./stylesheet-theme');

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

// The utility classes (spacing by side and size, display, flex, text, colours) as a framework emits
// them, in its order: long as a table of generated rules is, and its output is compared byte for byte.
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

module.exports = { cssGrid, cssUtilities };
