import { RECEPTION_OBSERVED_NOTIFICATION } from '#domain/verifications';
import type { ModuleRegistry } from '../../registry.ts';
import { NOTIFY_BOTH } from '../notifications/service.ts';
import { mayReadReceptionFile } from './receptions/support.ts';
import { RECEPTION_FILES } from './shared/events.ts';

/**
 * Verifications' public face for other modules (docs/modules.md §3) and its registration in server/src/modules.ts:
 * the notification of a reception signed with failed checkpoints (receptions/commands.ts), by e-mail and in the app by
 * default, and who may read the files its rows hold — a checkpoint's photos, the two signatures, a follow-up's
 * closing photos: staff with the module who see the reception's project (receptions/support.ts). Its live events go
 * to the project's room (receptions, follow-ups, program) and the company's (templates), which need no entity room.
 */
export function registerVerifications(registry: ModuleRegistry): void {
  registry.notificationType({ type: RECEPTION_OBSERVED_NOTIFICATION, group: 'verifications', defaults: NOTIFY_BOTH });
  for (const type of Object.values(RECEPTION_FILES))
    registry.fileAccess(type, (db, user, file) => mayReadReceptionFile(db, user, type, file.entityId));
}
