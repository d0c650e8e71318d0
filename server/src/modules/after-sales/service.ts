import { and, eq, inArray, sql } from 'drizzle-orm';
import { RESPONSE_WATCH } from './tickets/response-watch.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { failures, owners, ticketMessages, tickets, unitOwners, units, users } from '../../db/schema/index.ts';
import { PROJECT_LOGO_FILES } from './settings/logo.ts';
import type { SessionUser } from '../../http/context.ts';
import type { ModuleRegistry } from '../../registry.ts';
import { AFTER_SALES_NOTIFICATION_TYPES } from './notification-types.ts';

/**
 * The after-sales module's public face for other modules (docs/architecture.md §2: a module only calls another's
 * service.ts). The files module asks here whether an owner may read a ticket's file; registerAfterSales
 * declares who may read its files and watch a ticket's live events.
 */

async function unitIdsOfOwnerUser(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ unitId: unitOwners.unitId })
    .from(unitOwners)
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .innerJoin(users, eq(users.id, owners.userId))
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
  const [inMessage] = await db
    .select({ id: ticketMessages.id })
    .from(ticketMessages)
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .where(
      and(
        inArray(tickets.unitId, unitIds),
        eq(ticketMessages.visibility, 'public'),
        sql`${ticketMessages.attachments} @> ${needle}::jsonb`,
      ),
    )
    .limit(1);
  if (inMessage) return true;
  const [inFailure] = await db
    .select({ id: failures.id })
    .from(failures)
    .where(and(inArray(failures.unitId, unitIds), sql`${failures.attachments} @> ${needle}::jsonb`))
    .limit(1);
  return Boolean(inFailure);
}

/** Whether a ticket belongs to one of the owner's units (files linked as entity 'ticket'). */
export async function ownerCanReadTicket(
  db: DbOrTx,
  owner: Pick<SessionUser, 'id' | 'companyId'>,
  ticketId: number,
): Promise<boolean> {
  const unitIds = await unitIdsOfOwnerUser(db, owner.id);
  if (!unitIds.length) return false;
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, owner.companyId), inArray(tickets.unitId, unitIds)));
  return Boolean(row);
}

/** Whether staff see the ticket's project (the files of private messages need no more). */
async function staffSeesTicket(db: DbOrTx, user: SessionUser, ticketId: number): Promise<boolean> {
  if (user.kind !== 'staff') return false;
  const [row] = await db
    .select({ projectId: tickets.projectId })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, user.companyId)));
  return Boolean(row && user.projectIds.includes(row.projectId));
}

/**
 * What after-sales adds to checks other parts own, called once where the process is assembled
 * (server/src/modules.ts).
 */
export function registerAfterSales(registry: ModuleRegistry): void {
  // Projects' "acción al vencer el tiempo de respuesta" on tickets nobody answered in time.
  registry.periodicTask(RESPONSE_WATCH);
  for (const entry of AFTER_SALES_NOTIFICATION_TYPES) registry.notificationType(entry);
  // Files of public ticket content ('ticket': public messages, failures, the ticket itself) are read by
  // staff who see the ticket's project and by the ticket's owners; files of private messages
  // ('ticket_private') by those staff only.
  registry.fileAccess('ticket', (db: Db, user, file) =>
    user.kind === 'owner' ? ownerCanReadTicket(db, user, file.entityId) : staffSeesTicket(db, user, file.entityId),
  );
  registry.fileAccess('ticket_private', (db: Db, user, file) => staffSeesTicket(db, user, file.entityId));

  // A project's logo: staff who see the project, and owners of a unit in it (the owner portal shows it).
  registry.fileAccess(PROJECT_LOGO_FILES, async (db: Db, user, file) => {
    if (user.kind === 'staff') return user.projectIds.includes(file.entityId);
    const unitIds = await unitIdsOfOwnerUser(db, user.id);
    if (!unitIds.length) return false;
    const [unit] = await db
      .select({ id: units.id })
      .from(units)
      .where(and(inArray(units.id, unitIds), eq(units.projectId, file.entityId)))
      .limit(1);
    return Boolean(unit);
  });

  // Room 'ticket:<id>': staff who see the ticket's project, and the owners of its unit (owner portal).
  registry.entityRoom('ticket', async (deps, user, id) => {
    const db = deps.database.db;
    const [t] = await db
      .select({ projectId: tickets.projectId, unitId: tickets.unitId })
      .from(tickets)
      .where(and(eq(tickets.id, id), eq(tickets.companyId, user.companyId)));
    if (!t) return false;
    if (user.kind === 'staff') return user.projectIds.includes(t.projectId);
    const [own] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(unitOwners)
      .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
      .where(and(eq(unitOwners.unitId, t.unitId), eq(owners.userId, user.id)));
    return own.n > 0;
  });
}

/** For deliveries' logo tab: the same rules for the project's logo file as the post-sale settings. */
export { checkLogo, linkLogo } from './settings/logo.ts';

/**
 * For whoever serves the owner portal's HTML (docs/product.md#owner-portal): sets its frame-ancestors from the
 * embedding project's iframe setting.
 */
export { portalFraming } from './portal/framing.ts';

/**
 * For modules that open after-sales work in process (deliveries' "pasar a postventa", the ficha's
 * solicitudes tab): the same functions the routes use, with their validation, numbering,
 * guarantees, permissions left to the caller's route, and events. Inputs are the outputs of the
 * zod schemas in domain/schemas/after-sales.ts (parse them first).
 */
export { createTicket } from './tickets/service.ts';
export { createFailure } from './failures/service.ts';

/** For the integrations (a construction platform's observations): a failure by company, and its events as the system. */
export { failureForIntegration, systemFailureEvent } from './failures/external.ts';
export { checkPinPlan, numbered, pinView, plansOfUnit, unitFailureRows } from './failures/plan-pins.ts';
export { writePlanPins } from './failures/plan-pdf.ts';
export { listTickets } from './tickets/list.ts';

/** For the public API (server/src/modules/integrations/api-apps): a ticket by id in the caller's scope, and its detail. */
export { loadTicket } from './shared/scope.ts';
export { ticketDetail } from './tickets/detail.ts';

/** For the global search (server/src/modules/search): tickets by code or subject in the caller's projects. */
export { searchTickets } from './tickets/search.ts';
/** The scheduling tool's calendar feeds (integrations/calendar) list a person's order visits. */
export { orderVisitsOf } from './agenda/calendar-visits.ts';

/** For the CRM integration (server/src/modules/integrations/hubspot): a ticket, its unit and owners, as sent. */
export { ticketForCrm, type TicketForCrm } from './tickets/crm-view.ts';

/** For Cmanagement (server/src/modules/cmanagement): its saved views (cm_tickets) and the check of uploads it attaches. */
export { createView, deleteView, listViews, updateView } from './views/service.ts';
export { checkAttachments } from './shared/records.ts';
export { formatIn } from './shared/dates.ts';
export { EXPORT_MAX_ROWS } from './tickets/list.ts';
