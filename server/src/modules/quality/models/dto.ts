import { asc, eq, inArray } from 'drizzle-orm';
import { modelStateOf } from '#domain/quality';
import type { BimModel, BimModelFile } from '#domain/quality-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { bimModelFiles, files, projects } from '../../../db/schema/index.ts';
import type { BimModelRow } from '../shared/scope.ts';

export type BimModelFileRow = typeof bimModelFiles.$inferSelect;

/**
 * Where the viewer reads a ready file's fragments: GET calidad/modelos/{id}/archivos/{fileId}/fragmentos, answered
 * to whoever may read the model (models/routes.ts). `v` is the attempt, so a reprocessed file is never read from a
 * cache of the one before.
 */
export const fragmentsUrlOf = (modelId: number, file: Pick<BimModelFileRow, 'id' | 'attempt'>) =>
  `/api/v2/public/api/calidad/modelos/${modelId}/archivos/${file.id}/fragmentos?v=${file.attempt}`;

/** docs/product.md §3 BIM model (model_id, model_name, files) as the API answers it, in the given order. */
export async function modelDtos(db: DbOrTx, models: readonly BimModelRow[]): Promise<BimModel[]> {
  if (!models.length) return [];
  const ids = models.map((m) => m.id);
  const fileRows = await db
    .select({ file: bimModelFiles, path: files.path, name: files.name, size: files.size })
    .from(bimModelFiles)
    .innerJoin(files, eq(files.id, bimModelFiles.fileId))
    .where(inArray(bimModelFiles.modelId, ids))
    .orderBy(asc(bimModelFiles.id));
  const projectRows = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.id, [...new Set(models.map((m) => m.projectId))]));
  const projectName = new Map(projectRows.map((p) => [p.id, p.name]));
  const byModel = new Map<number, BimModelFile[]>();
  for (const r of fileRows) {
    const f = r.file;
    const dto: BimModelFile = {
      id: f.id,
      stage: f.stage,
      state: f.state,
      progress: f.progress,
      error: f.state === 'error' ? (f.error ?? 'quality.errors.processing_failed') : null,
      file: { path: r.path, name: r.name, size: r.size ?? 0 },
      fragments_url: f.state === 'listo' && f.fragmentsPath ? fragmentsUrlOf(f.modelId, f) : null,
      fragments_bytes: f.fragmentsBytes,
      element_count: f.elementCount,
      processing_ms: f.processingMs,
      updated_at: f.updatedAt.toISOString(),
    };
    byModel.set(f.modelId, [...(byModel.get(f.modelId) ?? []), dto]);
  }
  return models.map((m) => {
    const modelFiles = byModel.get(m.id) ?? [];
    return {
      id: m.id,
      name: m.name,
      project: { id: m.projectId, name: projectName.get(m.projectId) ?? '' },
      state: modelStateOf(modelFiles.map((f) => f.state)),
      files: modelFiles,
      created_at: m.createdAt.toISOString(),
      updated_at: m.updatedAt.toISOString(),
    };
  });
}

export async function modelDto(db: DbOrTx, model: BimModelRow): Promise<BimModel> {
  return (await modelDtos(db, [model]))[0];
}
