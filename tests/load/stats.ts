/** Figures of the load bench: latencies by request kind, answers by status, and plain tables. */

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

export type Summary = { n: number; p50: number; p95: number; p99: number; max: number };

export function summarize(samples: number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    max: s.length ? s[s.length - 1] : NaN,
  };
}

/** Every request an agent made: its kind, how long it took, what came back (a status, or why there was none). */
export function createRecorder() {
  const latencies = new Map<string, number[]>();
  const statuses = new Map<string, Map<string, number>>();
  return {
    record(kind: string, ms: number, status: number | string) {
      if (!latencies.has(kind)) {
        latencies.set(kind, []);
        statuses.set(kind, new Map());
      }
      latencies.get(kind)!.push(ms);
      const byStatus = statuses.get(kind)!;
      byStatus.set(String(status), (byStatus.get(String(status)) ?? 0) + 1);
    },
    get total() {
      return [...latencies.values()].reduce((n, l) => n + l.length, 0);
    },
    kinds: () =>
      [...latencies.keys()].map((kind) => ({
        kind,
        ...summarize(latencies.get(kind)!),
        statuses: statuses.get(kind)!,
      })),
  };
}
export type Recorder = ReturnType<typeof createRecorder>;

/** Columns padded to their widest cell; the first left-aligned, the others right-aligned. */
export function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  for (const r of rows)
    console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
}

/** `--name value` pairs over `defaults`, each a positive integer; anything else is an error naming it. */
export function parseIntOptions<T extends Record<string, number>>(args: string[], defaults: T): T {
  const opts: Record<string, number> = { ...defaults };
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i].replace(/^--/, '');
    const value = Number(args[i + 1]);
    if (!(key in opts) || !Number.isInteger(value) || value < 1)
      throw new Error(`bad option ${args[i]} ${args[i + 1]}`);
    opts[key] = value;
  }
  return opts as T;
}

/** The latencies in ms of `runs` sequential calls, after three untimed ones. */
export async function timeRuns(runs: number, call: () => Promise<unknown>): Promise<Summary> {
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return summarize(times);
}

export const fmtMs = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
export const fmtMb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

/** A small seeded generator, so two runs with the same options make the same choices. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
