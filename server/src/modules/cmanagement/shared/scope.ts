import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cmIssues, cmTasks, cmTickets } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';

export type CmTicket = typeof cmTickets.$inferSelect;
export type CmIssue = typeof cmIssues.$inferSelect;
export type CmTask = typeof cmTasks.$inferSelect;

/**
 * Tenant scope of every Cmanagement query (docs/architecture.md §4): the caller's company and visible projects. A
 * ticket, issue or task outside it is a 404, never a hint that it exists; issues and tasks are reached through
 * their ticket.
 */
export function cmTicketScope(user: SessionUser) {
  return and(
    eq(cmTickets.companyId, user.companyId),
    inArray(cmTickets.projectId, user.projectIds.length ? [...user.projectIds] : [-1]),
  );
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** A ticket the staff caller may see, optionally locked for a change. */
export async function loadCmTicket(db: DbOrTx, user: SessionUser, ticketId: number, lock = false): Promise<CmTicket> {
  if (!validId(ticketId)) throw notFound();
  const query = db
    .select()
    .from(cmTickets)
    .where(and(eq(cmTickets.id, ticketId), cmTicketScope(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** An issue of a ticket the caller may see (the path names both: an issue of another ticket is a 404). */
export async function loadCmIssue(
  db: DbOrTx,
  user: SessionUser,
  ticketId: number,
  issueId: number,
  lock = false,
): Promise<{ issue: CmIssue; ticket: CmTicket }> {
  const ticket = await loadCmTicket(db, user, ticketId);
  if (!validId(issueId)) throw notFound();
  const query = db
    .select()
    .from(cmIssues)
    .where(and(eq(cmIssues.id, issueId), eq(cmIssues.ticketId, ticket.id)));
  const [issue] = lock ? await query.for('update') : await query;
  if (!issue) throw notFound();
  return { issue, ticket };
}

/** A task on a ticket the caller may see. */
export async function loadCmTask(
  db: DbOrTx,
  user: SessionUser,
  taskId: number,
  lock = false,
): Promise<{ task: CmTask; ticket: CmTicket }> {
  if (!validId(taskId)) throw notFound();
  const query = db
    .select({ task: cmTasks, ticket: cmTickets })
    .from(cmTasks)
    .innerJoin(cmTickets, eq(cmTickets.id, cmTasks.ticketId))
    .where(and(eq(cmTasks.id, taskId), eq(cmTasks.companyId, user.companyId), cmTicketScope(user)));
  const [row] = lock ? await query.for('update', { of: cmTasks }) : await query;
  if (!row) throw notFound();
  return row;
}

/** "CM-<n>": how people name a ticket. */
export const cmTicketCode = (number: number) => `CM-${number}`;
