import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { owners, unitOwners, units } from '../../db/schema/index.ts';
import { registerEntityRoom } from '../../outbox/access.ts';
import { registerOwnerFileAccess } from '../files/service.ts';

/**
 * The deliveries module's public face for other modules (docs/architecture.md §2: a module only calls another's
 * service.ts): the ficha state of a unit and the feeds that home, dashboards and the agenda show.
 * It also declares who may watch a unit's live events and read its certificates.
 */
export { fichaStored, pendingFailureCount } from './ficha-commands.ts';
export { deliveredPerWeek, deliveryAgenda, pendingFailuresPerUnit } from './feeds.ts';

async function isOwnerOfUnit(db: DbOrTx, userId: number, unitId: number) {
  const [own] = await db.select({ n: sql<number>`count(*)::int` }).from(unitOwners).innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .where(and(eq(unitOwners.unitId, unitId), eq(owners.userId, userId)));
  return own.n > 0;
}

// Room 'unit:<id>' (the ficha's events): staff who see the unit's project, and the unit's owners.
registerEntityRoom('unit', async (deps, user, id) => {
  const [unit] = await deps.database.db.select({ projectId: units.projectId }).from(units).where(and(eq(units.id, id), eq(units.companyId, user.companyId)));
  if (!unit) return false;
  return user.kind === 'staff' ? user.projectIds.includes(unit.projectId) : isOwnerOfUnit(deps.database.db, user.id, id);
});

// Certificates of a unit are the owners' documents too (owner portal).
registerOwnerFileAccess('unit_certificate', (db, owner, unitId) => isOwnerOfUnit(db, owner.id, unitId));
