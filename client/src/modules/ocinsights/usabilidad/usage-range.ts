import { INSIGHTS_LIMITS, USAGE_PRESETS, type UsagePreset } from '#domain/insights';
import type { UsageQuery } from '#domain/schemas/insights';

/** The usage screen's range: a preset of days back from today (today included), or a custom from/to. */
export type UsageRange =
  { preset: UsagePreset; from?: never; to?: never } | { preset: 'custom'; from: string; to: string };

export const DEFAULT_USAGE_RANGE: UsageRange = { preset: 30 };

const DAY_MS = 86_400_000;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A local calendar day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const isUsagePreset = (v: unknown): v is UsagePreset => USAGE_PRESETS.includes(v as UsagePreset);

/** Why a custom range cannot be asked for (a locale key under ocinsights.range), or null when it can. */
export function rangeProblem(from: string, to: string): 'incomplete' | 'order' | 'too_long' | null {
  if (!isoDay.test(from) || !isoDay.test(to) || Number.isNaN(utc(from)) || Number.isNaN(utc(to))) return 'incomplete';
  if (utc(from) > utc(to)) return 'order';
  if ((utc(to) - utc(from)) / DAY_MS + 1 > INSIGHTS_LIMITS.maxRangeDays) return 'too_long';
  return null;
}

/** The days a range asks for (usageQuerySchema's from/to), or null while a custom range is not valid. */
export function rangeDays(range: UsageRange, today: string): { from: string; to: string } | null {
  if (range.preset === 'custom') return rangeProblem(range.from, range.to) ? null : { from: range.from, to: range.to };
  const from = new Date(utc(today) - (range.preset - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to: today };
}

/** The query of the range and project filter (no project_id for all projects). */
export function usageQueryOf(days: { from: string; to: string }, projectId: number | null): UsageQuery {
  return projectId ? { ...days, project_id: projectId } : { ...days };
}

/** users of members as a whole percentage; 0 without members. */
export const sharePercent = (users: number, members: number) => (members > 0 ? Math.round((users / members) * 100) : 0);
