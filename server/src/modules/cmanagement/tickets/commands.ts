import { eq } from 'drizzle-orm';
import { CM_ENTITY, cmTicketCommands } from '#domain/cmanagement';
import { cmTicketMachine, type CmTicketEvent } from '#machines/cm-ticket';
import { cmTickets } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { runCommand } from '../../../commands/runner.ts';
import { loadCmTicket, type CmTicket } from '../shared/scope.ts';
import { openIssueCount, ticketPeople } from './detail.ts';
import { cmTicketLink, ticketEventData } from './events.ts';

/**
 * Every ticket state change (POST cmanagement/tickets/{id}/<verb>, and the board's drop): the machine decides with
 * the ticket's open issues (a ticket is resolved once its issues are settled); this persists the state, the block's
 * reason (recordBlockReason) and tells the assignees and watchers (notifyStateChanged, cm_ticket.state_changed).
 */
export async function ticketCommand(
  deps: AppDeps,
  user: SessionUser,
  ticketId: number,
  event: CmTicketEvent,
  t: Translate,
): Promise<CmTicket> {
  const { result } = await runCommand(deps, {
    machine: cmTicketMachine,
    machineName: 'cmTicket',
    entity: { type: CM_ENTITY.ticket, id: ticketId, companyId: user.companyId },
    load: async (tx) => {
      const ticket = await loadCmTicket(tx, user, ticketId, true);
      const people = await ticketPeople(tx, ticket.id);
      return {
        value: ticket.state,
        context: { openIssues: await openIssueCount(tx, ticket.id) },
        row: { ticket, notify: [...people.assignees, ...people.watchers] },
        projectId: ticket.projectId,
      };
    },
    event,
    commands: cmTicketCommands,
    actor: user,
    persist: async (tx, next) => {
      const types = next.actions.map((a) => a.type);
      const blockedReason =
        types.includes('recordBlockReason') && event.type === 'cmTicket.block'
          ? event.reason.trim()
          : next.row.ticket.blockedReason;
      const [row] = await tx
        .update(cmTickets)
        .set({ state: next.to, blockedReason, updatedAt: new Date() })
        .where(eq(cmTickets.id, ticketId))
        .returning();
      return row;
    },
    userId: user.id,
    t,
    eventType: 'cm_ticket.state_changed',
    data: (next, row) => ({
      ...ticketEventData(row),
      ...(event.type === 'cmTicket.block' ? { reason: row.blockedReason } : {}),
    }),
    notify: (next) =>
      next.actions.some((a) => a.type === 'notifyStateChanged') ? next.row.notify.filter((id) => id !== user.id) : [],
    link: cmTicketLink(ticketId),
  });
  return result;
}
