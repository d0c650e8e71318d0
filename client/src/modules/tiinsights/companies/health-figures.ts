import { formatNumber } from '#domain/format';
import { HEALTH_LEVELS, type HealthLevel } from '#domain/insights';
import type { CompanyHealth } from '#domain/insights-responses';

/** How bad a level is: problema 2, atencion 1, ok 0 (domain/insights.ts HEALTH_LEVELS is ordered best first). */
export const levelRank = (level: HealthLevel) => HEALTH_LEVELS.indexOf(level);

/**
 * Worst level first; within a level, the higher error rate, then the more outbox lag, then the more requests, then
 * by name — the order the server answers in, kept after a refetch of one row.
 */
export function worstFirst(rows: readonly CompanyHealth[]): CompanyHealth[] {
  return [...rows].sort(
    (a, b) =>
      levelRank(b.level) - levelRank(a.level) ||
      b.error_rate - a.error_rate ||
      b.outbox_lag_seconds - a.outbox_lag_seconds ||
      b.requests - a.requests ||
      a.company.name.localeCompare(b.company.name),
  );
}

/** The rows of the levels picked; none picked: all. */
export const withLevels = (rows: readonly CompanyHealth[], levels: readonly HealthLevel[]) =>
  levels.length ? rows.filter((r) => levels.includes(r.level)) : [...rows];

/** How many companies each level has. */
export function levelCounts(rows: readonly CompanyHealth[]): Record<HealthLevel, number> {
  const counts = { ok: 0, atencion: 0, problema: 0 } as Record<HealthLevel, number>;
  for (const r of rows) counts[r.level]++;
  return counts;
}

/** A share (0..1) as a percentage with up to one decimal: 0.0234 → '2,3 %'. */
export const percentText = (share: number) => `${formatNumber(share * 100, { precision: 1 })} %`;

/** Seconds of outbox lag, readable: 45 → '45 s', 390 → '6,5 min', 7200 → '2 h'. */
export function lagText(seconds: number): string {
  if (seconds < 60) return `${formatNumber(seconds, { precision: 0 })} s`;
  if (seconds < 3600) return `${formatNumber(seconds / 60, { precision: 1 })} min`;
  return `${formatNumber(seconds / 3600, { precision: 1 })} h`;
}

/** Milliseconds, whole: 1234.5 → '1.235 ms'. */
export const msText = (ms: number) => `${formatNumber(ms, { precision: 0 })} ms`;
