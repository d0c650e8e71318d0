import { and, asc, eq, isNull } from 'drizzle-orm';
import type { PlanPinInput } from '#domain/plan-pins';
import type { BoardFailure, PlanBoard } from '#domain/plan-pins-responses';
import { deliveryRevisionResults } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { checkPinPlan, numbered, pinView, plansOfUnit, unitFailureRows } from '../../after-sales/service.ts';
import { emitFichaEvent } from '../shared/events.ts';
import { loadUnit } from '../shared/scope.ts';

/**
 * The revision tab's plan (docs/product.md#defects-on-plans): the unit type's plans with every failure
 * of the unit, the after-sales ones (pinned from their tickets) and the revision's own failures not yet
 * passed to after-sales, which are pinned here; passing them copies the pin to the ticket's failure.
 */
export async function fichaPlanBoard(
  deps: AppDeps,
  user: SessionUser,
  unitId: number,
  canPin: boolean,
): Promise<PlanBoard> {
  const db = deps.database.db;
  const unit = await loadUnit(db, user, unitId);
  const plans = await plansOfUnit(db, unit);
  const planIds = plans.map((p) => p.id);
  const afterSales = await unitFailureRows(db, unit, planIds, false);
  const pending = await db
    .select()
    .from(deliveryRevisionResults)
    .where(
      and(
        eq(deliveryRevisionResults.unitId, unit.id),
        eq(deliveryRevisionResults.outcome, 'falla'),
        isNull(deliveryRevisionResults.ticketId),
      ),
    )
    .orderBy(asc(deliveryRevisionResults.createdAt), asc(deliveryRevisionResults.id));
  const revision = pending.map((r): Omit<BoardFailure, 'number'> => ({
    kind: 'revision',
    id: r.id,
    ticket_id: null,
    label: [r.placeName, r.itemName, r.failureName, r.observation].filter(Boolean).join(' · '),
    state: 'revision',
    can_pin: canPin,
    pin: pinView(r.planPin, planIds),
  }));
  return {
    unit_id: unit.id,
    plans: plans.map(({ id, name, url, type }) => ({ id, name, url, type })),
    failures: numbered([...afterSales, ...revision]),
  };
}

/**
 * A revision failure of the unit, found before the body is read (a foreign one is 404 whatever is
 * sent). Only a 'falla' result still in the revision may move: once passed, its pin lives on the
 * ticket's failure (409).
 */
export async function loadPinnableResult(deps: AppDeps, user: SessionUser, unitId: number, resultId: number) {
  const db = deps.database.db;
  const unit = await loadUnit(db, user, unitId);
  const [result] = await db
    .select()
    .from(deliveryRevisionResults)
    .where(
      and(
        eq(deliveryRevisionResults.id, resultId),
        eq(deliveryRevisionResults.unitId, unit.id),
        eq(deliveryRevisionResults.companyId, user.companyId),
      ),
    );
  if (!result || result.outcome !== 'falla') throw notFound();
  if (result.ticketId) throw new ApiError(409, 'deliveries.errors.result_passed');
  return { unit, result };
}

/** Places (or, with null, removes) a revision failure on the plan; emits the ficha's change. */
export async function pinRevisionResult(
  deps: AppDeps,
  user: SessionUser,
  { unit, result }: Awaited<ReturnType<typeof loadPinnableResult>>,
  input: PlanPinInput | null,
) {
  const pin = input ? await checkPinPlan(deps.database.db, unit, input) : null;
  await transactionWithEvents(deps, async (tx) => {
    await tx
      .update(deliveryRevisionResults)
      .set({ planPin: pin, updatedBy: user.id, updatedAt: new Date() })
      .where(eq(deliveryRevisionResults.id, result.id));
    await emitFichaEvent(tx, unit, {
      actorId: user.id,
      action: pin ? 'revision.pin' : 'revision.unpin',
      data: { resultId: result.id, pin },
      notify: [],
    });
  });
  return fichaPlanBoard(deps, user, unit.id, true);
}
