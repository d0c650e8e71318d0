import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { companies, deliverySchedules, projects, towers, units } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { countryTimezone } from '../../../lib/time-zones.ts';
import { answerWindow, confirmationHours } from '../schedule/service.ts';
import { ownerUnitIds } from '../shared/scope.ts';

/**
 * The owner's delivery appointments as the portal shows them (domain/fichas-responses.ts portalDeliverySchema):
 * those still standing (not cancelled, not yet settled by the delivery), with the company's time zone so
 * the date reads as the company means it, and the answer window of docs/product.md §4. `scheduleId`
 * narrows to one (the answer of a confirm or reject).
 */
export async function portalDeliveries(db: DbOrTx, user: SessionUser, scheduleId?: number) {
  const unitIds = await ownerUnitIds(db, user);
  if (!unitIds.length) return [];
  const rows = await db
    .select({ schedule: deliverySchedules, unit: units, project: projects.name, tower: towers.name })
    .from(deliverySchedules)
    .innerJoin(units, eq(units.id, deliverySchedules.unitId))
    .innerJoin(projects, eq(projects.id, units.projectId))
    .leftJoin(towers, eq(towers.id, units.towerId))
    .where(
      and(
        inArray(deliverySchedules.unitId, unitIds),
        eq(deliverySchedules.companyId, user.companyId),
        isNull(deliverySchedules.cancelledAt),
        ne(deliverySchedules.state, 'realizada'),
        scheduleId === undefined ? undefined : eq(deliverySchedules.id, scheduleId),
      ),
    )
    .orderBy(deliverySchedules.startAt);
  const [company] = await db
    .select({ country: companies.country })
    .from(companies)
    .where(eq(companies.id, user.companyId));
  const timeZone = countryTimezone(company?.country);
  const hoursOf = new Map<number, number>();
  const data = [];
  for (const r of rows) {
    if (!hoursOf.has(r.unit.projectId)) hoursOf.set(r.unit.projectId, await confirmationHours(db, r.unit.projectId));
    data.push({
      id: r.schedule.id,
      unit: { id: r.unit.id, number: r.unit.number, tower: r.tower },
      project: r.project,
      state: r.schedule.state,
      start_at: r.schedule.startAt.toISOString(),
      time_zone: timeZone,
      owner_decision_at: r.schedule.ownerDecisionAt?.toISOString() ?? null,
      owner_decision_reason: r.schedule.ownerDecisionReason,
      ...answerWindow(r.schedule, hoursOf.get(r.unit.projectId)!),
    });
  }
  return data;
}
