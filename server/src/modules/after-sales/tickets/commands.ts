import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  ticketMachine,
  type TicketContext,
  type TicketEvent,
  type TicketEventType,
  type TicketState,
} from '#machines/ticket';
import { TICKET_DONE_STATES, TICKET_RESOLVED_STATES, ticketCommands } from '#domain/tickets';
import { FAILURE_PENDING_STATES } from '#machines/failure';
import type { Tx } from '../../../db/client.ts';
import { acs, failures, orders, ticketMessages, ticketPauses, tickets } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { runCommand, type Transition } from '../../../commands/runner.ts';
import { loadTicket, type Ticket } from '../shared/scope.ts';
import { recipients, ticketEventData, ticketLink } from '../shared/events.ts';

type Extra = (tx: Tx, next: Transition<typeof ticketMachine, Ticket>, row: Ticket) => Promise<void>;

/**
 * Every ticket state change (docs/product.md §4): the event's permission comes from domain/tickets.ts
 * (runCommand checks it), the ticket machine decides, this persists — state,
 * previous state (for un-postponing), pause intervals for the efficiency clocks, and the effects
 * the machine names (removePendingFailures, moveToMergeTarget).
 */
export async function ticketCommand(
  deps: AppDeps,
  user: SessionUser,
  ticketId: number,
  event: TicketEvent,
  t: Translate,
  extra?: Extra,
) {
  const now = new Date();
  const { result } = await runCommand(deps, {
    machine: ticketMachine,
    machineName: 'ticket',
    entity: { type: 'ticket', id: ticketId, companyId: user.companyId },
    load: async (tx) => {
      const row = await loadTicket(tx, user, ticketId, true);
      return {
        value: row.state,
        context: { previousState: row.previousState } as TicketContext,
        row,
        projectId: row.projectId,
      };
    },
    event,
    commands: ticketCommands,
    actor: user,
    persist: async (tx, next) => {
      const to = next.to;
      const context = next.context as TicketContext;
      const [row] = await tx
        .update(tickets)
        .set({
          state: to,
          previousState: context.previousState,
          resolvedAt: (TICKET_DONE_STATES as readonly string[]).includes(to)
            ? now
            : event.type === 'ticket.reopen'
              ? null
              : next.row.resolvedAt,
          closeJustification: 'justification' in event ? event.justification.trim() : next.row.closeJustification,
          mergedIntoId: event.type === 'ticket.merge' ? event.intoTicketId : next.row.mergedIntoId,
          updatedAt: now,
        })
        .where(eq(tickets.id, ticketId))
        .returning();
      await updatePauses(tx, row, next.from, to, now);
      if (next.actions.some((a) => a.type === 'removePendingFailures')) {
        await tx
          .delete(failures)
          .where(and(eq(failures.ticketId, ticketId), inArray(failures.state, [...FAILURE_PENDING_STATES])));
      }
      if (next.actions.some((a) => a.type === 'moveToMergeTarget') && event.type === 'ticket.merge')
        await moveToTarget(tx, row, event.intoTicketId);
      if ('justification' in event) {
        // docs/product.md §5: closing requires a justification message; the owner reads why in the timeline.
        await tx.insert(ticketMessages).values({
          companyId: row.companyId,
          ticketId,
          authorId: user.id,
          visibility: 'public',
          kind: 'change',
          body: event.justification.trim(),
          data: { action: event.type, from: next.from, to },
        });
      }
      await extra?.(tx, next, row);
      return {
        row,
        who: await recipients(tx, row, user.id, true, { supervisors: true }),
        eventData: await ticketEventData(tx, row),
      };
    },
    userId: user.id,
    t,
    eventType: 'ticket.state_changed',
    data: (_next, r) => ({ ...r.eventData, ownerNotifiable: r.who.ownerNotifiable }),
    notify: (_next, r) => r.who.notify,
    link: ticketLink(ticketId),
  });
  return result.row;
}

