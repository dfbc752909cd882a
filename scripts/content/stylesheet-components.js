/*
 * The site's own components as main.css styles them: the buttons (one set per palette colour), the
 * header and navigation, search box, hero, breadcrumb, lesson cards and plan tray, and the subject
 * colour themes over them. A file of its own: the widgets of the lesson pages, apart from the
 * content blocks (stylesheet-content-blocks.js) and the generated framework classes.
 */
'use strict';

const { COLORS, SUBJECTS, shade, rule } = require('./stylesheet-theme');

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

// One template literal of hand-written CSS, hence its length; cssContentBlocks continues it.
function cssWidgets() {
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

module.exports = { cssButtons, cssWidgets, cssSubjects };
