import { and, desc, eq } from 'drizzle-orm';
import { ACTIVITY_HISTORY_MAX } from '#domain/quality';
import type { ActivityHistoryEntry, ActivityRow } from '#domain/quality-responses';
import type { z } from 'zod';
import type { activityElementsSchema } from '#domain/schemas/quality';
import type { DbOrTx } from '../../../../db/client.ts';
import { bimModels, qualityActivityElements, qualityActivityHistory, users } from '../../../../db/schema/index.ts';
import { fullName } from '../../../../db/staff.ts';
import type { AppDeps, SessionUser } from '../../../../http/context.ts';
import { transactionWithEvents } from '../../../../events/outbox.ts';
import { notFound, unprocessable } from '../../../../lib/errors.ts';
import { loadActivity } from '../shared/scope.ts';
import { activityRowsOf } from '../shared/rows.ts';
import { writeHistory } from '../shared/history.ts';
import { emitActivitiesChanged } from '../shared/events.ts';

type ElementsInput = z.infer<typeof activityElementsSchema>;

const ELEMENT_CHUNK = 5000;

/**
 * PUT calidad/actividades/{id}/elementos: the activity's elements of one model become exactly `global_ids` (the
 * viewer's manual linking). The model is the company's (else 404) and of the activity's project (else 422 on
 * model_id). History 'elements' with the counts before and after.
 */
export async function replaceElements(
  deps: AppDeps,
  user: SessionUser,
  activityId: number,
  body: ElementsInput,
): Promise<ActivityRow> {
  return transactionWithEvents(deps, async (tx) => {
    const activity = await loadActivity(tx, user, activityId, true);
    const [model] = await tx
      .select({ id: bimModels.id, projectId: bimModels.projectId, name: bimModels.name })
      .from(bimModels)
      .where(and(eq(bimModels.id, body.model_id), eq(bimModels.companyId, user.companyId)));
    if (!model || !user.projectIds.includes(model.projectId)) throw notFound();
    if (model.projectId !== activity.projectId)
      throw unprocessable([{ field: 'model_id', key: 'quality.errors.model_other_project' }]);
    const where = and(
      eq(qualityActivityElements.activityId, activity.id),
      eq(qualityActivityElements.modelId, model.id),
    );
    const before = await tx.$count(qualityActivityElements, where);
    await tx.delete(qualityActivityElements).where(where);
    const ids = [...new Set(body.global_ids)];
    for (let i = 0; i < ids.length; i += ELEMENT_CHUNK)
      await tx
        .insert(qualityActivityElements)
        .values(
          ids.slice(i, i + ELEMENT_CHUNK).map((globalId) => ({ activityId: activity.id, modelId: model.id, globalId })),
        );
    if (before !== ids.length || before > 0 || ids.length > 0)
      await writeHistory(tx, { companyId: user.companyId, userId: user.id }, [
        { activityId: activity.id, kind: 'elements', changes: { [`model:${model.id}`]: [before, ids.length] } },
      ]);
    const [row] = await activityRowsOf(tx, user.companyId, [activity.id]);
    await emitActivitiesChanged(tx, {
      companyId: user.companyId,
      projectId: activity.projectId,
      actorId: user.id,
      rows: [row],
    });
    return row;
  });
}

/** GET calidad/actividades/{id}/historial: the last ACTIVITY_HISTORY_MAX entries, newest first. */
export async function historyOf(db: DbOrTx, user: SessionUser, activityId: number): Promise<ActivityHistoryEntry[]> {
  const activity = await loadActivity(db, user, activityId);
  const rows = await db
    .select({
      id: qualityActivityHistory.id,
      kind: qualityActivityHistory.kind,
      changes: qualityActivityHistory.changes,
      createdAt: qualityActivityHistory.createdAt,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(qualityActivityHistory)
    .leftJoin(users, eq(users.id, qualityActivityHistory.userId))
    .where(
      and(eq(qualityActivityHistory.activityId, activity.id), eq(qualityActivityHistory.companyId, user.companyId)),
    )
    .orderBy(desc(qualityActivityHistory.id))
    .limit(ACTIVITY_HISTORY_MAX);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    user:
      r.userId === null
        ? null
        : { id: r.userId, full_name: fullName({ firstName: r.firstName!, lastName: r.lastName! }) },
    changes: r.changes,
    created_at: r.createdAt.toISOString(),
  }));
}
