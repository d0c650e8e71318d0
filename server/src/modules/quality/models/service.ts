import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { UPLOAD_CONTEXTS } from '#domain/files';
import type { QualityStage } from '#domain/quality';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { assertProjectVisible } from '../../../auth/guard.ts';
import { bimModelFiles, bimModels, files } from '../../../db/schema/index.ts';
import { isUniqueViolation, notFound, unprocessable } from '../../../lib/errors.ts';
import { storageOf } from '../../../storage/index.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { readableFile } from '../../files/service.ts';
import { recordBimFileProgress } from '../shared/events.ts';
import { BIM_MODEL_FILE_OWNER, loadModel, type BimModelRow } from '../shared/scope.ts';
import { wakeBimQueue } from './processing/queue.ts';

export { BIM_MODEL_FILE_OWNER };

const stageTaken = () => unprocessable([{ field: 'stage', key: 'quality.errors.stage_taken' }]);

export async function createModel(deps: AppDeps, user: SessionUser, input: { project_id: number; name: string }) {
  assertProjectVisible(user, input.project_id);
  const [row] = await deps.database.db
    .insert(bimModels)
    .values({ companyId: user.companyId, projectId: input.project_id, name: input.name, createdBy: user.id })
    .returning();
  return row;
}

export async function renameModel(deps: AppDeps, user: SessionUser, modelId: number, name: string) {
  await loadModel(deps.database.db, user, modelId);
  const [row] = await deps.database.db
    .update(bimModels)
    .set({ name, updatedAt: new Date() })
    .where(eq(bimModels.id, modelId))
    .returning();
  return row;
}

/** The storage objects of some files of a model: their IFC (and its files row) and every fragments object. */
async function forgetFiles(deps: AppDeps, rows: readonly (typeof bimModelFiles.$inferSelect)[]) {
  if (!rows.length) return;
  const fileIds = rows.map((r) => r.fileId);
  const stored = await deps.database.db
    .select({ id: files.id, path: files.path })
    .from(files)
    .where(inArray(files.id, fileIds));
  await deps.database.db.delete(files).where(inArray(files.id, fileIds));
  // The rows go first: if removing an object fails, nothing points at it any more (a sweep may find it).
  const storage = storageOf(deps);
  for (const path of [...stored.map((s) => s.path), ...rows.map((r) => r.fragmentsPath)])
    if (path)
      await storage
        .remove(path)
        .catch((error: unknown) => deps.log.warn('bim: object not removed', { path, error: String(error) }));
}

/**
 * Force delete (config/projects/models): the model, its files' records, properties index and links (by cascade),
 * then the IFC and fragments objects in storage. A file being processed is dropped: its late result finds no row.
 */
export async function deleteModel(deps: AppDeps, user: SessionUser, modelId: number): Promise<void> {
  const db = deps.database.db;
  const model = await loadModel(db, user, modelId);
  const rows = await db.select().from(bimModelFiles).where(eq(bimModelFiles.modelId, model.id));
  await db.delete(bimModels).where(eq(bimModels.id, model.id));
  await forgetFiles(deps, rows);
}

/**
 * Attaches an uploaded IFC (files/upload-url, context uploader: at most 512 MB) to a model for one quality stage and
 * queues its processing. docs/product.md §5: each file of a model belongs to a different stage.
 */
export async function attachModelFile(
  deps: AppDeps,
  user: SessionUser,
  modelId: number,
  input: { path: string; stage: QualityStage },
): Promise<BimModelRow> {
  const db = deps.database.db;
  const model = await loadModel(db, user, modelId);
  const file = await readableFile(deps, user, input.path).catch(() => {
    throw unprocessable([{ field: 'path', key: 'quality.errors.file_unknown' }]);
  });
  if (file.extension !== 'ifc') throw unprocessable([{ field: 'path', key: 'quality.errors.not_ifc' }]);
  if ((file.size ?? 0) > UPLOAD_CONTEXTS.uploader.maxBytes)
    throw unprocessable([{ field: 'path', key: 'quality.errors.too_large' }]);
  if (file.entityType) throw unprocessable([{ field: 'path', key: 'quality.errors.file_in_use' }]);
  try {
    await transactionWithEvents(deps, async (tx) => {
      const [taken] = await tx
        .select({ id: bimModelFiles.id })
        .from(bimModelFiles)
        .where(and(eq(bimModelFiles.modelId, model.id), eq(bimModelFiles.stage, input.stage)));
      if (taken) throw stageTaken();
      const linked = await tx
        .update(files)
        .set({ entityType: BIM_MODEL_FILE_OWNER, entityId: model.id })
        .where(and(eq(files.id, file.id), isNull(files.entityType), eq(files.status, 'uploaded')))
        .returning({ id: files.id });
      if (!linked.length) throw unprocessable([{ field: 'path', key: 'quality.errors.file_in_use' }]);
      const [row] = await tx
        .insert(bimModelFiles)
        .values({ companyId: user.companyId, modelId: model.id, fileId: file.id, stage: input.stage })
        .returning();
      await tx.update(bimModels).set({ updatedAt: new Date() }).where(eq(bimModels.id, model.id));
      await recordBimFileProgress(
        tx,
        { companyId: model.companyId, projectId: model.projectId, actorId: user.id },
        { model_id: model.id, file_id: row.id, state: 'en_cola', progress: 0, error: null },
      );
    });
  } catch (error) {
    if (isUniqueViolation(error, 'bim_model_files_stage_uq')) throw stageTaken();
    throw error;
  }
  wakeBimQueue(deps);
  return model;
}

/** Removes one file of a model: its record, properties index, IFC and fragments. */
export async function deleteModelFile(deps: AppDeps, user: SessionUser, modelId: number, modelFileId: number) {
  const db = deps.database.db;
  const model = await loadModel(db, user, modelId);
  const [row] = await db
    .select()
    .from(bimModelFiles)
    .where(and(eq(bimModelFiles.id, modelFileId), eq(bimModelFiles.modelId, model.id)));
  if (!row) throw notFound();
  await db.delete(bimModelFiles).where(eq(bimModelFiles.id, row.id));
  await db.update(bimModels).set({ updatedAt: new Date() }).where(eq(bimModels.id, model.id));
  await forgetFiles(deps, [row]);
}

/**
 * Force update: every file of the model queued again under a new attempt (a run still going for the old one is
 * dropped when it next reports, and its result ignored).
 */
export async function reprocessModel(deps: AppDeps, user: SessionUser, modelId: number): Promise<BimModelRow> {
  const model = await loadModel(deps.database.db, user, modelId);
  await transactionWithEvents(deps, async (tx) => {
    const rows = await tx
      .update(bimModelFiles)
      .set({
        state: 'en_cola',
        progress: 0,
        error: null,
        attempt: sql`${bimModelFiles.attempt} + 1`,
        startedAt: null,
        finishedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(bimModelFiles.modelId, model.id))
      .returning({ id: bimModelFiles.id });
    await tx.update(bimModels).set({ updatedAt: new Date() }).where(eq(bimModels.id, model.id));
    for (const row of rows)
      await recordBimFileProgress(
        tx,
        { companyId: model.companyId, projectId: model.projectId, actorId: user.id },
        { model_id: model.id, file_id: row.id, state: 'en_cola', progress: 0, error: null },
      );
  });
  wakeBimQueue(deps);
  return model;
}
