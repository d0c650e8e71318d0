import { and, eq } from 'drizzle-orm';
import { CONCRETE_UPLOADER_CHANGED_EVENT } from '#domain/concrete-placements';
import type { ConcreteModelResponse } from '#domain/concrete-placements-responses';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { bimModelFiles, bimModels, concreteModels, concretePlacementElements } from '../../../db/schema/index.ts';
import { recordEvent, transactionWithEvents } from '../../../events/outbox.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { conflict, unprocessable } from '../../../lib/errors.ts';
import { modelDto } from '../../quality/service.ts';
import { assertProjectVisible } from '../shared/scope.ts';

/**
 * The project's one Concrete model (docs/product.md §5 "only one BIM model may be assigned to Concrete, and each
 * file must belong to a different quality stage" — a model's files already have one stage each, bim_model_files'
 * unique index): GET, PUT and DELETE hormigon/proyectos/{projectId}/modelo.
 */

export async function concreteModelOf(
  db: DbOrTx,
  user: SessionUser,
  projectId: number,
): Promise<ConcreteModelResponse> {
  assertProjectVisible(user, projectId);
  const [row] = await db
    .select({ model: bimModels })
    .from(concreteModels)
    .innerJoin(bimModels, eq(bimModels.id, concreteModels.modelId))
    .where(and(eq(concreteModels.projectId, projectId), eq(concreteModels.companyId, user.companyId)));
  return { model: row ? await modelDto(db, row.model) : null };
}

/** Live placements of the project hold elements of its Concrete model: it cannot be replaced nor removed. */
async function assertNotInUse(tx: Tx, projectId: number) {
  const [held] = await tx
    .select({ id: concretePlacementElements.placementId })
    .from(concretePlacementElements)
    .where(and(eq(concretePlacementElements.projectId, projectId), eq(concretePlacementElements.released, false)))
    .limit(1);
  if (held) throw conflict('concrete.errors.model_in_use');
}

const announce = (tx: Tx, user: SessionUser, projectId: number, action: string) =>
  recordEvent(tx, {
    type: CONCRETE_UPLOADER_CHANGED_EVENT,
    companyId: user.companyId,
    projectId,
    actorId: user.id,
    action,
    data: { project_id: projectId },
  });

/** PUT: a model of the project whose files are all processed (at least one). */
export async function assignConcreteModel(deps: AppDeps, user: SessionUser, projectId: number, modelId: number) {
  assertProjectVisible(user, projectId);
  await transactionWithEvents(deps, async (tx) => {
    const [model] = await tx
      .select()
      .from(bimModels)
      .where(
        and(eq(bimModels.id, modelId), eq(bimModels.companyId, user.companyId), eq(bimModels.projectId, projectId)),
      );
    if (!model) throw unprocessable([{ field: 'model_id', key: 'validation.invalid' }]);
    const modelFiles = await tx.select().from(bimModelFiles).where(eq(bimModelFiles.modelId, modelId));
    if (!modelFiles.length || modelFiles.some((f) => f.state !== 'listo'))
      throw unprocessable([{ field: 'model_id', key: 'concrete.errors.model_not_ready' }]);
    const [current] = await tx
      .select()
      .from(concreteModels)
      .where(eq(concreteModels.projectId, projectId))
      .for('update');
    if (current?.modelId === modelId) return;
    if (current) await assertNotInUse(tx, projectId);
    await tx
      .insert(concreteModels)
      .values({ companyId: user.companyId, projectId, modelId, assignedBy: user.id })
      .onConflictDoUpdate({
        target: concreteModels.projectId,
        set: { modelId, assignedBy: user.id, assignedAt: new Date() },
      });
    await announce(tx, user, projectId, 'concrete.model.assign');
  });
}

/** DELETE: the project no longer has a Concrete model (refused while placements hold its elements). */
export async function removeConcreteModel(deps: AppDeps, user: SessionUser, projectId: number) {
  assertProjectVisible(user, projectId);
  await transactionWithEvents(deps, async (tx) => {
    const [current] = await tx
      .select()
      .from(concreteModels)
      .where(and(eq(concreteModels.projectId, projectId), eq(concreteModels.companyId, user.companyId)))
      .for('update');
    if (!current) return;
    await assertNotInUse(tx, projectId);
    await tx.delete(concreteModels).where(eq(concreteModels.projectId, projectId));
    await announce(tx, user, projectId, 'concrete.model.remove');
  });
}
