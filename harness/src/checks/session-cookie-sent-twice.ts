import type { ObservedCookie } from '../spec-model/observed';
import type { Check } from './types';
import { finding } from './util';

/** The cookies the description names; the session cookie is the one it does not (its name "carries the hosting platform name"). */
export const NAMED_SITE_COOKIES: ReadonlySet<string> = new Set([
  'SC_ANALYTICS_GLOBAL_COOKIE',
  '__RequestVerificationToken',
  'sxa_site',
  'ARRAffinity',
  'ARRAffinitySameSite',
  'MyLessonPlan-Items',
]);

const VALUE = /^[a-z0-9]{24}$/;

function describe(c: ObservedCookie): string {
  return [
    `${c.name}=<${c.value.length} chars>`,
    `path=${c.path ?? '(none)'}`,
    c.httpOnly ? 'HttpOnly' : 'no HttpOnly',
    `SameSite=${c.sameSite ?? '(none)'}`,
  ].join('; ');
}

/**
 * Found by meaning, not by name: some cookie other than the named ones, set on exactly two
 * Set-Cookie lines of one response, each with a 24-character lowercase alphanumeric value, Path=/,
 * HttpOnly and SameSite=Lax (attribute order and case are the sender's).
 */
export const sessionCookieSentTwice: Check = {
  id: 'cookie/session-cookie-sent-twice',
  title: 'A session cookie (any name) is set twice with a 24-character lowercase alphanumeric value, path=/, HttpOnly, SameSite=Lax',
  clause:
    'Service description, Cookies set by {base_url}: session cookie "its name carries the hosting platform name" | GET / | "<24 lowercase alphanumeric chars>" | ' +
    '"path=/; HttpOnly; SameSite=Lax (sent twice in one response)".',
  source: 'capture',
  level: 'must',
  run(ex) {
    const byName = new Map<string, ObservedCookie[]>();
    for (const c of ex.cookies) if (!NAMED_SITE_COOKIES.has(c.name)) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
    const fits = (c: ObservedCookie) => VALUE.test(c.value) && c.path === '/' && c.httpOnly && c.sameSite?.toLowerCase() === 'lax';
    const hit = [...byName.values()].find((set) => set.length === 2 && set.every(fits));
    const expected =
      'one cookie not named by the description, on exactly 2 Set-Cookie lines, each <24 lowercase alphanumeric chars>; path=/; HttpOnly; SameSite=Lax';
    if (hit) return [finding(sessionCookieSentTwice, true, expected, `${hit[0].name}: 2 lines, ${describe(hit[0])}`)];
    const seen = [...byName.entries()].map(([name, set]) => `${name} on ${set.length} line${set.length === 1 ? '' : 's'} (${set.map(describe).join(' | ')})`);
    return [finding(sessionCookieSentTwice, false, expected, seen.length ? seen.join('; ') : 'no cookie other than the named ones')];
  },
};
