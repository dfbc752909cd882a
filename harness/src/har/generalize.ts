/**
 * A captured value as the service's contract rather than one deployment's snapshot: the origins
 * of mapped roles become their placeholders, a host no role maps keeps its name but not its port,
 * another name of a role (a redirect hop) is any host, and the discovered address a value echoes
 * (a canonical Link, a Content-Disposition file name) becomes the flow variables the replay sets
 * from the address it found ({{found}}, {{found_path}}, {{file}}).
 */
import type { MatcherSpec } from '../spec-model/types';
import { escapeRegex, type Placeholderizer } from './role-mapping';

export interface ValueContext {
  ph: Placeholderizer;
  /** Captured text (placeholders applied) -> the variable that stands for it, longest first. */
  found?: ReadonlyArray<readonly [string, string]>;
}

const MARK_OPEN = '\u0001';
const MARK_CLOSE = '\u0002';
const PLACEHOLDER = /\{\{[A-Za-z_][A-Za-z0-9_]*\}\}|\{value:[A-Za-z_][A-Za-z0-9_]*\}|\{[a-z]+_url(?:_[0-9]+)?\}|\{section\}/y;
/** An origin left as captured: a host no role maps, with its port. */
const ORIGIN = /(https?):\/\/([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(:[0-9]+)/iy;
const ANY_HOST = '[A-Za-z0-9.-]+(?::[0-9]+)?';

/** The value with placeholders and variables in place; `regex` when a part of it may differ (a port, a hop's host). */
export function generalizeText(raw: string, ctx: ValueContext): { text: string; regex?: string } {
  let text = ctx.ph.apply(raw);
  for (const [captured, variable] of ctx.found ?? []) if (captured && text.includes(captured)) text = text.split(captured).join(variable);
  let regex = '';
  let needsRegex = false;
  for (let i = 0; i < text.length; ) {
    if (text[i] === MARK_OPEN) {
      const close = text.indexOf(MARK_CLOSE, i);
      const scheme = /^(https?):\/\//.exec(text.slice(i + 1, close))?.[1] ?? 'https';
      regex += `${scheme}://${ANY_HOST}`;
      needsRegex = true;
      i = close + 1;
      continue;
    }
    PLACEHOLDER.lastIndex = i;
    const p = PLACEHOLDER.exec(text);
    if (p) {
      regex += p[0];
      i += p[0].length;
      continue;
    }
    ORIGIN.lastIndex = i;
    const o = ORIGIN.exec(text);
    if (o && (i === 0 || !/[A-Za-z0-9+.-]/.test(text[i - 1]))) {
      regex += `${escapeRegex(`${o[1]}://${o[2]}`)}(?::[0-9]+)?`;
      needsRegex = true;
      i += o[0].length;
      continue;
    }
    regex += escapeRegex(text[i]);
    i++;
  }
  const shown = text.replace(new RegExp(`${MARK_OPEN}([^${MARK_CLOSE}]*)${MARK_CLOSE}`, 'g'), '$1');
  return needsRegex ? { text: shown, regex: `^${regex}$` } : { text: shown };
}

/** The value as a matcher: a literal (placeholders filled at run time) or an anchored regex. */
export function generalizedMatcher(raw: string, ctx: ValueContext): MatcherSpec {
  const g = generalizeText(raw, ctx);
  return g.regex ? { regex: g.regex } : g.text;
}
