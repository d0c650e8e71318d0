import { qualityActivityHistory } from '../../../../db/schema/index.ts';
import type { Tx } from '../../../../db/client.ts';

/**
 * The activity history (docs/product.md §9: what changed, who and when; the screen shows the last 50). Kinds:
 * created, updated, moved, imported, linked, unlinked, elements. `changes` is { field: [before, after] }: fields by
 * their API name, attributes as `attribute:<id>` with the values' names, counts for elements.
 */
export const ACTIVITY_HISTORY_KINDS = [
  'created',
  'updated',
  'moved',
  'imported',
  'linked',
  'unlinked',
  'elements',
] as const;
export type ActivityHistoryKind = (typeof ACTIVITY_HISTORY_KINDS)[number];

export type HistoryEntry = {
  activityId: number;
  kind: ActivityHistoryKind;
  changes?: Record<string, [unknown, unknown]>;
};

/** Rows per insert: keeps a 20,000-row import's history under PostgreSQL's parameter limit. */
const HISTORY_CHUNK = 2000;

/** Writes history entries inside the caller's transaction, in order, by `userId` (null for the system). */
export async function writeHistory(
  tx: Tx,
  at: { companyId: number; userId: number | null },
  entries: readonly HistoryEntry[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += HISTORY_CHUNK) {
    await tx.insert(qualityActivityHistory).values(
      entries.slice(i, i + HISTORY_CHUNK).map((e) => ({
        companyId: at.companyId,
        activityId: e.activityId,
        userId: at.userId,
        kind: e.kind,
        changes: e.changes ?? {},
      })),
    );
  }
}

/** { field: [before, after] } of the fields whose value differs (compared as JSON), or null when none does. */
export function diffOf(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> | null {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    const b = before[key] ?? null;
    const a = after[key] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) changes[key] = [b, a];
  }
  return Object.keys(changes).length ? changes : null;
}
