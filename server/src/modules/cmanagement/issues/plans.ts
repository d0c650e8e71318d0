import { and, asc, eq } from 'drizzle-orm';
import { fileUrl } from '#domain/files';
import type { CmPlan } from '#domain/cmanagement-responses';
import { toStoredPin, type PlanPin, type PlanPinInput } from '#domain/plan-pins';
import type { DbOrTx } from '../../../db/client.ts';
import { unitTypePlans, unitTypes } from '../../../db/schema/index.ts';
import { unprocessable } from '../../../lib/errors.ts';
import type { CmTicket } from '../shared/scope.ts';

/**
 * GET cmanagement/tickets/{id}/planos: the plans uploaded for the unit types of the ticket's project (the project
 * configuration's planos tab, server/src/modules/deliveries/settings/plans.ts), as after-sales reads a unit's
 * (server/src/modules/after-sales/failures/plan-pins.ts plansOfUnit) but for the whole project.
 */
export async function ticketPlans(db: DbOrTx, ticket: CmTicket): Promise<CmPlan[]> {
  const rows = await db
    .select({ plan: unitTypePlans, unitTypeName: unitTypes.name })
    .from(unitTypePlans)
    .innerJoin(unitTypes, eq(unitTypes.id, unitTypePlans.unitTypeId))
    .where(and(eq(unitTypePlans.companyId, ticket.companyId), eq(unitTypePlans.projectId, ticket.projectId)))
    .orderBy(asc(unitTypes.name), asc(unitTypePlans.id));
  return rows.map(({ plan, unitTypeName }) => ({
    id: plan.id,
    name: plan.name,
    url: fileUrl(plan.path),
    type: plan.mime,
    unit_type: { id: plan.unitTypeId, name: unitTypeName },
  }));
}

/** A pin sits on one of the ticket's plans (a foreign plan is a 422 on pin.plan_id, as unknown as a missing one). */
export async function checkIssuePin(db: DbOrTx, ticket: CmTicket, input: PlanPinInput): Promise<PlanPin> {
  const plans = await ticketPlans(db, ticket);
  if (!plans.some((p) => p.id === input.plan_id))
    throw unprocessable([{ field: 'pin.plan_id', key: 'cmanagement.issues.errors.plan_not_of_project' }]);
  return toStoredPin(input);
}
