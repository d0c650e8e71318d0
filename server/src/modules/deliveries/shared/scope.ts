import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { deliveryFichas, owners, projects, unitOwners, units } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';
import { idParam } from '../../../lib/validate.ts';

export type Unit = typeof units.$inferSelect;
export type Ficha = typeof deliveryFichas.$inferSelect;

export { idParam };

/** The unit id of a /fichas/:unitId route (out of range is a 404). */
export const unitOf = (c: { req: { param: (k: string) => string | undefined } }) => idParam(c.req.param('unitId'));

/** Visible project ids as a SQL list that is never empty (an empty IN is invalid SQL). */
export const visibleProjects = (user: SessionUser) => (user.projectIds.length ? [...user.projectIds] : [-1]);

/** A project of the caller's company that they may see (docs/architecture.md §4: anything else is 404). */
export async function loadProject(db: DbOrTx, user: SessionUser, projectId: number) {
  if (!user.projectIds.includes(projectId)) throw notFound();
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.companyId, user.companyId)));
  if (!project) throw notFound();
  return project;
}

/**
 * A unit (ficha) of the caller's company in a visible project, optionally locked for a state
 * change. Another company's or project's unit is a 404 on every endpoint.
 */
export async function loadUnit(db: DbOrTx, user: SessionUser, unitId: number, lock = false): Promise<Unit> {
  const query = db
    .select()
    .from(units)
    .where(
      and(eq(units.id, unitId), eq(units.companyId, user.companyId), inArray(units.projectId, visibleProjects(user))),
    );
  const [unit] = lock ? await query.for('update') : await query;
  if (!unit) throw notFound();
  return unit;
}

export async function loadFicha(db: DbOrTx, unitId: number): Promise<Ficha | undefined> {
  const [row] = await db.select().from(deliveryFichas).where(eq(deliveryFichas.unitId, unitId));
  return row;
}

/** The ficha row of a unit, created empty the first time something of it is written. */
export async function ensureFicha(db: DbOrTx, unit: Unit, userId: number | null): Promise<Ficha> {
  await db
    .insert(deliveryFichas)
    .values({ unitId: unit.id, companyId: unit.companyId, projectId: unit.projectId, updatedBy: userId })
    .onConflictDoNothing();
  return (await loadFicha(db, unit.id))!;
}

/** Owners and receivers of a unit (docs/product.md §3 Owner/receiver). */
export async function unitPeople(db: DbOrTx, unitId: number) {
  const rows = await db
    .select({ owner: owners, role: unitOwners.role })
    .from(unitOwners)
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .where(eq(unitOwners.unitId, unitId))
    .orderBy(owners.id);
  return rows.map((r) => ({ ...r.owner, role: r.role }));
}

/** Units of an owner account: where one of its owner records is owner or receiver. */
export async function ownerUnitIds(db: DbOrTx, user: SessionUser): Promise<number[]> {
  const rows = await db
    .select({ unitId: unitOwners.unitId })
    .from(unitOwners)
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .where(and(eq(owners.userId, user.id), eq(owners.companyId, user.companyId)));
  return [...new Set(rows.map((r) => r.unitId))];
}
