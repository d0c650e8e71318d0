import { and, eq, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import { orderMachine, type OrderContext, type OrderEvent, type OrderState, type ScheduleFacts } from '#machines/order';
import { orderCommands } from '#domain/orders';
import { FAILURE_PENDING_STATES } from '#domain/failures';
import type { Tx } from '../../../db/client.ts';
import { failures, orderFailures, orders, projectSettings, ticketPauses, tickets } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../http/context.ts';
import type { CommandActor } from '../../../auth/guard.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { newToken, sha256 } from '../../../auth/tokens.ts';
import { runCommand, type Transition } from '../../../commands/runner.ts';
import { createTask, recipients, ticketCard, ticketLink, type AfterSalesEventType } from '../shared/events.ts';
import type { Ticket } from '../shared/scope.ts';
import { startProgressForVisit } from '../tickets/follow-work.ts';
import type { MachineAction } from '../../../commands/machine-check.ts';

export type Order = typeof orders.$inferSelect;

export const orderStored = (o: Order) => ({
  value: o.state,
  context: { startAt: o.startAt?.toISOString() ?? null, endAt: o.endAt?.toISOString() ?? null } as OrderContext,
});

export const ORDER_EVENT_TYPE: Partial<Record<OrderEvent['type'], AfterSalesEventType>> = {
  'order.schedule': 'order.scheduled',
  'order.reschedule': 'order.rescheduled',
  'order.confirm': 'order.confirmed',
  'order.reject': 'order.rejected',
};

/**
 * docs/product.md §4 schedule facts: the ticket's state, and whether a failure of this order is already managed
 * — its result was recorded in this order, or it reached a final outcome some other way (closed as
 * not applicable, solved...). A failure still 'falla' from an inspection does not lock a work order.
 */
export async function scheduleFacts(
  db: Tx | AppDeps['database']['db'],
  ticket: Pick<Ticket, 'state'>,
  orderId: number | null,
): Promise<ScheduleFacts> {
  if (orderId === null) return { ticketState: ticket.state, hasManagedFailure: false };
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderFailures)
    .innerJoin(failures, eq(failures.id, orderFailures.failureId))
    .where(
      and(
        eq(orderFailures.orderId, orderId),
        or(isNotNull(orderFailures.result), notInArray(failures.state, [...FAILURE_PENDING_STATES])),
      ),
    );
  return { ticketState: ticket.state, hasManagedFailure: r.n > 0 };
}

export async function confirmationHours(db: Tx | AppDeps['database']['db'], projectId: number) {
  const [s] = await db
    .select({ hours: projectSettings.ownerConfirmationLimitHours })
    .from(projectSettings)
    .where(eq(projectSettings.projectId, projectId));
  return s?.hours ?? 24;
}

/**
 * Persists an order transition: schedule, state, the owner's decision, the single-use e-mail
 * token when the owner must (re)confirm, the "waiting on the owner" pause and the responsible's task.
 * Returns the raw token only when a new confirmation must be e-mailed.
 */
export async function persistOrderStep(
  tx: Tx,
  ticket: Ticket,
  order: Order,
  step: { from: OrderState; to: OrderState; context: OrderContext; actions: MachineAction[] },
  event: OrderEvent,
  actorId: number | null,
) {
  const now = new Date();
  const askOwner = step.actions.some((a) => a.type === 'notifyOwner');
  const token = askOwner ? newToken() : undefined;
  const startAt = step.context.startAt ? new Date(step.context.startAt) : null;
  const endAt = step.context.endAt ? new Date(step.context.endAt) : null;
  const patch: Partial<typeof orders.$inferInsert> = {
    state: step.to,
    previousState: step.from,
    startAt,
    endAt,
    durationMinutes: startAt && endAt ? Math.round((endAt.getTime() - startAt.getTime()) / 60_000) : null,
    updatedAt: now,
  };
  if (token)
    Object.assign(patch, {
      confirmTokenHash: sha256(token),
      confirmTokenUsedAt: null,
      ownerDecision: null,
      ownerDecisionAt: null,
      ownerDecisionReason: null,
    });
  if (event.type === 'order.unschedule' || event.type === 'order.cancel')
    Object.assign(patch, { confirmTokenHash: null });
  if (event.type === 'order.confirm' || event.type === 'order.reject') {
    // The e-mailed link is single use: it stays known (to say it was used) but answers nothing more.
    Object.assign(patch, {
      ownerDecision: event.type === 'order.confirm' ? 'confirmada' : 'rechazada',
      ownerDecisionAt: now,
      confirmTokenUsedAt: now,
    });
  }
  if (event.type === 'order.manage') Object.assign(patch, { managedAt: now, managedBy: actorId });
  const [row] = await tx.update(orders).set(patch).where(eq(orders.id, order.id)).returning();
  await syncOwnerWait(tx, ticket, now);
  if (askOwner && row.responsibleId && startAt) {
    await createTask(tx, {
      companyId: ticket.companyId,
      userId: row.responsibleId,
      projectId: ticket.projectId,
      key: 'after_sales.tasks.order_scheduled',
      params: { code: row.code, ticket: ticket.code },
      link: `${ticketLink(ticket.id)}/${row.kind.toLowerCase()}/gestionar/${row.id}`,
      dueAt: startAt,
    });
  }
  // A scheduled visit moves the ticket on (docs/product.md §4 "The work moves the ticket").
  if (askOwner) await startProgressForVisit(tx, ticket.id, actorId, row);
  const [touched] = await tx.update(tickets).set({ updatedAt: now }).where(eq(tickets.id, ticket.id)).returning();
  return { row, token, ticket: touched };
}

