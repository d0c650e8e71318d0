import { CM_ENTITY, type CmEventData, type CmEventType } from '#domain/cmanagement';
import type { Tx } from '../../../db/client.ts';
import { recordEvent } from '../../../events/outbox.ts';
import { cmTicketCode, type CmTicket } from '../shared/scope.ts';

type TicketEventType = Extract<CmEventType, `cm_ticket.${string}`>;

/** Where a ticket's notification leads (docs/product.md §2 tickets/{ticketId}). */
export const cmTicketLink = (ticketId: number) => `/cmanagement/tickets/${ticketId}`;

/** What every cm_ticket.* event carries: the ticket, and `ref`/`subject` that word its notification. */
export const ticketEventData = (ticket: CmTicket): CmEventData & Record<string, unknown> => ({
  ticket_id: ticket.id,
  ref: cmTicketCode(ticket.number),
  subject: ticket.title,
});

/**
 * A cm_ticket.* outbox event on the ticket's project (docs/api.md, Cmanagement "Live"): the list, the board and the
 * ticket page of everyone in the project refetch on it; `notify` are the people told (notification-types.ts).
 */
export function emitTicketEvent(
  tx: Tx,
  ticket: CmTicket,
  type: TicketEventType,
  opts: { actorId: number | null; data?: Record<string, unknown>; notify?: readonly number[] },
) {
  return recordEvent(tx, {
    type,
    companyId: ticket.companyId,
    projectId: ticket.projectId,
    entity: { type: CM_ENTITY.ticket, id: ticket.id },
    actorId: opts.actorId,
    data: { ...ticketEventData(ticket), ...opts.data },
    notify: opts.notify?.filter((id) => id !== opts.actorId),
    link: cmTicketLink(ticket.id),
  });
}
