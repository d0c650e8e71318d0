import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { failures, owners, ticketMessages, tickets, unitOwners, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../http/context.ts';
import { registerOwnerFileAccess } from '../files/service.ts';

/**
 * The after-sales module's public face for other modules (docs/architecture.md §2: a module only calls another's
 * service.ts). The files module asks here whether an owner may read a ticket's file.
 */

async function unitIdsOfOwnerUser(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ unitId: unitOwners.unitId }).from(unitOwners)
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId)).innerJoin(users, eq(users.id, owners.userId))
    .where(and(eq(users.id, userId), eq(users.kind, 'owner'), eq(owners.companyId, users.companyId)));
  return [...new Set(rows.map((r) => r.unitId))];
}

/**
 * Whether an owner account may read an uploaded file: it must be attached to a public message or a
 * failure of a ticket on one of the owner's units. Private messages' files never reach owners.
 */
export async function ownerCanReadFile(db: DbOrTx, userId: number, path: string): Promise<boolean> {
  const unitIds = await unitIdsOfOwnerUser(db, userId);
  if (!unitIds.length) return false;
  const needle = JSON.stringify([{ path }]);
  const [inMessage] = await db.select({ id: ticketMessages.id }).from(ticketMessages)
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .where(and(inArray(tickets.unitId, unitIds), eq(ticketMessages.visibility, 'public'), sql`${ticketMessages.attachments} @> ${needle}::jsonb`)).limit(1);
  if (inMessage) return true;
  const [inFailure] = await db.select({ id: failures.id }).from(failures)
    .where(and(inArray(failures.unitId, unitIds), sql`${failures.attachments} @> ${needle}::jsonb`)).limit(1);
  return Boolean(inFailure);
}

/** Whether a ticket belongs to one of the owner's units (files linked as entity 'ticket'). */
export async function ownerCanReadTicket(db: DbOrTx, owner: Pick<SessionUser, 'id' | 'companyId'>, ticketId: number): Promise<boolean> {
  const unitIds = await unitIdsOfOwnerUser(db, owner.id);
  if (!unitIds.length) return false;
  const [row] = await db.select({ id: tickets.id }).from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, owner.companyId), inArray(tickets.unitId, unitIds)));
  return Boolean(row);
}

// Files attached to public ticket content ('ticket') are readable by the ticket's owners; files of
// private messages are linked as 'ticket_private', which has no owner hook, so staff only.
registerOwnerFileAccess('ticket', (db: Db, owner, ticketId) => ownerCanReadTicket(db, owner, ticketId));

/**
 * For whoever serves the owner portal's HTML (docs/product.md#owner-portal): sets its frame-ancestors from the
 * embedding project's iframe setting.
 */
export { portalFraming } from './portal/framing.ts';
export { frameAncestorsPolicy } from './settings/service.ts';

/** The process's periodic run of each project's response action on overdue tickets (started by main). */
export { startResponseWatch } from './tickets/response-watch.ts';

/**
 * For modules that open after-sales work in process (deliveries' "pasar a postventa", the ficha's
 * solicitudes tab): the same functions the routes use, with their validation, numbering,
 * guarantees, permissions left to the caller's route, and events. Inputs are the outputs of the
 * zod schemas in domain/schemas/warranties.ts (parse them first).
 */
export { createTicket } from './tickets/service.ts';
export { createFailure } from './failures/service.ts';
export { listTickets } from './tickets/list.ts';
