import { BATCH_NONCONFORMING_NOTIFICATION } from '#domain/concrete-placements';
import type { ModuleRegistry } from '../../registry.ts';
import { NOTIFY_BOTH } from '../notifications/service.ts';
import { CONCRETE_DOCUMENT_FILES, mayReadConcreteDocument } from './uploader/documents.ts';

/**
 * Concrete's public face for other modules (docs/modules.md §3): the company's settings (the batch limit and the
 * acceptance rule domain/concrete.ts evaluateBatch judges with), and its registration in server/src/modules.ts — the
 * notification of a batch judged non-conforming (batches/judge.ts), by e-mail and in the app by default, and who may
 * read a supporting document's PDF (uploader/documents.ts). Its live events go to the project's room (placements,
 * batches, the uploader) and the company's (configuration), which need no entity room.
 */
export { concreteSettingsOf } from './config/settings.ts';

export function registerConcrete(registry: ModuleRegistry): void {
  registry.notificationType({ type: BATCH_NONCONFORMING_NOTIFICATION, group: 'concrete', defaults: NOTIFY_BOTH });
  // A supporting document's PDF (uploader/documents.ts): staff with the module who see its project.
  registry.fileAccess(CONCRETE_DOCUMENT_FILES, (db, user, file) => mayReadConcreteDocument(db, user, file.entityId));
}
