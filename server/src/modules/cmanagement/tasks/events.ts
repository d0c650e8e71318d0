import { CM_ENTITY, type CmEventData, type CmEventType } from '#domain/cmanagement';
import type { Tx } from '../../../db/client.ts';
import { recordEvent } from '../../../events/outbox.ts';
import { cmTicketCode, type CmTicket } from '../shared/scope.ts';

type TaskEventType = Extract<CmEventType, `cm_task.${string}`>;

/** Where a task's notification leads: its ticket's page (docs/product.md §2 tickets/{ticketId}). */
export const cmTaskLink = (ticketId: number) => `/cmanagement/tickets/${ticketId}`;

/**
 * A cm_task.* outbox event on the ticket's project (docs/api.md, Cmanagement "Live"): the Gantt, the calendar and
 * the ticket page of everyone in the project refetch on it. `ref`, `subject`, `task` and `date` word the
 * notification (locales: notifications.types.cm_task_*).
 */
export function emitTaskEvent(
  tx: Tx,
  ticket: CmTicket,
  type: TaskEventType,
  opts: {
    taskId: number;
    taskName: string;
    actorId: number | null;
    data?: Record<string, unknown>;
    notify?: readonly number[];
  },
) {
  const data: CmEventData & Record<string, unknown> = {
    ticket_id: ticket.id,
    task_id: opts.taskId,
    ref: cmTicketCode(ticket.number),
    subject: ticket.title,
    task: opts.taskName,
    ...opts.data,
  };
  return recordEvent(tx, {
    type,
    companyId: ticket.companyId,
    projectId: ticket.projectId,
    entity: { type: CM_ENTITY.task, id: opts.taskId },
    actorId: opts.actorId,
    data,
    notify: opts.notify,
    link: cmTaskLink(ticket.id),
  });
}
