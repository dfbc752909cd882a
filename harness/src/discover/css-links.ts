/**
 * The addresses a stylesheet names, read with a real CSS parser (css-tree): every `url()` and
 * `@import`, those inside an `@font-face` `src` marked as fonts, those an `@import` names marked
 * as stylesheets the browser loads too. Parse errors are tolerated as a browser tolerates them:
 * the rules around a broken one still count.
 */
import { createRequire } from 'node:module';
import type { CssNode, WalkContext } from 'css-tree';

// css-tree is loaded on the first stylesheet read, not at import: the Playwright workers import the
// discovery through the replay but get their addresses from the set-up, and never parse CSS
// (about 0.1 s of CPU each).
const requireHere = createRequire(__filename);

export interface CssLink {
  /** `font-face` for a `src` of an `@font-face` rule, otherwise `css`. */
  from: 'css' | 'font-face';
  url: URL;
  /** The address of an `@import`: a stylesheet of its own. */
  imports?: true;
}

export function cssLinks(css: string, base: string, context: 'stylesheet' | 'declarationList' = 'stylesheet'): CssLink[] {
  const out: CssLink[] = [];
  const { parse, walk } = requireHere('css-tree') as typeof import('css-tree');
  let ast: CssNode;
  try {
    ast = parse(css, { context, onParseError: () => undefined });
  } catch {
    return out;
  }
  const add = (raw: string, from: CssLink['from'], imports = false) => {
    try {
      out.push({ from, url: new URL(raw.trim(), base), ...(imports ? { imports: true as const } : {}) });
    } catch {
      /* not a URL: nothing to follow */
    }
  };
  const importSeen = new Set<object>();
  walk(ast, {
    enter(this: WalkContext, node: CssNode) {
      const atrule = this.atrule?.name.toLowerCase();
      // The first url() or string of an @import's prelude is the stylesheet; a url() in its
      // media or supports() condition is not.
      const imported = atrule === 'import' && this.atrulePrelude !== null && !importSeen.has(this.atrule!);
      if (node.type === 'Url') {
        const fontFace = atrule === 'font-face' && this.declaration?.property.toLowerCase() === 'src';
        if (imported) importSeen.add(this.atrule!);
        add(node.value, fontFace ? 'font-face' : 'css', imported);
      } else if (node.type === 'String' && imported) {
        importSeen.add(this.atrule!);
        add(node.value, 'css', true);
      }
    },
  });
  return out;
}
