import type { UsageKind } from '#domain/insights';

/**
 * The in-memory accumulator of usage (docs/decisions.md D-285): what one process counted since its last flush, as
 * (company, day, user, project, module, kind, name) → count and (company, day, user, project) → events. Recording is a map
 * update, so a request pays no database round trip; usage/flush.ts takes the counts and adds them to the tables.
 */
export type UsageEvent = {
  companyId: number;
  /** YYYY-MM-DD in the company's time zone. */
  day: string;
  userId: number;
  /** 0: no project. */
  projectId: number;
  module: string;
  kind: UsageKind;
  name: string;
};

export type CountRow = UsageEvent & { count: number };
export type UserDayRow = { companyId: number; day: string; userId: number; projectId: number; events: number };

/** What one flush takes: the counts and user-days recorded since the previous one. */
export type UsageBatch = { counts: Map<string, number>; days: Map<string, number> };

// A separator no route template, route name or module holds (route names are [\w.-], templates are URL paths).
const SEP = '\u0001';

export function createUsageMeter() {
  let counts = new Map<string, number>();
  let days = new Map<string, number>();
  return {
    /** Counts `n` occurrences of one event (and as many events of that user that day). */
    record(e: UsageEvent, n = 1): void {
      const dayKey = `${e.companyId}${SEP}${e.day}${SEP}${e.userId}${SEP}${e.projectId}`;
      const key = `${dayKey}${SEP}${e.module}${SEP}${e.kind}${SEP}${e.name}`;
      counts.set(key, (counts.get(key) ?? 0) + n);
      days.set(dayKey, (days.get(dayKey) ?? 0) + n);
    },
    /** Keys waiting to be written. */
    get pending(): number {
      return counts.size + days.size;
    },
    /** Hands over what was recorded and starts afresh. */
    take(): UsageBatch {
      const batch = { counts, days };
      counts = new Map();
      days = new Map();
      return batch;
    },
    /** Puts back a batch whose write failed, added to whatever was recorded meanwhile, for the next flush. */
    restore(batch: UsageBatch): void {
      for (const [k, n] of batch.counts) counts.set(k, (counts.get(k) ?? 0) + n);
      for (const [k, n] of batch.days) days.set(k, (days.get(k) ?? 0) + n);
    },
  };
}
export type UsageMeter = ReturnType<typeof createUsageMeter>;

/** A batch as rows, sorted by key so concurrent writers lock rows in the same order. */
export function rowsOf(batch: UsageBatch): { counts: CountRow[]; days: UserDayRow[] } {
  const counts = [...batch.counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, count]) => {
      const [companyId, day, userId, projectId, module, kind, name] = key.split(SEP);
      return {
        companyId: Number(companyId),
        day,
        userId: Number(userId),
        projectId: Number(projectId),
        module,
        kind: kind as UsageKind,
        name,
        count,
      };
    });
  const days = [...batch.days]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, events]) => {
      const [companyId, day, userId, projectId] = key.split(SEP);
      return { companyId: Number(companyId), day, userId: Number(userId), projectId: Number(projectId), events };
    });
  return { counts, days };
}
