const pct = (xs: number[], p: number) => xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** Rows a read gave: an array's length, or a page's `rows`. */
const rowsOf = (got: unknown) => (Array.isArray(got) ? got.length : ((got as { rows?: unknown[] } | null)?.rows?.length ?? 0));

/** A read run `runs` times one after another: 'p50 / p99 ms, n rows' (the database benches' line). */
export async function timeRead(run: () => Promise<unknown>, runs: number): Promise<string> {
  const ms: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    rows = rowsOf(await run());
    ms.push(performance.now() - started);
  }
  return `${pct(ms, 50).toFixed(2)} / ${pct(ms, 99).toFixed(2)} ms, ${rows} rows`;
}
