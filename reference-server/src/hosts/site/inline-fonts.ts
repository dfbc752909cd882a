import * as path from 'node:path';

/*
 * Where a deployment declares its fonts is its own choice: the reference in its linked stylesheet
 * (with a preload link on the page), the second deployment in an inline `<style>` of the home page.
 * A browser finds the fonts either way; so must anything that reads the pages.
 */

const FONT_FACE = /@font-face\s*\{[^}]*\}\s*/g;

/** The `@font-face` rules of a stylesheet, and the stylesheet without them. */
export function splitFontFaces(css: string): { fontFaces: string[]; rest: string } {
  const fontFaces = (css.match(FONT_FACE) ?? []).map((rule) => rule.trim());
  return { fontFaces, rest: fontFaces.length ? css.replace(FONT_FACE, '') : css };
}

/** A rule's relative `url()`s written from the page's point of view: `../fonts/x` of `/s/css/` is `/s/fonts/x`. */
export function fromStylesheet(rule: string, stylesheetDir: string): string {
  return rule.replace(/url\(\s*(["']?)([^"')]+)\1\s*\)/g, (whole, quote: string, url: string) =>
    /^([a-z][a-z0-9+.-]*:|\/)/i.test(url) ? whole : `url(${quote}${path.posix.join(stylesheetDir, url)}${quote})`,
  );
}

const FONT_PRELOAD = /[ \t]*<link\b[^>]*\brel="preload"[^>]*\bas="font"[^>]*>\r?\n?/g;

/**
 * The page with the rules in an inline `<style>` at the end of its head, and without its font
 * preload links (the inline rules are the only place the page names its fonts).
 */
export function inlineFontFaces(page: string, fontFaces: readonly string[]): string {
  if (fontFaces.length === 0) return page;
  const style = `    <style>\n${fontFaces.map((r) => r.replace(/^/gm, '        ')).join('\n')}\n    </style>\n`;
  return page.replace(FONT_PRELOAD, '').replace(/<\/head>/i, `${style}</head>`);
}
