import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActivityRow } from '#domain/quality-responses';
import type { activityMoveSchema } from '#domain/schemas/quality';
import type { Tx } from '../../../../db/client.ts';
import { qualityActivities } from '../../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../../http/context.ts';
import { transactionWithEvents } from '../../../../events/outbox.ts';
import { unprocessable } from '../../../../lib/errors.ts';
import { loadActivity, type QualityActivity } from '../shared/scope.ts';
import { activityRowsOf } from '../shared/rows.ts';
import { writeHistory } from '../shared/history.ts';
import { emitActivitiesChanged } from '../shared/events.ts';
import { parentFor, siblingsOf, subtreeOf } from './tree.ts';

type MoveInput = z.infer<typeof activityMoveSchema>;

/** Sets positions 0..n-1 in the order of `ids`, in one statement; answers the ids whose position changed. */
async function renumber(tx: Tx, ordered: { id: number; position: number }[]): Promise<number[]> {
  const changed = ordered.map((s, i) => ({ ...s, next: i })).filter((s) => s.position !== s.next);
  if (!changed.length) return [];
  const list = sql.join(
    changed.map((s) => sql`(${s.id}::int, ${s.next}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update quality_activities a set position = v.pos, updated_at = now()
    from (values ${list}) as v(id, pos) where a.id = v.id`);
  return changed.map((s) => s.id);
}

/**
 * Puts an activity (with its subtree) under `parent_id` at `position` among its new siblings (clamped to the
 * end), renumbering the siblings it leaves and joins and shifting the subtree's levels. Never under itself or a
 * descendant (422 quality.errors.move_cycle). Writes the 'moved' history entry; the caller emits the event.
 * Answers every row whose parent, position or level changed.
 */
export async function moveActivity(
  tx: Tx,
  user: SessionUser,
  stored: QualityActivity,
  body: MoveInput,
): Promise<ActivityRow[]> {
  const subtree = await subtreeOf(tx, stored.id);
  const parentId = body.parent_id ?? null;
  if (parentId !== null && subtree.some((s) => s.id === parentId))
    throw unprocessable([{ field: 'parent_id', key: 'quality.errors.move_cycle' }]);
  const depthBelow = Math.max(...subtree.map((s) => s.level)) - stored.level;
  const parent = await parentFor(tx, user, stored.projectId, parentId, depthBelow);
  const level = parent ? parent.level + 1 : 0;

  const siblings = (await siblingsOf(tx, stored.projectId, parentId)).filter((s) => s.id !== stored.id);
  const index = Math.min(Math.max(body.position, 0), siblings.length);
  const joined = [...siblings.slice(0, index), { id: stored.id, position: stored.position }, ...siblings.slice(index)];
  const changed = new Set<number>();
  if (parentId !== stored.parentId) {
    await tx
      .update(qualityActivities)
      .set({ parentId, updatedAt: new Date() })
      .where(eq(qualityActivities.id, stored.id));
    changed.add(stored.id);
    const left = (await siblingsOf(tx, stored.projectId, stored.parentId)).filter((s) => s.id !== stored.id);
    for (const id of await renumber(tx, left)) changed.add(id);
  }
  for (const id of await renumber(tx, joined)) changed.add(id);
  const delta = level - stored.level;
  if (delta !== 0) {
    const ids = subtree.map((s) => s.id);
    await tx
      .update(qualityActivities)
      .set({ level: sql`${qualityActivities.level} + ${delta}`, updatedAt: new Date() })
      .where(inArray(qualityActivities.id, ids));
    for (const id of ids) changed.add(id);
  }
  if (!changed.size) return [];
  await writeHistory(tx, { companyId: user.companyId, userId: user.id }, [
    {
      activityId: stored.id,
      kind: 'moved',
      changes: {
        ...(parentId !== stored.parentId ? { parent_id: [stored.parentId, parentId] } : {}),
        position: [stored.position, index],
      },
    },
  ]);
  return activityRowsOf(tx, user.companyId, [...changed]);
}

/** POST calidad/actividades/{id}/mover: the move and its one event; answers the rows renumbered. */
export async function moveActivityById(deps: AppDeps, user: SessionUser, activityId: number, body: MoveInput) {
  return transactionWithEvents(deps, async (tx) => {
    const stored = await loadActivity(tx, user, activityId, true);
    const rows = await moveActivity(tx, user, stored, body);
    if (rows.length)
      await emitActivitiesChanged(tx, {
        companyId: user.companyId,
        projectId: stored.projectId,
        actorId: user.id,
        rows,
      });
    return rows;
  });
}
