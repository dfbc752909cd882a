/**
 * The smallest glob over finding ids that names exactly a set of ids: a known deviation drafted
 * for one cause covers that cause's expectations and nothing else the run judged (what passed,
 * or another cause). Globs are picomatch's, as the known deviations file reads them: `*` stays
 * within a `/`-separated segment, `**` crosses them.
 */
import picomatch from 'picomatch';

/** picomatch's special characters, escaped so a literal part of an id stays literal. */
const literal = (s: string) => s.replace(/[\\*?[\](){}!+@|,]/g, '\\$&');

function commonPrefix(xs: readonly string[]): string {
  let p = xs[0];
  for (const x of xs) while (!x.startsWith(p)) p = p.slice(0, -1);
  return p;
}

function commonSuffix(xs: readonly string[]): string {
  let s = xs[0];
  for (const x of xs) while (!x.endsWith(s)) s = s.slice(1);
  return s;
}

/** The candidates, most specific first: the varying middle within a segment, then across segments, then each id named. */
function candidates(ids: readonly string[]): string[] {
  const shortest = Math.min(...ids.map((i) => i.length));
  const prefix = commonPrefix(ids);
  let suffix = commonSuffix(ids);
  if (prefix.length + suffix.length > shortest) suffix = suffix.slice(prefix.length + suffix.length - shortest);
  // The suffix from a word's start (` header x-frame-options`), so that `*` stands for whole words.
  const space = suffix.indexOf(' ');
  const tail = space > 0 ? suffix.slice(space) : suffix;
  const segment = prefix.slice(0, prefix.lastIndexOf('/') + 1);
  return [`${literal(prefix)}*${literal(tail)}`, `${literal(segment)}**/*${literal(tail)}`, `{${ids.map(literal).join(',')}}`];
}

/**
 * The entry ids that name exactly `ids` among every id the run judged (`all`): one glob where one
 * fits, else each id by itself. An id alone is written as it is (an entry naming an id literally
 * matches it before any glob reading).
 */
export function smallestGlobs(ids: readonly string[], all: readonly string[]): string[] {
  const wanted = [...new Set(ids)].sort();
  if (wanted.length === 1) return wanted;
  const others = [...new Set(all)].filter((id) => !wanted.includes(id));
  for (const glob of candidates(wanted)) {
    const m = picomatch(glob, { dot: true });
    if (wanted.every((id) => m(id)) && !others.some((id) => m(id))) return [glob];
  }
  return wanted;
}
