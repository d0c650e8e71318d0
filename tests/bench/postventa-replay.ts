/**
 * The "bare SQL" side of `npm run bench -- postventa`: records the exact driver calls one request
 * makes (PGlite `query` or pg Pool `query`, with drizzle's own text, params and row parsers) and
 * replays them straight on the driver. Calls an endpoint issues together (Promise.all) are
 * replayed together, so PostgreSQL's pool gets the same parallelism as in the app. Nothing in
 * server/ changes: the driver method is shadowed on the instance only while one request runs.
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../../server/src/db/client.ts';

type Driver = { query: (...args: unknown[]) => Promise<unknown> };
type Call = { args: unknown[]; start: number; end: number; rows: number };
/** Groups of calls that were in flight together, in order; each group waits for the previous one. */
export type Recording = { waves: unknown[][][]; queries: number; rows: number[] };

const driverOf = (db: Db) => (db as unknown as { $client: Driver }).$client;
const rowCount = (result: unknown) => ((result as { rows?: unknown[] })?.rows ?? []).length;

/** Runs `fn` (one request) and records every driver call it makes. */
export async function record<T>(db: Db, fn: () => Promise<T>): Promise<{ result: T; recording: Recording }> {
  const driver = driverOf(db);
  const original = driver.query;
  const calls: Call[] = [];
  driver.query = function (this: Driver, ...args: unknown[]) {
    const call: Call = { args, start: performance.now(), end: Number.POSITIVE_INFINITY, rows: 0 };
    calls.push(call);
    return original.apply(this, args).then((r) => {
      call.end = performance.now();
      call.rows = rowCount(r);
      return r;
    });
  };
  try {
    const result = await fn();
    return { result, recording: wavesOf(calls) };
  } finally {
    delete (driver as Partial<Driver>).query; // back to the prototype's method
    if (driver.query !== original) driver.query = original;
  }
}

/** A call joins the current wave when it started before any call of that wave had finished. */
export function wavesOf(calls: Pick<Call, 'args' | 'start' | 'end' | 'rows'>[]): Recording {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const waves: unknown[][][] = [];
  let firstEnd = Number.NEGATIVE_INFINITY;
  for (const c of sorted) {
    if (waves.length && c.start < firstEnd) {
      waves[waves.length - 1].push(c.args);
      firstEnd = Math.min(firstEnd, c.end);
    } else {
      waves.push([c.args]);
      firstEnd = c.end;
    }
  }
  return { waves, queries: sorted.length, rows: sorted.map((c) => c.rows) };
}

/** Replays a recording on the driver; returns the row count of every call, in recorded order. */
export async function replay(db: Db, recording: Recording): Promise<number[]> {
  const driver = driverOf(db);
  const rows: number[] = [];
  for (const wave of recording.waves) {
    const results = await Promise.all(wave.map((args) => driver.query(...args)));
    rows.push(...results.map(rowCount));
  }
  return rows;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
export function summary(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
}
