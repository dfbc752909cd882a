/*
 * The content blocks of main.css: rich text, footer, forms, alerts (one per palette colour),
 * pagination and the print styles. A file of its own: the second half of the components section,
 * which follows stylesheet-components.js's widgets with no separator between them.
 */
'use strict';

const { COLORS, shade, rule } = require('./stylesheet-theme');

// One template literal of hand-written CSS, hence its length; it continues cssWidgets.
function cssContentBlocks() {
  return `/* Rich text */
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

module.exports = { cssContentBlocks };