/** The efficiency clocks stop while postponed (dashboard/eficiencia); a resolved ticket stops waiting. */
async function updatePauses(tx: Tx, row: Ticket, from: string, to: TicketState, now: Date) {
  if (to === 'postergada' && from !== 'postergada') {
    await tx
      .insert(ticketPauses)
      .values({ companyId: row.companyId, ticketId: row.id, reason: 'postergada', startedAt: now });
  }
  if (from === 'postergada' && to !== 'postergada') {
    await tx
      .update(ticketPauses)
      .set({ endedAt: now })
      .where(
        and(eq(ticketPauses.ticketId, row.id), eq(ticketPauses.reason, 'postergada'), isNull(ticketPauses.endedAt)),
      );
  }
  if ((TICKET_DONE_STATES as readonly string[]).includes(to)) {
    await tx
      .update(ticketPauses)
      .set({ endedAt: now })
      .where(and(eq(ticketPauses.ticketId, row.id), isNull(ticketPauses.endedAt)));
  }
}

/** Merge (docs/product.md §4): messages, failures, orders and ACs move to the surviving ticket. */
async function moveToTarget(tx: Tx, merged: Ticket, targetId: number) {
  await tx.update(ticketMessages).set({ ticketId: targetId }).where(eq(ticketMessages.ticketId, merged.id));
  await tx.update(failures).set({ ticketId: targetId, updatedAt: new Date() }).where(eq(failures.ticketId, merged.id));
  await tx.update(orders).set({ ticketId: targetId, updatedAt: new Date() }).where(eq(orders.ticketId, merged.id));
  await tx.update(acs).set({ ticketId: targetId, updatedAt: new Date() }).where(eq(acs.ticketId, merged.id));
  await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, targetId));
}

/** Failures still to be dealt with, the fact ticket.resolve's guard needs. */
export async function pendingFailureCount(tx: Tx | AppDeps['database']['db'], ticketId: number) {
  const rows = await tx
    .select({ id: failures.id })
    .from(failures)
    .where(and(eq(failures.ticketId, ticketId), inArray(failures.state, [...FAILURE_PENDING_STATES])));
  return rows.length;
}

/**
 * The event a verb route sends (POST solicitudes/{id}/<verb>, domain/tickets.ts): what its body
 * carries, plus the facts only the server knows (the resolve guard's pending failures).
 */
export async function ticketEventFor(
  db: AppDeps['database']['db'],
  ticketId: number,
  type: TicketEventType,
  body: object,
): Promise<TicketEvent> {
  switch (type) {
    case 'ticket.resolve':
      return { type, pendingFailureCount: await pendingFailureCount(db, ticketId) };
    case 'ticket.close':
    case 'ticket.markNotApplicable':
      return {
        type,
        justification: 'justification' in body && typeof body.justification === 'string' ? body.justification : '',
      };
    default:
      return { type } as TicketEvent;
  }
}

/**
 * docs/product.md §4 "the save button can send it as a different state": the event that moves the ticket to the
 * chosen state. The machine still decides whether it is allowed from where the ticket is.
 */
export function eventForState(
  state: TicketState,
  current: TicketState,
  input: { justification?: string; pendingFailures: number },
): TicketEvent | undefined {
  if (state === current) return undefined;
  switch (state) {
    case 'abierta':
    case 'en_proceso':
      return current === 'postergada'
        ? { type: 'ticket.unpostpone' }
        : (TICKET_RESOLVED_STATES as readonly string[]).includes(current) && state === 'abierta'
          ? { type: 'ticket.reopen' }
          : { type: 'ticket.saveAs', state };
    case 'nueva':
      return current === 'postergada' ? { type: 'ticket.unpostpone' } : { type: 'ticket.saveAs', state };
    case 'postergada':
      return { type: 'ticket.postpone' };
    case 'finalizada':
      return { type: 'ticket.close', justification: input.justification ?? '' };
    case 'no_aplica':
      return { type: 'ticket.markNotApplicable', justification: input.justification ?? '' };
    case 'resuelta':
      return { type: 'ticket.resolve', pendingFailureCount: input.pendingFailures };
    default:
      return { type: 'ticket.saveAs', state };
  }
}
