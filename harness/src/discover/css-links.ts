/**
 * The addresses a stylesheet names, read with a real CSS parser (css-tree): every `url()` and
 * `@import`, those inside an `@font-face` `src` marked as fonts. Parse errors are tolerated as a
 * browser tolerates them: the rules around a broken one still count.
 */
import { parse, walk, type CssNode, type WalkContext } from 'css-tree';

export interface CssLink {
  /** `font-face` for a `src` of an `@font-face` rule, otherwise `css`. */
  from: 'css' | 'font-face';
  url: URL;
}

export function cssLinks(css: string, base: string, context: 'stylesheet' | 'declarationList' = 'stylesheet'): CssLink[] {
  const out: CssLink[] = [];
  let ast: CssNode;
  try {
    ast = parse(css, { context, onParseError: () => undefined });
  } catch {
    return out;
  }
  const add = (raw: string, from: CssLink['from']) => {
    try {
      out.push({ from, url: new URL(raw.trim(), base) });
    } catch {
      /* not a URL: nothing to follow */
    }
  };
  walk(ast, {
    enter(this: WalkContext, node: CssNode) {
      if (node.type === 'Url') {
        const fontFace = this.atrule?.name.toLowerCase() === 'font-face' && this.declaration?.property.toLowerCase() === 'src';
        add(node.value, fontFace ? 'font-face' : 'css');
      } else if (node.type === 'String' && this.atrule?.name.toLowerCase() === 'import') add(node.value, 'css');
    },
  });
  return out;
}
