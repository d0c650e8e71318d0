import { RECEPTION_CHANGED_EVENT, TEMPLATE_CHANGED_EVENT, type ReceptionState } from '#domain/verifications';
import type { Tx } from '../../../db/client.ts';
import { recordEvent } from '../../../events/outbox.ts';

/** Entity types of Verifications' history rows, live events and attached files. */
export const VERIFICATIONS_ENTITY = {
  reception: 'reception',
  followUp: 'reception_follow_up',
  template: 'reception_template',
} as const;
/** files.entity_type of a checkpoint's photos, a reception's two signatures and a follow-up's closing photos. */
export const RECEPTION_FILES = {
  itemPhoto: 'reception_item',
  signature: 'reception_signature',
  followUpPhoto: 'reception_follow_up',
} as const;

/** Where a notification about a reception leads. */
export const receptionLink = (id: number) => `/verifications/recepcion/${id}`;

/**
 * The live event of a reception, checkpoint, follow-up or program write (domain/verifications.ts
 * RECEPTION_CHANGED_EVENT), on the project's topic: every open Gantt, list, follow-up list and reception of the
 * project refetches. Call it last in the transaction (recordEvent holds the outbox lock until commit).
 */
export function announceReceptionChange(
  tx: Tx,
  at: { companyId: number; projectId: number; actorId: number | null; action: string },
  changed: { reception_id: number | null; state: ReceptionState | null },
): Promise<number> {
  return recordEvent(tx, {
    type: RECEPTION_CHANGED_EVENT,
    companyId: at.companyId,
    projectId: at.projectId,
    actorId: at.actorId,
    action: at.action,
    data: changed,
  });
}

/** The live event of a template write, on the company's topic (no project). */
export function announceTemplateChange(
  tx: Tx,
  at: { companyId: number; actorId: number | null; action: string },
  templateId: number,
): Promise<number> {
  return recordEvent(tx, {
    type: TEMPLATE_CHANGED_EVENT,
    companyId: at.companyId,
    actorId: at.actorId,
    action: at.action,
    data: { template_id: templateId },
  });
}
