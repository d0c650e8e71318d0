import { desc } from 'drizzle-orm';
import { bimElements, bimModelFiles, bimModels, concreteModels, files, outbox } from '../../../db/schema/index.ts';
import type { TestContext } from '../../../test-support.ts';

/** The newest outbox row: what the last write announced (server/src/modules/concrete/config/events.ts). */
export async function lastEvent(ctx: TestContext) {
  const [row] = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  return row;
}

/**
 * A processed BIM model of `projectId` with one wall per GlobalId, assigned to Concrete (the rows the processing
 * queue and PUT hormigon/proyectos/{id}/modelo would leave), for tests that link placements to elements.
 */
export async function concreteModelWithElements(
  ctx: TestContext,
  at: { companyId: number; projectId: number; userId: number; marker: string; globalIds: string[]; storey?: string },
) {
  const { companyId, projectId, userId, marker } = at;
  const [model] = await ctx.db.insert(bimModels).values({ companyId, projectId, name: marker }).returning();
  const [ifc] = await ctx.db
    .insert(files)
    .values({
      companyId,
      path: `${companyId}/test/${marker}-${projectId}.ifc`.replace(/[^\w/.-]/g, '-'),
      name: `${marker}.ifc`,
      extension: 'ifc',
      mime: 'application/octet-stream',
      category: 'cad',
      context: 'uploader',
      status: 'uploaded',
      maxBytes: 1,
      size: 1,
      uploadedBy: userId,
      entityType: 'bim_model',
      entityId: model.id,
      expiresAt: new Date('2100-01-01'),
    })
    .returning();
  const [modelFile] = await ctx.db
    .insert(bimModelFiles)
    .values({ companyId, modelId: model.id, fileId: ifc.id, stage: 'estructura', state: 'listo', progress: 1 })
    .returning();
  await ctx.db.insert(bimElements).values(
    at.globalIds.map((globalId, i) => ({
      companyId,
      modelId: model.id,
      modelFileId: modelFile.id,
      expressId: 100 + i,
      globalId,
      ifcClass: 'IfcWall',
      name: `Muro ${i + 1}`,
      storey: at.storey ?? 'Piso 1',
    })),
  );
  await ctx.db.insert(concreteModels).values({ companyId, projectId, modelId: model.id, assignedBy: userId });
  return model;
}
