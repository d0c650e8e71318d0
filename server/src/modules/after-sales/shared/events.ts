import type { Tx } from '../../../db/client.ts';
import { activityLog, tasks, users } from '../../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { recordEvent } from '../../../events/outbox.ts';
import { translator, pickLocale } from '../../../lib/i18n.ts';
import type { Ticket } from './scope.ts';
import { ownerRecipient, supervisorsOf } from './people.ts';
import { STAFF_DATA } from '#domain/realtime';
import { ticketScreenView } from '../tickets/list.ts';

/**
 * Outbox event types this module emits (the notifications/realtime consumers key on them). Every
 * event's entity is the ticket, so its topic is qa/<company>/projects/<project>/tickets/<ticket>.
 */
export type AfterSalesEventType =
  | 'ticket.created'
  | 'ticket.updated'
  | 'ticket.assigned'
  | 'ticket.message'
  | 'ticket.state_changed'
  | 'ticket.response_overdue'
  | 'failure.changed'
  | 'order.scheduled'
  | 'order.rescheduled'
  | 'order.confirmed'
  | 'order.rejected'
  | 'order.changed'
  | 'ac.result'
  | 'ac.signed';

export const ticketLink = (ticketId: number) => `/warranties/solicitud/${ticketId}`;
export const ticketEntity = (ticket: Pick<Ticket, 'id' | 'companyId' | 'projectId'>) => ({
  type: 'ticket',
  id: ticket.id,
  companyId: ticket.companyId,
  projectId: ticket.projectId,
});

/** What a board needs to update a ticket card without refetching. */
export const ticketCard = (t: Ticket) => ({
  ticketId: t.id,
  code: t.code,
  subject: t.subject,
  state: t.state,
  previousState: t.previousState,
  priority: t.priority,
  origin: t.origin,
  responsibleId: t.responsibleId,
  unitId: t.unitId,
  towerId: t.towerId,
  projectId: t.projectId,
  updatedAt: t.updatedAt.toISOString(),
});

/**
 * The data of an event that changed a ticket: its card, and for staff screens the row and board figures it
 * left (tickets/list.ts ticketScreenView), so lists and boards change without asking. Call after the writes.
 */
export async function ticketEventData(tx: Tx, ticket: Ticket) {
  return { ...ticketCard(ticket), [STAFF_DATA]: await ticketScreenView(tx, ticket.id) };
}

/**
 * Who hears about a ticket: responsible and cc (never the actor), the project's supervisors when
 * `supervisors` (a new ticket and state changes, docs/product.md#notifications), and the applicant's
 * portal account when `toOwner` and its e-mail is verified (docs/product.md §5). `ownerNotifiable` goes
 * in the event data. Each person's preferences are applied by the notifications consumer.
 */
export async function recipients(
  tx: Tx,
  ticket: Ticket,
  actorId: number | null,
  toOwner: boolean,
  opts: { supervisors?: boolean } = {},
) {
  const owner = await ownerRecipient(tx, ticket.applicantOwnerId);
  const supervisors = opts.supervisors ? await supervisorsOf(tx, ticket.companyId, ticket.projectId) : [];
  const staff = [ticket.responsibleId, ...ticket.cc, ...supervisors].filter(
    (id): id is number => typeof id === 'number',
  );
  const notify = [...new Set([...staff, ...(toOwner && owner.userId ? [owner.userId] : [])])].filter(
    (id) => id !== actorId,
  );
  return { notify, ownerNotifiable: owner.notifiable };
}

/** Writes an event about a ticket (no state machine involved) plus its history row; call last in the transaction. */
export async function emitTicketEvent(
  tx: Tx,
  ticket: Ticket,
  type: AfterSalesEventType,
  opts: {
    actorId: number | null;
    action: string;
    data?: Record<string, unknown>;
    toOwner?: boolean;
    activity?: boolean;
    notify?: number[];
    supervisors?: boolean;
  },
) {
  const who = await recipients(tx, ticket, opts.actorId, opts.toOwner ?? false, { supervisors: opts.supervisors });
  const data = { ...(await ticketEventData(tx, ticket)), ...opts.data, ownerNotifiable: who.ownerNotifiable };
  if (opts.activity !== false) {
    await tx.insert(activityLog).values({
      companyId: ticket.companyId,
      projectId: ticket.projectId,
      entityType: 'ticket',
      entityId: ticket.id,
      action: opts.action,
      userId: opts.actorId,
      data: opts.data ?? {},
    });
  }
  return recordEvent(tx, {
    type,
    companyId: ticket.companyId,
    projectId: ticket.projectId,
    entity: { type: 'ticket', id: ticket.id },
    actorId: opts.actorId,
    action: opts.action,
    data,
    notify: opts.notify ?? who.notify,
    link: ticketLink(ticket.id),
    labels: { entity: 'after_sales.events.entity', action: `after_sales.events.${opts.action}` },
  });
}

/** Home my-tasks (docs/product.md §2): a task for the person a ticket is assigned to or a visit is scheduled for. */
export async function createTask(
  tx: Tx,
  input: {
    companyId: number;
    userId: number;
    projectId: number;
    key: string;
    params: Record<string, string | number>;
    link: string;
    dueAt: Date;
  },
) {
  const [user] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, input.userId));
  const t = translator(pickLocale(user?.locale ?? 'es'));
  await tx.insert(tasks).values({
    companyId: input.companyId,
    userId: input.userId,
    projectId: input.projectId,
    title: t(input.key, input.params).slice(0, 300),
    kind: 'postventa',
    link: input.link,
    dueAt: input.dueAt,
  });
}
