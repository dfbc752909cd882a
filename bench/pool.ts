/** Runs `n` units of work `concurrency` at a time; returns units (times `perUnit`) per second. */
export async function pool(n: number, concurrency: number, work: (i: number) => Promise<void>, perUnit = 1): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await work(next++);
    }),
  );
  return (n * perUnit) / ((performance.now() - t0) / 1000);
}
