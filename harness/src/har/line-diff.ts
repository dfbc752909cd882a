/** A small unified line diff (LCS), for showing what a re-run changed in a derived spec file. */

const MAX_CELLS = 25_000_000;

export function lineDiff(oldText: string, newText: string, context = 2): string[] {
  const a = oldText.split('\n');
  const b = newText.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  if (x.length * y.length > MAX_CELLS) return [`@@ ${x.length} lines replaced by ${y.length} lines (too large to show) @@`];
  // LCS table over the differing middle.
  const w = y.length + 1;
  const t = new Uint32Array((x.length + 1) * w);
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--) t[i * w + j] = x[i] === y[j] ? t[(i + 1) * w + j + 1] + 1 : Math.max(t[(i + 1) * w + j], t[i * w + j + 1]);
  const ops: Array<[' ' | '-' | '+', string]> = [];
  for (let k = Math.max(0, start - context); k < start; k++) ops.push([' ', a[k]]);
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      ops.push([' ', x[i]]);
      i++;
      j++;
    } else if (i < x.length && (j >= y.length || t[(i + 1) * w + j] >= t[i * w + j + 1])) ops.push(['-', x[i++]]);
    else ops.push(['+', y[j++]]);
  }
  for (let k = endA; k < Math.min(a.length, endA + context); k++) ops.push([' ', a[k]]);
  // Keep changes with `context` lines around them.
  const keep = ops.map(() => false);
  ops.forEach(([op], k) => {
    if (op === ' ') return;
    for (let d = Math.max(0, k - context); d <= Math.min(ops.length - 1, k + context); d++) keep[d] = true;
  });
  const out: string[] = [];
  let gap = false;
  ops.forEach(([op, line], k) => {
    if (!keep[k]) {
      gap = true;
      return;
    }
    if (gap && out.length) out.push('...');
    gap = false;
    out.push(`${op} ${line}`);
  });
  return out;
}
