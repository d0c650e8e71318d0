import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  owners,
  orders,
  orderFailures,
  projects,
  projectSettings,
  tickets,
  towers,
  unitOwners,
  units,
  type Attachment,
} from '../../../db/schema/index.ts';
import type { z } from 'zod';
import type { portalTicketSchema } from '#domain/schemas/after-sales';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { createTicket } from '../tickets/service.ts';
import { notFound } from '../../../lib/errors.ts';
import { envelope, offsetOf } from '../../../lib/paging.ts';
import { ORDER_SCHEDULED_STATES } from '#domain/orders';
import { ownerUnitIds, type Ticket } from '../shared/scope.ts';
import { userBriefs } from '../../../db/staff.ts';
import { confirmationHours, type Order } from '../orders/commands.ts';
import { answerWindow } from '../orders/confirmation.ts';
import { progressFields, progressOf } from '../tickets/list.ts';

/** An owner's ticket: only tickets on the owner's own units exist for them (404 otherwise). */
export async function loadOwnerTicket(deps: AppDeps, user: SessionUser, ticketId: number): Promise<Ticket> {
  const unitIds = await ownerUnitIds(deps.database.db, user);
  const [row] = unitIds.length
    ? await deps.database.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, user.companyId), inArray(tickets.unitId, unitIds)))
    : [];
  if (!row) throw notFound();
  return row;
}

/** The owner record that applies for a unit: the caller's own (owner or receiver); any other unit does not exist for them. */
export async function ownerRecordFor(deps: AppDeps, user: SessionUser, unitId: number) {
  const [row] = await deps.database.db
    .select({ id: owners.id })
    .from(owners)
    .innerJoin(unitOwners, eq(unitOwners.ownerId, owners.id))
    .where(and(eq(owners.userId, user.id), eq(unitOwners.unitId, unitId), eq(owners.companyId, user.companyId)));
  if (!row) throw notFound();
  return row.id;
}

/**
 * POST portal/solicitudes (docs/api.md#owner-portal): the owner's ticket, origin PWA. A draft sent again with
 * the same client_key (a retry after a lost answer) gets the ticket its first send made, not a second one;
 * the unique index tickets_client_key_uq settles two sends that race.
 */
export async function createOwnerTicket(
  deps: AppDeps,
  user: SessionUser,
  input: z.output<typeof portalTicketSchema>,
  t: Translate,
): Promise<{ ticket: Ticket; created: boolean }> {
  const ownerId = await ownerRecordFor(deps, user, input.unit_id);
  const key = input.client_key;
  const earlier = key ? await ticketByClientKey(deps, user, key) : undefined;
  if (earlier) return { ticket: earlier, created: false };
  try {
    const ticket = await createTicket(
      deps,
      user,
      {
        unit_id: input.unit_id,
        applicant_owner_id: ownerId,
        origin: 'PWA',
        priority: 'medium',
        cc: [],
        subject: input.subject,
        message: input.message,
        attachments: input.attachments,
        responsible_id: null,
        client_key: key,
      },
      t,
    );
    return { ticket, created: true };
  } catch (error) {
    const winner = key ? await ticketByClientKey(deps, user, key) : undefined;
    if (winner) return { ticket: winner, created: false };
    throw error;
  }
}

/** The ticket this user already made with a draft's key, if any. */
async function ticketByClientKey(deps: AppDeps, user: SessionUser, key: string): Promise<Ticket | undefined> {
  const [row] = await deps.database.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, user.companyId), eq(tickets.createdBy, user.id), eq(tickets.clientKey, key)));
  return row;
}

/** GET portal/unidades: the owner's units with their project's after-sales contacts. */
export async function myUnits(deps: AppDeps, user: SessionUser) {
  const db = deps.database.db;
  const rows = await db
    .select({ unit: units, role: unitOwners.role, project: projects, tower: towers.name, settings: projectSettings })
    .from(unitOwners)
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .innerJoin(units, eq(units.id, unitOwners.unitId))
    .innerJoin(projects, eq(projects.id, units.projectId))
    .leftJoin(towers, eq(towers.id, units.towerId))
    .leftJoin(projectSettings, eq(projectSettings.projectId, units.projectId))
    .where(and(eq(owners.userId, user.id), eq(owners.companyId, user.companyId)))
    .orderBy(asc(projects.name), asc(units.number));
  return rows.map((r) => ({
    id: r.unit.id,
    number: r.unit.number,
    role: r.role,
    tower: r.tower,
    delivery_date: r.unit.deliveryDate,
    project: {
      id: r.project.id,
      name: r.project.name,
      address: r.project.address,
      commune: r.project.commune,
      real_estate_name: r.project.realEstateName,
      logo_path: r.settings?.logoPath ?? null,
    },
    contacts: r.settings?.contacts ?? [],
  }));
}

