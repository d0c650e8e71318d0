import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { UPLOAD_CONTEXTS } from '#domain/files';
import type { Tx } from './client.ts';
import { bimModelFiles, bimModels, files, users } from './schema/index.ts';

/**
 * The demo project's BIM model (config/projects/models, /quality/bim): "Edificio demo", one IFC of a few hundred walls
 * over five storeys (server/src/lib/ifc-generator.ts DEMO_BUILDING), recorded as an uploaded file
 * without its size and queued. The seed has no storage (nor may it import the module): at start, the module's demo
 * files (server/src/modules/quality/models/demo-model.ts) generate the IFC's bytes and write them and their size; the
 * processing queue, which waits for a file's size, then processes it like any upload. Test contexts seed these rows
 * only, so their queues never spend time on the demo model. Only rows here: the seed stays quick.
 */
export async function seedQualityModels(tx: Tx, input: { companyId: number; projectId: number; now: Date }) {
  const { companyId, projectId, now } = input;
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.username, 'admin')));
  const [model] = await tx
    .insert(bimModels)
    .values({
      companyId,
      projectId,
      name: 'Edificio demo',
      createdBy: admin?.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const [file] = await tx
    .insert(files)
    .values({
      companyId,
      path: `${companyId}/${now.getUTCFullYear()}/${month}/${randomUUID()}.ifc`,
      // server/src/lib/ifc-generator.ts DEMO_BUILDING: models/demo-model.ts writes these bytes.
      name: 'edificio-demo.ifc',
      extension: 'ifc',
      mime: 'application/x-step',
      category: 'cad',
      context: 'uploader',
      status: 'uploaded',
      maxBytes: UPLOAD_CONTEXTS.uploader.maxBytes,
      // No size: its bytes are not in storage yet (the queue waits for it; demo-model.ts finds it by it and the name).
      size: null,
      uploadedBy: admin?.id ?? null,
      uploadedAt: now,
      expiresAt: now,
      entityType: 'bim_model',
      entityId: model.id,
    })
    .returning();
  await tx.insert(bimModelFiles).values({ companyId, modelId: model.id, fileId: file.id, stage: 'arquitectura' });
  return { modelId: model.id };
}
