import { and, eq } from 'drizzle-orm';
import { units } from '../../db/schema/index.ts';
import type { ModuleRegistry } from '../../registry.ts';
import { isOwnerOfUnit, registerDeliveryFileAccess } from './shared/file-access.ts';
import { DELIVERY_NOTIFICATION_TYPES } from './notification-types.ts';

/**
 * The deliveries module's public face for other modules (docs/architecture.md §2: a module only calls another's
 * service.ts): the ficha state of a unit and the feeds that home, dashboards and the agenda show.
 * registerDeliveries declares who may watch a unit's live events and, through shared/file-access.ts, who may
 * read the files attached to its records.
 */
export { fichaStored, pendingFailureCount } from './fichas/commands.ts';
export { deliveredPerWeek, deliveryAgenda, pendingFailuresPerUnit } from './feeds/service.ts';

/**
 * What deliveries adds to checks other parts own, called once where the process is assembled
 * (server/src/modules.ts).
 */
export function registerDeliveries(registry: ModuleRegistry): void {
  for (const entry of DELIVERY_NOTIFICATION_TYPES) registry.notificationType(entry);
  registerDeliveryFileAccess(registry);
  // Room 'unit:<id>' (the ficha's events): staff who see the unit's project, and the unit's owners.
  registry.entityRoom('unit', async (deps, user, id) => {
    const [unit] = await deps.database.db
      .select({ projectId: units.projectId })
      .from(units)
      .where(and(eq(units.id, id), eq(units.companyId, user.companyId)));
    if (!unit) return false;
    return user.kind === 'staff'
      ? user.projectIds.includes(unit.projectId)
      : isOwnerOfUnit(deps.database.db, user.id, id);
  });
}

/** For the public API (server/src/modules/integrations/api-apps): the units of projects as delivery records. */
export { listFichas } from './fichas/list.ts';

/** For the global search (server/src/modules/search): units by number and owners by name or RUT. */
export { searchOwners, searchUnits } from './fichas/search.ts';

/** The scheduling tool's calendar feeds (integrations/calendar) list a person's delivery appointments. */
export { deliveryVisitsOf } from './schedule/calendar-appointments.ts';
