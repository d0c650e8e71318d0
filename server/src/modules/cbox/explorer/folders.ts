import { and, eq } from 'drizzle-orm';
import { FULL_ACCESS } from '#domain/cbox';
import type { CboxFolderDetail, CboxFolderItem } from '#domain/cbox-responses';
import type { cboxFolderCreateSchema, cboxFolderRenameSchema } from '#domain/schemas/cbox';
import type { z } from 'zod';
import { cboxFolders } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { assertCanAddTo, loadFolder } from '../shared/access.ts';
import { recordActivity } from '../shared/activity.ts';
import { folderChanged } from '../shared/events.ts';
import { itemsOf } from './hydrate.ts';
import { orNameTaken } from './names.ts';
import { trailOf } from './trails.ts';
import type { DbOrTx } from '../../../db/client.ts';

/** One folder as an item, with the levels given. */
async function folderAsItem(db: DbOrTx, user: SessionUser, id: number, levels: CboxFolderItem['levels']) {
  const [item] = await itemsOf(db, user, [{ kind: 'folder', id, levels }]);
  return item as CboxFolderItem;
}

/** GET biblioteca/carpetas/{id}: the folder, what the caller holds on it and the way to it. */
export async function folderDetail(db: DbOrTx, user: SessionUser, id: number): Promise<CboxFolderDetail> {
  const { folder, levels } = await loadFolder(db, user, id);
  return { folder: await folderAsItem(db, user, folder.id, levels), trail: await trailOf(db, user, folder.parentId) };
}

/** POST biblioteca/carpetas: a folder in one the caller may edit, or at the root (anyone); its creator holds it all. */
export async function createFolder(
  deps: AppDeps,
  user: SessionUser,
  input: z.output<typeof cboxFolderCreateSchema>,
): Promise<CboxFolderItem> {
  const db = deps.database.db;
  const parentId = input.parent_id ?? null;
  await assertCanAddTo(db, user, parentId, 'folder');
  const id = await orNameTaken(input.name, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(cboxFolders)
        .values({ companyId: user.companyId, parentId, name: input.name, createdBy: user.id })
        .returning({ id: cboxFolders.id });
      await folderChanged(tx, {
        companyId: user.companyId,
        actorId: user.id,
        action: 'created',
        folderIds: [parentId],
      });
      return row.id;
    }),
  );
  return folderAsItem(db, user, id, [...FULL_ACCESS]);
}

/** PATCH biblioteca/carpetas/{id}: a new name, unique in its folder. */
export async function renameFolder(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  input: z.output<typeof cboxFolderRenameSchema>,
): Promise<CboxFolderItem> {
  const db = deps.database.db;
  const { folder, levels } = await loadFolder(db, user, id, 'can-edit');
  if (folder.name !== input.name)
    await orNameTaken(input.name, () =>
      db.transaction(async (tx) => {
        await tx
          .update(cboxFolders)
          .set({ name: input.name, updatedAt: new Date() })
          .where(and(eq(cboxFolders.id, id), eq(cboxFolders.companyId, user.companyId)));
        await recordActivity(tx, [
          {
            companyId: user.companyId,
            action: 'renamed',
            actorId: user.id,
            folderId: id,
            detail: { from: folder.name, to: input.name },
          },
        ]);
        await folderChanged(tx, {
          companyId: user.companyId,
          actorId: user.id,
          action: 'renamed',
          folderIds: [folder.parentId],
        });
      }),
    );
  return folderAsItem(db, user, id, levels);
}
