import { and, eq, inArray } from 'drizzle-orm';
import { CM_ISSUE_OPEN_STATES, cmTicketCommands, type CmTicketCommandType } from '#domain/cmanagement';
import type { CmTicketDetail } from '#domain/cmanagement-responses';
import { can } from '#domain/permissions';
import { allowedEvents } from '#machines/engine';
import { cmTicketMachine, type CmTicketEvent } from '#machines/cm-ticket';
import type { DbOrTx } from '../../../db/client.ts';
import { cmIssues, cmTicketPeople } from '../../../db/schema/index.ts';
import { userBriefs } from '../../../db/staff.ts';
import type { SessionUser } from '../../../http/context.ts';
import type { CmTicket } from '../shared/scope.ts';
import { ticketFiles } from './attachments.ts';
import { ticketRows } from './list.ts';

/** One of each event, so the machine is asked about every verb (a block carries a reason to pass its guard). */
const CANDIDATES: CmTicketEvent[] = (Object.keys(cmTicketCommands) as CmTicketCommandType[]).map((type) =>
  type === 'cmTicket.block' ? { type, reason: 'x' } : { type },
) as CmTicketEvent[];

/** The ticket's issues still open or in progress: the machine's `openIssues` (machines/cm-ticket.ts). */
export const openIssueCount = (db: DbOrTx, ticketId: number) =>
  db.$count(cmIssues, and(eq(cmIssues.ticketId, ticketId), inArray(cmIssues.state, [...CM_ISSUE_OPEN_STATES])));

/** What the machine allows now and the caller may send (docs/api.md cmTicketDetailSchema `allowed_events`). */
export const ticketAllowedEvents = (user: SessionUser, ticket: CmTicket, openIssues: number) =>
  allowedEvents(cmTicketMachine, { value: ticket.state, context: { openIssues } }, CANDIDATES).filter((type) =>
    can(user.permissions, cmTicketCommands[type].permission),
  );

/** The people of a ticket by role, in the order they were added. */
export async function ticketPeople(db: DbOrTx, ticketId: number) {
  const rows = await db.select().from(cmTicketPeople).where(eq(cmTicketPeople.ticketId, ticketId));
  const ids = (role: 'assignee' | 'watcher') => rows.filter((r) => r.role === role).map((r) => r.userId);
  return { assignees: ids('assignee'), watchers: ids('watcher') };
}

/** GET cmanagement/tickets/{id} (cmTicketDetailSchema). */
export async function ticketDetail(db: DbOrTx, user: SessionUser, ticket: CmTicket): Promise<CmTicketDetail> {
  const [[row], people, files, openIssues] = await Promise.all([
    ticketRows(db, [ticket]),
    ticketPeople(db, ticket.id),
    ticketFiles(db, ticket.companyId, ticket.id),
    openIssueCount(db, ticket.id),
  ]);
  const briefs = await userBriefs(db, [...people.watchers, ticket.createdBy]);
  return {
    ...row,
    description: ticket.description,
    watchers: people.watchers.map((id) => briefs.get(id)).filter((b) => b !== undefined),
    created_by: (ticket.createdBy !== null && briefs.get(ticket.createdBy)) || null,
    attachments: files.attachments,
    blocked_reason: ticket.state === 'bloqueado' ? ticket.blockedReason : null,
    allowed_events: ticketAllowedEvents(user, ticket, openIssues),
    field_files: files.fieldFiles,
  };
}