/**
 * The "waiting on the owner" pause of the efficiency clocks (dashboard/eficiencia) is open while
 * any visit of the ticket awaits the owner's confirmation (state agendada).
 */
export async function syncOwnerWait(tx: Tx, ticket: Ticket, now: Date) {
  const [waiting] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.ticketId, ticket.id), eq(orders.state, 'agendada')));
  const [open] = await tx
    .select()
    .from(ticketPauses)
    .where(
      and(
        eq(ticketPauses.ticketId, ticket.id),
        eq(ticketPauses.reason, 'espera_propietario'),
        isNull(ticketPauses.endedAt),
      ),
    );
  if (waiting.n > 0 && !open)
    await tx
      .insert(ticketPauses)
      .values({ companyId: ticket.companyId, ticketId: ticket.id, reason: 'espera_propietario', startedAt: now });
  if (waiting.n === 0 && open) await tx.update(ticketPauses).set({ endedAt: now }).where(eq(ticketPauses.id, open.id));
}

type Extra = (
  tx: Tx,
  next: Transition<typeof orderMachine, Order>,
  result: { row: Order; ticket: Ticket },
) => Promise<void>;

/**
 * One order state change through the order machine (docs/product.md §4 Orders), in one transaction. The
 * event's permission comes from domain/orders.ts: staff need it, the owner ('owner': the portal or
 * the e-mailed link) only confirms or rejects.
 */
export async function orderCommand(
  deps: AppDeps,
  actor: CommandActor,
  ticket: Ticket,
  orderId: number,
  event: OrderEvent,
  t: Translate,
  opts: { extra?: Extra; actorId?: number | null; patch?: Partial<typeof orders.$inferInsert> } = {},
) {
  const actorId = opts.actorId !== undefined ? opts.actorId : typeof actor === 'string' ? null : actor.id;
  const { result } = await runCommand(deps, {
    machine: orderMachine,
    machineName: 'order',
    entity: { type: 'ticket', id: ticket.id, companyId: ticket.companyId, projectId: ticket.projectId },
    load: async (tx) => {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.ticketId, ticket.id), eq(orders.companyId, ticket.companyId)))
        .for('update');
      return row && { ...orderStored(row), row, projectId: row.projectId };
    },
    event,
    commands: orderCommands,
    actor,
    persist: async (tx, next) => {
      if (opts.patch) await tx.update(orders).set(opts.patch).where(eq(orders.id, orderId));
      const base = opts.patch ? ({ ...next.row, ...opts.patch } as Order) : next.row;
      const r = await persistOrderStep(
        tx,
        ticket,
        base,
        { from: next.from, to: next.to, context: next.context as OrderContext, actions: next.actions },
        event,
        actorId,
      );
      await opts.extra?.(tx, next, r);
      const toOwner = r.token !== undefined || event.type === 'order.cancel';
      return { ...r, who: await recipients(tx, r.ticket, actorId, toOwner) };
    },
    userId: actorId,
    t,
    eventType: ORDER_EVENT_TYPE[event.type] ?? 'order.changed',
    data: (next, r) => ({
      ...ticketCard(r.ticket),
      orderId: r.row.id,
      orderCode: r.row.code,
      kind: r.row.kind,
      orderState: r.row.state,
      from: next.from,
      orderResponsibleId: r.row.responsibleId,
      startAt: r.row.startAt?.toISOString() ?? null,
      endAt: r.row.endAt?.toISOString() ?? null,
      ownerDecision: r.row.ownerDecision,
      ownerNotifiable: r.who.ownerNotifiable,
    }),
    notify: (_n, r) => [
      ...new Set([
        ...r.who.notify,
        ...(r.row.responsibleId && r.row.responsibleId !== actorId ? [r.row.responsibleId] : []),
      ]),
    ],
    link: ticketLink(ticket.id),
  });
  return result;
}
