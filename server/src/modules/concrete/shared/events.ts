import { CONCRETE_PLACEMENT_CHANGED_EVENT } from '#domain/concrete-placements';
import type { Tx } from '../../../db/client.ts';
import { recordEvent } from '../../../events/outbox.ts';

/** Entity types of Concrete's history rows and live events. */
export const CONCRETE_ENTITY = { placement: 'concrete_placement', batch: 'concrete_batch' } as const;

/** Where a notification about a placement or a batch leads. */
export const placementLink = (id: number) => `/concrete/placements/${id}`;
export const batchLink = (id: number) => `/concrete/placements/lotes/${id}`;

/**
 * The live event of a placement, sample or batch write (domain/concrete-placements.ts
 * CONCRETE_PLACEMENT_CHANGED_EVENT), on the project's topic: every open list, detail and advanceBim of the project
 * refetches what it names. Call it last in the transaction (recordEvent holds the outbox lock until commit).
 */
export function announcePlacementChange(
  tx: Tx,
  at: { companyId: number; projectId: number; actorId: number | null; action: string },
  changed: { placement_ids: number[]; batch_ids: number[] },
): Promise<number> {
  return recordEvent(tx, {
    type: CONCRETE_PLACEMENT_CHANGED_EVENT,
    companyId: at.companyId,
    projectId: at.projectId,
    actorId: at.actorId,
    action: at.action,
    data: changed,
  });
}