/** GET portal/solicitudes: tickets on the owner's units, newest first (docs/product.md §7 list envelope). */
export async function myTickets(deps: AppDeps, user: SessionUser, q: { page: number; rowsPerPage: number }) {
  const db = deps.database.db;
  const unitIds = await ownerUnitIds(db, user);
  if (!unitIds.length) return envelope([], 0, q);
  const where = and(eq(tickets.companyId, user.companyId), inArray(tickets.unitId, unitIds));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ t: tickets, unitNumber: units.number, projectName: projects.name })
      .from(tickets)
      .innerJoin(units, eq(units.id, tickets.unitId))
      .innerJoin(projects, eq(projects.id, tickets.projectId))
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(q.rowsPerPage)
      .offset(offsetOf(q)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(tickets)
      .where(where),
  ]);
  const progress = await progressOf(
    db,
    rows.map((r) => r.t.id),
  );
  return envelope(
    rows.map(({ t, unitNumber, projectName }) => ({
      id: t.id,
      code: t.code,
      subject: t.subject,
      state: t.state,
      origin: t.origin,
      merged_into_id: t.mergedIntoId,
      unit: { id: t.unitId, number: unitNumber },
      project: { id: t.projectId, name: projectName },
      progress: progressFields(t, progress.get(t.id)).progress,
      created_at: t.createdAt.toISOString(),
      updated_at: t.updatedAt.toISOString(),
    })),
    total,
    q,
  );
}

/** The visits of a ticket (or of all the owner's tickets) as the owner sees them, with whether they can still answer. */
export async function ownerVisits(deps: AppDeps, user: SessionUser, ticketIds?: number[]) {
  const db = deps.database.db;
  const ids =
    ticketIds ??
    (
      await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(
          and(eq(tickets.companyId, user.companyId), inArray(tickets.unitId, [-1, ...(await ownerUnitIds(db, user))])),
        )
    ).map((r) => r.id);
  if (!ids.length) return [];
  const rows: Order[] = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.ticketId, ids), inArray(orders.state, [...ORDER_SCHEDULED_STATES, 'cancelada'])))
    .orderBy(asc(orders.startAt));
  const people = await userBriefs(
    db,
    rows.map((o) => o.responsibleId),
  );
  // docs/product.md §2 image viewer: a managed visit shows the owner the photos of its results.
  const photos = new Map<number, Attachment[]>();
  const links = rows.length
    ? await db
        .select({ orderId: orderFailures.orderId, attachments: orderFailures.attachments })
        .from(orderFailures)
        .where(
          inArray(
            orderFailures.orderId,
            rows.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderFailures.failureId))
    : [];
  for (const l of links) photos.set(l.orderId, [...(photos.get(l.orderId) ?? []), ...l.attachments]);
  const hoursByProject = new Map<number, number>();
  for (const o of rows)
    if (!hoursByProject.has(o.projectId)) hoursByProject.set(o.projectId, await confirmationHours(db, o.projectId));
  return rows
    .filter((o) => o.startAt)
    .map((o) => ({
      id: o.id,
      ticket_id: o.ticketId,
      kind: o.kind,
      code: o.code,
      state: o.state,
      start_at: o.startAt!.toISOString(),
      end_at: o.endAt?.toISOString() ?? null,
      responsible: o.responsibleId ? { full_name: people.get(o.responsibleId)?.full_name ?? '' } : null,
      owner_decision: o.ownerDecision,
      owner_decision_at: o.ownerDecisionAt?.toISOString() ?? null,
      result_photos: photos.get(o.id) ?? [],
      ...answerWindow(o, hoursByProject.get(o.projectId)!),
    }));
}

export async function loadOwnerOrder(deps: AppDeps, user: SessionUser, orderId: number) {
  const [order] = await deps.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.companyId, user.companyId)));
  if (!order) throw notFound();
  const ticket = await loadOwnerTicket(deps, user, order.ticketId);
  return { ticket, order };
}
