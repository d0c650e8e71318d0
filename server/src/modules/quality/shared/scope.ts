import { and, eq, inArray } from 'drizzle-orm';
import { can } from '#domain/permissions';
import { MODELS_READ } from '#domain/quality';
import type { DbOrTx } from '../../../db/client.ts';
import { bimModels } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';

export type BimModelRow = typeof bimModels.$inferSelect;

/** Files of a model are attached as this entity type: read by whoever may read the model (quality/service.ts). */
export const BIM_MODEL_FILE_OWNER = 'bim_model';

/**
 * The caller's visible projects for an SQL IN (never empty). Every Quality query is scoped to the caller's company
 * and these projects (docs/architecture.md §4): a record outside them is a 404, never a hint that it exists.
 */
export const visibleProjectIds = (user: SessionUser): number[] =>
  user.projectIds.length ? [...user.projectIds] : [-1];

/** Models the caller may see: their company's, in their projects. */
export function modelScope(user: SessionUser) {
  return and(eq(bimModels.companyId, user.companyId), inArray(bimModels.projectId, visibleProjectIds(user)));
}

/** Whether a staff user may read BIM models at all (domain/quality.ts MODELS_READ). */
export const readsModels = (user: SessionUser) => user.kind === 'staff' && can(user.permissions, MODELS_READ);

/** A model the caller may see, optionally locked for a change; anything else is a 404. */
export async function loadModel(db: DbOrTx, user: SessionUser, modelId: number, lock = false): Promise<BimModelRow> {
  if (!Number.isSafeInteger(modelId) || modelId <= 0) throw notFound();
  const query = db
    .select()
    .from(bimModels)
    .where(and(eq(bimModels.id, modelId), modelScope(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
