import type { CboxActivity } from '#domain/cbox';
import type { DbOrTx } from '../../../db/client.ts';
import { cboxActivity } from '../../../db/schema/index.ts';

/** One line of a file's (or folder's) activity log: who, what, and details such as the old and new name. */
export type ActivityEntry = {
  companyId: number;
  action: CboxActivity;
  actorId: number | null;
  cboxFileId?: number | null;
  folderId?: number | null;
  linkId?: number | null;
  detail?: Record<string, unknown>;
};

/** Writes activity lines (several at once for a bulk action). */
export async function recordActivity(db: DbOrTx, entries: readonly ActivityEntry[]): Promise<void> {
  if (!entries.length) return;
  await db.insert(cboxActivity).values(
    entries.map((e) => ({
      companyId: e.companyId,
      action: e.action,
      actorId: e.actorId,
      cboxFileId: e.cboxFileId ?? null,
      folderId: e.folderId ?? null,
      linkId: e.linkId ?? null,
      detail: e.detail ?? {},
    })),
  );
}
