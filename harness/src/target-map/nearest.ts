/**
 * The name a misspelt one was most likely meant to be: the nearest of `known` by edit distance
 * (insertions, deletions and substitutions, each costing one), if it is within `within` edits; the
 * first in `known`'s order among equally near ones.
 */
export function nearest(name: string, known: readonly string[], within = 3): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const k of known) {
    const d = editDistance(name, k);
    if (d <= within && (best === undefined || d < best.distance)) best = { name: k, distance: d };
  }
  return best?.name;
}

/** Levenshtein distance, one row at a time. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = above;
    }
  }
  return row[b.length];
}
