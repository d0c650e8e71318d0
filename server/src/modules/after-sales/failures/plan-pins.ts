import { and, asc, eq } from 'drizzle-orm';
import { fileUrl } from '#domain/files';
import { toStoredPin, type PlanPin, type PlanPinInput } from '#domain/plan-pins';
import type { BoardFailure, PlanBoard } from '#domain/plan-pins-responses';
import { failures, unitTypePlans, units } from '../../../db/schema/index.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { emitTicketEvent } from '../shared/events.ts';
import type { Ticket } from '../shared/scope.ts';

/** The unit a pin is placed for: its plans are those of its unit type in its project. */
export type PinnedUnit = { id: number; companyId: number; projectId: number; unitTypeId: number | null };

/** The plans uploaded for the unit's type in the project configuration (server/src/modules/deliveries/settings/plans.ts). */
export async function plansOfUnit(db: DbOrTx, unit: PinnedUnit) {
  if (!unit.unitTypeId) return [];
  const rows = await db
    .select()
    .from(unitTypePlans)
    .where(
      and(
        eq(unitTypePlans.companyId, unit.companyId),
        eq(unitTypePlans.projectId, unit.projectId),
        eq(unitTypePlans.unitTypeId, unit.unitTypeId),
      ),
    )
    .orderBy(asc(unitTypePlans.id));
  return rows.map((p) => ({ id: p.id, name: p.name, path: p.path, url: fileUrl(p.path), type: p.mime }));
}

/** A pin must sit on one of the unit type's plans (422 on plan_id otherwise: a foreign plan looks the same). */
export async function checkPinPlan(db: DbOrTx, unit: PinnedUnit, input: PlanPinInput): Promise<PlanPin> {
  const plans = await plansOfUnit(db, unit);
  if (!plans.some((p) => p.id === input.plan_id))
    throw new ApiError(422, 'errors.validation', undefined, [
      { field: 'plan_id', key: 'after_sales.errors.plan_not_of_unit' },
    ]);
  return toStoredPin(input);
}

/** A stored pin as the board answers it; a pin whose plan was removed counts as not placed. */
export function pinView(pin: PlanPin | null, planIds: number[]): BoardFailure['pin'] {
  return pin && planIds.includes(pin.planId) ? { plan_id: pin.planId, page: pin.page, x: pin.x, y: pin.y } : null;
}

/** Every after-sales failure of the unit, oldest first, as board rows (numbered by the caller). */
export async function unitFailureRows(db: DbOrTx, unit: PinnedUnit, planIds: number[], canPin: boolean) {
  const rows = await db
    .select({ f: failures })
    .from(failures)
    .where(and(eq(failures.companyId, unit.companyId), eq(failures.unitId, unit.id)))
    .orderBy(asc(failures.createdAt), asc(failures.id));
  return rows.map(({ f }): Omit<BoardFailure, 'number'> => ({
    kind: 'failure',
    id: f.id,
    ticket_id: f.ticketId,
    label: [f.itemName, f.detailName, f.description].filter(Boolean).join(' · '),
    state: f.state,
    can_pin: canPin,
    pin: pinView(f.planPin, planIds),
  }));
}

export const numbered = (rows: Omit<BoardFailure, 'number'>[]): BoardFailure[] =>
  rows.map((r, i) => ({ ...r, number: i + 1 }));

async function unitOfTicket(db: DbOrTx, ticket: Ticket): Promise<PinnedUnit> {
  const [unit] = await db
    .select({ id: units.id, companyId: units.companyId, projectId: units.projectId, unitTypeId: units.unitTypeId })
    .from(units)
    .where(and(eq(units.id, ticket.unitId), eq(units.companyId, ticket.companyId)));
  if (!unit) throw notFound();
  return unit;
}

/**
 * The plan board of a ticket (docs/product.md#defects-on-plans): its unit type's plans and every failure
 * of its unit, numbered in order of creation; only this ticket's failures may be moved from here.
 */
export async function ticketPlanBoard(deps: AppDeps, ticket: Ticket, canPin: boolean): Promise<PlanBoard> {
  const db = deps.database.db;
  const unit = await unitOfTicket(db, ticket);
  const plans = await plansOfUnit(db, unit);
  const rows = await unitFailureRows(
    db,
    unit,
    plans.map((p) => p.id),
    canPin,
  );
  return {
    unit_id: unit.id,
    plans: plans.map(({ id, name, url, type }) => ({ id, name, url, type })),
    failures: numbered(rows).map((r) => ({ ...r, can_pin: r.can_pin && r.ticket_id === ticket.id })),
  };
}

/** A failure of the ticket, found before its body is read: a foreign one is 404 whatever is sent. */
export async function loadTicketFailure(deps: AppDeps, ticket: Ticket, failureId: number) {
  const [failure] = await deps.database.db
    .select()
    .from(failures)
    .where(and(eq(failures.id, failureId), eq(failures.ticketId, ticket.id), eq(failures.companyId, ticket.companyId)));
  if (!failure) throw notFound();
  return failure;
}

/**
 * Places (or, with null, removes) a failure of the ticket on its unit type's plan, and emits the
 * failure.changed event so open boards and the owner's portal follow.
 */
export async function pinFailure(
  deps: AppDeps,
  user: SessionUser,
  ticket: Ticket,
  failure: typeof failures.$inferSelect,
  input: PlanPinInput | null,
) {
  const db = deps.database.db;
  const pin = input ? await checkPinPlan(db, await unitOfTicket(db, ticket), input) : null;
  await transactionWithEvents(deps, async (tx) => {
    await tx.update(failures).set({ planPin: pin, updatedAt: new Date() }).where(eq(failures.id, failure.id));
    await emitTicketEvent(tx, ticket, 'failure.changed', {
      actorId: user.id,
      action: pin ? 'failure.pin' : 'failure.unpin',
      data: { failureId: failure.id, failureState: failure.state, pin },
      notify: [],
    });
  });
  return ticketPlanBoard(deps, ticket, true);
}
