import { eq } from 'drizzle-orm';
import { nextState } from '#machines/engine';
import { ticketMachine, type TicketContext } from '#machines/ticket';
import type { Tx } from '../../../db/client.ts';
import { tickets } from '../../../db/schema/index.ts';
import type { Ticket } from '../shared/scope.ts';
import { recordStep } from '../shared/step.ts';

/**
 * docs/product.md §4 "The work moves the ticket": a visit scheduled on a ticket still `nueva` or `abierta`
 * starts its progress (ticket.startProgress → `en_proceso`). The ticket machine decides, in the
 * caller's transaction, with the ticket's history row and a ticket.state_changed event; where the
 * machine has no such transition (already in progress, postponed, closed) nothing changes. Scheduling
 * needs postventa_gestionar, the permission of ticket.startProgress (domain/tickets.ts), so the move
 * never grants more than the caller holds.
 */
export async function startProgressForVisit(
  tx: Tx,
  ticketId: number,
  actorId: number | null,
  visit: { id: number; code: string; kind: string },
): Promise<Ticket> {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
  const stored = { value: row.state, context: { previousState: row.previousState } as TicketContext };
  const next = nextState(ticketMachine, stored, { type: 'ticket.startProgress' });
  if (!next.ok) return row;
  const to = next.value as Ticket['state'];
  const [moved] = await tx
    .update(tickets)
    .set({ state: to, previousState: (next.context as TicketContext).previousState, updatedAt: new Date() })
    .where(eq(tickets.id, ticketId))
    .returning();
  await recordStep(
    tx,
    moved,
    { from: row.state, to },
    {
      actorId,
      action: 'ticket.startProgress',
      type: 'ticket.state_changed',
      toOwner: true,
      supervisors: true,
      data: { cause: 'order.schedule', orderId: visit.id, orderCode: visit.code, kind: visit.kind },
    },
  );
  return moved;
}
