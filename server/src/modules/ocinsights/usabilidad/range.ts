import type { UsageQuery } from '#domain/schemas/insights';
import type { SessionUser } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';

const DAY_MS = 86_400_000;
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every day of the range, both ends included (usageQuerySchema keeps it to a year). */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = dayMs(from); t <= dayMs(to); t += DAY_MS) out.push(iso(t));
  return out;
}

/** The Monday of a day's ISO week. */
export function mondayOf(day: string): string {
  const t = dayMs(day);
  const weekday = (new Date(t).getUTCDay() + 6) % 7;
  return iso(t - weekday * DAY_MS);
}

/** The Mondays of every ISO week the range touches (the first may fall before `from`). */
export function weeksOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = dayMs(mondayOf(from)); t <= dayMs(to); t += 7 * DAY_MS) out.push(iso(t));
  return out;
}

/** The query's project, when the caller sees it; a project of another company or one not theirs is a 404. */
export function projectOfQuery(user: SessionUser, query: Pick<UsageQuery, 'project_id'>): number | undefined {
  if (query.project_id === undefined) return undefined;
  if (!user.projectIds.includes(query.project_id)) throw notFound();
  return query.project_id;
}
