import { and, eq } from 'drizzle-orm';
import { CBOX_FOLDER_ROOM, CBOX_ROOT_ROOM } from '#domain/cbox';
import { cboxFiles } from '../../db/schema/index.ts';
import type { ModuleRegistry } from '../../registry.ts';
import { can } from '#domain/permissions';
import { MODULE_PERMISSIONS } from '#domain/permissions';
import { levelsOnFile, loadFolder } from './shared/access.ts';
import { CBOX_FILE_ENTITY } from './shared/quota.ts';
import { CBOX_TRASH_PURGE } from './explorer/purge.ts';
import { UPLOAD_SWEEP } from './uploads/sweep.ts';

export { CBOX_FILE_ENTITY } from './shared/quota.ts';

/**
 * What Cbox adds to checks other parts own, called once where the process is assembled (server/src/modules.ts):
 * who may read a library file's bytes (whoever holds any level on it: docs/product.md §6), and who may join a
 * folder's live room (whoever sees the folder) or the root's (anyone with the module in that company); and the
 * purge of what waited in the trash CBOX_LIMITS.trashDays (explorer/purge.ts).
 */
export function registerCbox(registry: ModuleRegistry): void {
  // Upload sessions past CBOX_LIMITS.uploadSessionHours are aborted and their parts dropped.
  registry.periodicTask(UPLOAD_SWEEP);
  registry.fileAccess(CBOX_FILE_ENTITY, async (db, user, file) => {
    if (user.kind !== 'staff' || !can(user.permissions, MODULE_PERMISSIONS.cbox)) return false;
    const [row] = await db
      .select()
      .from(cboxFiles)
      .where(and(eq(cboxFiles.id, file.entityId), eq(cboxFiles.companyId, user.companyId)));
    if (!row || row.deletedAt) return false;
    return (await levelsOnFile(db, user, row)).length > 0;
  });
  registry.entityRoom(CBOX_FOLDER_ROOM, async (deps, user, id) => {
    if (user.kind !== 'staff' || !can(user.permissions, MODULE_PERMISSIONS.cbox)) return false;
    return loadFolder(deps.database.db, user, id).then(
      () => true,
      () => false,
    );
  });
  registry.entityRoom(
    CBOX_ROOT_ROOM,
    async (_deps, user, id) =>
      user.kind === 'staff' && id === user.companyId && can(user.permissions, MODULE_PERMISSIONS.cbox),
  );
  registry.periodicTask(CBOX_TRASH_PURGE);
}
