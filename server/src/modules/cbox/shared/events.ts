import { CBOX_EVENTS, CBOX_FOLDER_ROOM, CBOX_ROOT_ROOM } from '#domain/cbox';
import type { Tx } from '../../../db/client.ts';
import { recordEvent } from '../../../events/outbox.ts';

/** The room whose members see a folder's listing change (the root's when folderId is null). */
export const folderRoom = (companyId: number, folderId: number | null) =>
  folderId === null ? { type: CBOX_ROOT_ROOM, id: companyId } : { type: CBOX_FOLDER_ROOM, id: folderId };

/**
 * Tells whoever has a folder open that its listing changed (docs/architecture.md §5: outbox → MQTT → Socket.IO), in
 * the writer's transaction and last in it (recordEvent holds the outbox lock until commit). One event per folder
 * touched: a move changes the folder left and the folder entered.
 */
export async function folderChanged(
  tx: Tx,
  change: { companyId: number; actorId: number | null; action: string; folderIds: readonly (number | null)[] },
): Promise<void> {
  const seen = new Set<number | null>(change.folderIds);
  for (const folderId of seen) {
    await recordEvent(tx, {
      type: CBOX_EVENTS.changed,
      companyId: change.companyId,
      entity: folderRoom(change.companyId, folderId),
      actorId: change.actorId,
      action: change.action,
      data: { folder_id: folderId, action: change.action },
    });
  }
}
