import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { cboxMoveSchema } from '#domain/schemas/cbox';
import type { DbOrTx } from '../../../db/client.ts';
import { cboxFiles, cboxFolders } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError } from '../../../lib/errors.ts';
import {
  assertCanAddTo,
  folderChain,
  isCboxAdmin,
  loadFile,
  loadFolder,
  type CboxFileRow,
  type Folder,
} from '../shared/access.ts';
import { recordActivity, type ActivityEntry } from '../shared/activity.ts';
import { folderChanged } from '../shared/events.ts';
import { nameTaken, orNameTaken } from './names.ts';

type Named = { id: number; name: string };

/** Live names in a folder (or the root) of one kind, leaving out the items being moved there. */
async function namesIn(
  db: DbOrTx,
  companyId: number,
  folderId: number | null,
  kind: 'folder' | 'file',
  except: number[],
): Promise<string[]> {
  const table = kind === 'folder' ? cboxFolders : cboxFiles;
  const parent = kind === 'folder' ? cboxFolders.parentId : cboxFiles.folderId;
  const rows = await db
    .select({ name: table.name })
    .from(table)
    .where(
      and(
        eq(table.companyId, companyId),
        folderId === null ? isNull(parent) : eq(parent, folderId),
        isNull(table.deletedAt),
        ...(except.length ? [notInArray(table.id, except)] : []),
      ),
    );
  return rows.map((r) => r.name);
}

/** The first item whose name is taken in the target, by what is there or by another item of the same move. */
function firstClash(items: readonly Named[], taken: readonly string[]): Named | undefined {
  const seen = new Set(taken.map((n) => n.toLowerCase()));
  for (const item of items) {
    const key = item.name.toLowerCase();
    if (seen.has(key)) return item;
    seen.add(key);
  }
  return undefined;
}

/**
 * POST biblioteca/mover: folders and files into a folder (or the root), all or nothing. The caller needs can-edit
 * on each item and on the target; a folder never goes into itself or below itself; a name the target already holds
 * is a 409 naming the item. Every source folder and the target hear of it.
 */
export async function moveItems(
  deps: AppDeps,
  user: SessionUser,
  input: z.output<typeof cboxMoveSchema>,
): Promise<{ moved: number }> {
  const db = deps.database.db;
  const targetId = input.target_id ?? null;
  const folders: Folder[] = [];
  // The top-level folder each item sits under (its own id for a top-level folder, null for a file at the root).
  const tops: { createdBy: number | null; top: number | null }[] = [];
  for (const id of new Set(input.folder_ids)) {
    const { folder, chain } = await loadFolder(db, user, id, 'can-edit');
    folders.push(folder);
    tops.push({ createdBy: folder.createdBy, top: chain[chain.length - 1].id });
  }
  const movedFiles: CboxFileRow[] = [];
  for (const id of new Set(input.file_ids)) {
    const { file } = await loadFile(db, user, id, 'can-edit');
    movedFiles.push(file);
    const chain = file.folderId !== null ? await folderChain(db, user.companyId, file.folderId) : [];
    tops.push({ createdBy: file.createdBy, top: chain.length ? chain[chain.length - 1].id : null });
  }
  let targetName: string | null = null;
  let targetTop: number | null = null;
  if (targetId === null) {
    if (movedFiles.length) await assertCanAddTo(db, user, null, 'file');
  } else {
    const { folder: target, chain } = await loadFolder(db, user, targetId, 'can-edit');
    targetName = target.name;
    targetTop = chain[chain.length - 1].id;
    const moving = new Set(folders.map((f) => f.id));
    if (chain.some((node) => moving.has(node.id))) throw new ApiError(422, 'cbox.errors.move_into_itself');
  }
  // Moving decides what is inherited: only an administrator or the item's creator may take it out of the tree it is
  // in, so editing rights never turn into owning someone else's item (by moving it under a folder of one's own).
  if (!isCboxAdmin(user) && tops.some((t) => t.createdBy !== user.id && (t.top === null || t.top !== targetTop)))
    throw new ApiError(403, 'cbox.errors.move_outside_tree');
  const folderClash = firstClash(
    folders,
    await namesIn(
      db,
      user.companyId,
      targetId,
      'folder',
      folders.map((f) => f.id),
    ),
  );
  const fileClash = firstClash(
    movedFiles,
    await namesIn(
      db,
      user.companyId,
      targetId,
      'file',
      movedFiles.map((f) => f.id),
    ),
  );
  const clash = folderClash ?? fileClash;
  if (clash) throw nameTaken(clash.name);

  const sourceIds = [...folders.map((f) => f.parentId), ...movedFiles.map((f) => f.folderId)];
  const sourceNames = await folderNames(db, user.companyId, sourceIds);
  const now = new Date();
  const activity: ActivityEntry[] = [
    ...folders.map((f) => ({ folderId: f.id, from: f.parentId })),
    ...movedFiles.map((f) => ({ cboxFileId: f.id, from: f.folderId })),
  ].map(({ from, ...item }) => ({
    ...item,
    companyId: user.companyId,
    action: 'moved' as const,
    actorId: user.id,
    detail: { from: from !== null ? (sourceNames.get(from) ?? null) : null, to: targetName },
  }));
  await orNameTaken(folders[0]?.name ?? movedFiles[0]?.name ?? '', () =>
    db.transaction(async (tx) => {
      if (folders.length)
        await tx
          .update(cboxFolders)
          .set({ parentId: targetId, updatedAt: now })
          .where(
            and(
              eq(cboxFolders.companyId, user.companyId),
              inArray(
                cboxFolders.id,
                folders.map((f) => f.id),
              ),
            ),
          );
      if (movedFiles.length)
        await tx
          .update(cboxFiles)
          .set({ folderId: targetId, updatedAt: now })
          .where(
            and(
              eq(cboxFiles.companyId, user.companyId),
              inArray(
                cboxFiles.id,
                movedFiles.map((f) => f.id),
              ),
            ),
          );
      await recordActivity(tx, activity);
      await folderChanged(tx, {
        companyId: user.companyId,
        actorId: user.id,
        action: 'moved',
        folderIds: [...sourceIds, targetId],
      });
    }),
  );
  return { moved: folders.length + movedFiles.length };
}

async function folderNames(db: DbOrTx, companyId: number, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: cboxFolders.id, name: cboxFolders.name })
    .from(cboxFolders)
    .where(and(eq(cboxFolders.companyId, companyId), inArray(cboxFolders.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
