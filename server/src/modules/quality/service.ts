import { can } from '#domain/permissions';
import { MODELS_READ } from '#domain/quality';
import type { ModuleRegistry } from '../../registry.ts';
import { BIM_MODEL_FILE_OWNER, loadModel } from './shared/scope.ts';
import { createBimQueue } from './models/processing/queue.ts';
import { writeDemoModel } from './models/demo-model.ts';

/**
 * What Quality adds to checks other parts own, called once where the process is assembled (server/src/modules.ts):
 * a model's IFC files are read by whoever may read the model (staff with MODELS_READ in its project; the fragments
 * have their own route, models/routes.ts), the BIM processing queue runs beside the outbox consumers
 * (events/flow.ts starts and stops it), and the demo model's IFC is written when the demo is seeded.
 */
export function registerQuality(registry: ModuleRegistry): void {
  registry.fileAccess(BIM_MODEL_FILE_OWNER, async (db, user, file) => {
    if (user.kind !== 'staff' || !can(user.permissions, MODELS_READ)) return false;
    return loadModel(db, user, file.entityId).then(
      () => true,
      () => false,
    );
  });
  registry.backgroundWorker('bim-processing', createBimQueue);
  registry.demoFiles('quality-demo-model', writeDemoModel);
}

/** A model as the models routes answer it (domain/quality-responses.ts bimModelSchema), for Concrete's uploader. */
export { modelDto } from './models/dto.ts';
