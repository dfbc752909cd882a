/**
 * A captured field value as what it means, for the fields whose text a deployment may write
 * otherwise and mean the same: a policy as a set of directives (its own tag-management host as any
 * host, a mapped role's origin as its placeholder), a lifetime within its calendar span (a year is
 * 365 to 366 days), a Link by its relation and the shape of its address (the host is the
 * deployment's). Values are read with placeholders already applied (`{analytics_url}`).
 */
import { headerLinks } from '../discover/link-header';
import { ANY_HOST, isHostSource, parseDirectives, type DirectiveSeparator, type DirectiveValue } from '../spec-model/directives';
import type { MatcherSpec } from '../spec-model/types';
import { generalizeText, type ValueContext } from './generalize';
import { lifetimeWindow } from './lifetime';
import { escapeRegex } from './role-mapping';

/** Fields that are a set of directives, and how they are separated. */
const DIRECTIVE_FIELDS: Readonly<Record<string, DirectiveSeparator>> = {
  'content-security-policy': ';',
  'content-security-policy-report-only': ';',
  'feature-policy': ';',
  'strict-transport-security': ';',
  'permissions-policy': ',',
  'cache-control': ',',
};

/** Directives whose value is a number of seconds: a lifetime, compared within its calendar span. */
const LIFETIMES = new Set(['max-age', 's-maxage', 'stale-while-revalidate', 'stale-if-error']);

const PLACEHOLDER = /^\{[a-z]+_url(?:_[0-9]+)?\}$/;

/** One directive's tokens as meaning: a host the deployment chose is any host; a role's origin stays its placeholder. */
function tokensOf(tokens: readonly string[]): string[] {
  return tokens.map((t) => (PLACEHOLDER.test(t) ? t : isHostSource(t) ? ANY_HOST : t));
}

/** The directives of a captured value as a `directives` matcher; undefined for a field that is not a directive list. */
export function directivesMatcher(name: string, value: string): MatcherSpec | undefined {
  const separator = DIRECTIVE_FIELDS[name];
  if (!separator) return undefined;
  const parsed = parseDirectives(value, separator);
  if (parsed.size === 0) return undefined;
  const directives: Record<string, DirectiveValue> = {};
  for (const [directive, tokens] of parsed) {
    const seconds = tokens.length === 1 && /^[0-9]+$/.test(tokens[0]) ? Number(tokens[0]) : undefined;
    if (LIFETIMES.has(directive) && seconds !== undefined) {
      const w = lifetimeWindow(seconds);
      directives[directive] = seconds === 0 ? { min: 0, max: 0 } : { min: w.min, max: w.max };
    } else directives[directive] = tokensOf(tokens);
  }
  return separator === ',' ? { directives, separator } : { directives };
}

/** A regex for text that may hold placeholders (kept as they are: the regex matcher fills them). */
function textRegex(text: string): string {
  return text
    .split(/(\{\{[A-Za-z_][A-Za-z0-9_]*\}\}|\{[a-z]+_url(?:_[0-9]+)?\}|\{section\})/)
    .map((part, i) => (i % 2 ? part : escapeRegex(part)))
    .join('');
}

/** A Link field as its relations, each to any host and the path the capture showed (with the discovered address's parts as variables). */
export function linksMatcher(value: string, ctx: ValueContext): MatcherSpec | undefined {
  // A mapped role's origin, already its placeholder (`<{asset_url}/a.css>`), is an origin like any other: its host is not kept.
  const refs = headerLinks([value.replace(/<\{[a-z]+_url(?:_[0-9]+)?\}/g, '<https://origin.invalid')], 'https://link.invalid/');
  if (refs.length === 0 || refs.some((r) => !r.rel)) return undefined;
  return {
    links: refs.map((r) => {
      const rest = `${r.url.pathname}${r.url.search}`;
      const g = generalizeText(rest, ctx);
      const tail = g.regex ? g.regex.slice(1, -1) : textRegex(g.text);
      return { rel: r.rel!, href: { regex: `^https?://[^/?#]+${tail}$` } };
    }),
  };
}
