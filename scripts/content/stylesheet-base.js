/*
 * The stylesheet's first section: the banner, the icon @font-face, the custom properties, the
 * element reset and base typography, and the icon classes. A file of its own because it is one
 * hand-written template, the part of main.css every page relies on before any component.
 */
'use strict';

const { COLORS, SUBJECTS, shade } = require('./stylesheet-theme');

// One template literal of hand-written CSS, hence its length.
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

module.exports = { cssBase };
