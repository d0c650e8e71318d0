/** What the benches share: reading an integer option and summarising samples (docs/architecture.md §7). */

/** `--name <integer>` from the bench's arguments, `def` when absent; anything outside min..max is an error. */
export function intOption(args: string[], name: string, def: number, min: number, max: number): number {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : def;
  if (!Number.isInteger(v) || v < min || v > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return v;
}

/** The nearest-rank percentile of sorted samples. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** Count, p50, p95, p99 and max of samples in any order. */
export function summary(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s[s.length - 1] };
}
