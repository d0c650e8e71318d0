import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { owners, tickets, unitOwners, units } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';

export type Ticket = typeof tickets.$inferSelect;

/**
 * Tenant scope of every after-sales query (docs/architecture.md §4): the caller's company and visible projects.
 * An id outside it is a 404, never a hint that it exists.
 */
export function ticketScope(user: SessionUser) {
  return and(
    eq(tickets.companyId, user.companyId),
    inArray(tickets.projectId, user.projectIds.length ? [...user.projectIds] : [-1]),
  );
}

export function isVisibleProject(user: SessionUser, projectId: number): boolean {
  return user.projectIds.includes(projectId);
}

/** Loads a ticket the staff caller may see, optionally locking it for a state change. */
export async function loadTicket(db: DbOrTx, user: SessionUser, ticketId: number, lock = false): Promise<Ticket> {
  if (!Number.isSafeInteger(ticketId) || ticketId <= 0) throw notFound();
  const query = db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), ticketScope(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** Units an owner account may see: those where one of its owner records is owner or receiver. */
export async function ownerUnitIds(db: DbOrTx, user: SessionUser): Promise<number[]> {
  const rows = await db
    .select({ unitId: unitOwners.unitId })
    .from(unitOwners)
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .where(and(eq(owners.userId, user.id), eq(owners.companyId, user.companyId)));
  return [...new Set(rows.map((r) => r.unitId))];
}

/** Loads a unit of the caller's company in a visible project (staff) or one of the owner's units. */
export async function loadUnit(db: DbOrTx, user: SessionUser, unitId: number) {
  if (!Number.isSafeInteger(unitId) || unitId <= 0) throw notFound();
  const [unit] = await db
    .select()
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.companyId, user.companyId)));
  if (!unit) throw notFound();
  if (user.kind === 'owner') {
    if (!(await ownerUnitIds(db, user)).includes(unit.id)) throw notFound();
  } else if (!isVisibleProject(user, unit.projectId)) throw notFound();
  return unit;
}

export { idParam } from '../../../lib/validate.ts';
