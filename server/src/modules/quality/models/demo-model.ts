import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../../http/context.ts';
import { files } from '../../../db/schema/index.ts';
import { storageOf } from '../../../storage/index.ts';
import { BIM_MODEL_FILE_OWNER } from '../shared/scope.ts';
import { DEMO_BUILDING, generateIfcBuilding } from '../../../lib/ifc-generator.ts';
import { wakeBimQueue } from './processing/queue.ts';

/**
 * The demo model's IFC (server/src/db/seed-quality-models.ts records it without bytes nor size): generated and written
 * to storage, its size set, so the processing queue, which only takes files whose bytes are written, converts it like
 * any upload. Registered as demo files (server/src/http/context.ts DemoFiles): `npm start` runs it, test contexts do not.
 */
export async function writeDemoModel(deps: AppDeps): Promise<void> {
  const waiting = await deps.database.db
    .select({ id: files.id, path: files.path })
    .from(files)
    .where(and(eq(files.entityType, BIM_MODEL_FILE_OWNER), eq(files.name, DEMO_BUILDING.fileName), isNull(files.size)));
  if (waiting.length === 0) return;
  const bytes = Buffer.from(generateIfcBuilding(DEMO_BUILDING.options));
  for (const file of waiting) {
    await storageOf(deps).writeSmall(file.path, bytes, 'application/x-step');
    await deps.database.db.update(files).set({ size: bytes.byteLength }).where(eq(files.id, file.id));
  }
  wakeBimQueue(deps);
}
