import { and, eq, isNull, sql } from 'drizzle-orm';
import { fichaMachine, type FichaContext, type FichaEvent, type FichaState } from '#machines/ficha';
import { fichaCommands } from '#domain/fichas';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import {
  deliveryAccessories,
  deliveryCertificates,
  deliveryFichas,
  deliveryRevisionResults,
  deliverySchedules,
  units,
} from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { runCommand, type Transition } from '../../../commands/runner.ts';
import { nextState } from '../../../commands/machine-check.ts';
import {
  closeDeliveryTasks,
  fichaCard,
  fichaLink,
  refusal,
  unitEntity,
  type DeliveryEventType,
} from '../shared/events.ts';
import { loadFicha, loadUnit, type Ficha, type Unit } from '../shared/scope.ts';

/** The ficha as its machine sees it: state on the unit, context from the unit and the ficha row. */
export function fichaStored(unit: Unit, ficha: Ficha | undefined): { value: FichaState; context: FichaContext } {
  return {
    value: unit.deliveryState,
    context: {
      scheduledAt: unit.scheduledDeliveryAt?.toISOString() ?? null,
      deliveredAt: unit.deliveryDate,
      isPassedToAfterSales: ficha?.isPassedToAfterSales ?? false,
    },
  };
}

/** docs/product.md §4: failures recorded at the revision and not solved (nor already handed to after-sales). */
export async function pendingFailureCount(db: DbOrTx, unitId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deliveryRevisionResults)
    .where(
      and(
        eq(deliveryRevisionResults.unitId, unitId),
        eq(deliveryRevisionResults.outcome, 'falla'),
        isNull(deliveryRevisionResults.ticketId),
      ),
    );
  return row.n;
}

export type FichaRow = { unit: Unit; ficha: Ficha | undefined };

/**
 * Every ficha state change goes here (docs/architecture.md §5): the event's permission (domain/fichas.ts), lock
 * the unit, ask the ficha machine, then in one transaction `apply` writes the change, runCommand
 * the history row and the outbox event.
 */
export async function runFicha<R>(
  deps: AppDeps,
  user: SessionUser,
  t: Translate,
  unitId: number,
  event: FichaEvent,
  opts: {
    apply: (tx: Tx, next: Transition<typeof fichaMachine, FichaRow>) => Promise<R & { unit: Unit }>;
    eventType?: DeliveryEventType;
    data?: (result: R & { unit: Unit }) => Record<string, unknown>;
    notify?: (result: R & { unit: Unit }) => number[];
  },
) {
  const unit0 = await loadUnit(deps.database.db, user, unitId);
  const { result } = await runCommand(deps, {
    machine: fichaMachine,
    machineName: 'ficha',
    entity: unitEntity(unit0),
    load: async (tx) => {
      const unit = await loadUnit(tx, user, unitId, true);
      const ficha = await loadFicha(tx, unitId);
      const stored = fichaStored(unit, ficha);
      // Checked here too, so the 409 names the action in the caller's words (machines/labels keys).
      if (!nextState(fichaMachine, stored, event).ok) throw refusal(t, 'ficha', stored.value, event.type);
      return { ...stored, row: { unit, ficha }, projectId: unit.projectId };
    },
    event,
    commands: fichaCommands,
    actor: user,
    persist: (tx, next) => opts.apply(tx, next),
    userId: user.id,
    t,
    eventType: opts.eventType ?? 'ficha.changed',
    data: (next, r) => ({ ...fichaCard(r.unit), from: next.from, ...(opts.data ? opts.data(r) : {}) }),
    notify: (_next, r) => (opts.notify ? opts.notify(r) : []),
    link: fichaLink(unitId),
  });
  return result;
}

/** Writes the unit's state and the machine's context (schedule and delivery date). */
export async function persistUnitState(
  tx: Tx,
  unitId: number,
  next: { to: FichaState; context: FichaContext },
  extra: Partial<typeof units.$inferInsert> = {},
) {
  const [unit] = await tx
    .update(units)
    .set({
      deliveryState: next.to,
      scheduledDeliveryAt: next.context.scheduledAt ? new Date(next.context.scheduledAt) : null,
      deliveryDate: next.context.deliveredAt ? next.context.deliveredAt.slice(0, 10) : null,
      updatedAt: new Date(),
      ...extra,
    })
    .where(eq(units.id, unitId))
    .returning();
  return unit;
}

/** cancelDeliverySchedule: the live appointment is cancelled (kept for history) and its task done. */
export async function cancelLiveSchedule(tx: Tx, unit: Unit) {
  await tx
    .update(deliverySchedules)
    .set({ cancelledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(deliverySchedules.unitId, unit.id), isNull(deliverySchedules.cancelledAt)));
  await closeDeliveryTasks(tx, unit);
}

const ACT_RESET = {
  deliveredBy: null,
  deliveryRecordedAt: null,
  attendees: [],
  receiverComment: null,
  actObservations: null,
  ownerSignaturePath: null,
  representativeId: null,
} satisfies Partial<typeof deliveryFichas.$inferInsert>;

/** docs/product.md §4 return to new: schedule and delivery date reset; the act recorded by the dialog no longer stands. */
export function returnToNew(deps: AppDeps, user: SessionUser, t: Translate, unitId: number) {
  return runFicha(
    deps,
    user,
    t,
    unitId,
    { type: 'ficha.returnToNew' },
    {
      apply: async (tx, next) => {
        const unit = await persistUnitState(tx, unitId, next);
        if (next.actions.some((a) => a.type === 'cancelDeliverySchedule')) await cancelLiveSchedule(tx, unit);
        await tx
          .update(deliveryFichas)
          .set({ ...ACT_RESET, updatedBy: user.id, updatedAt: new Date() })
          .where(eq(deliveryFichas.unitId, unitId));
        return { unit };
      },
    },
  );
}

/**
 * docs/product.md §4 clean: every change of the ficha goes — schedule, delivery, revision, details, readings,
 * accessories, certificates and the act. Owners stay: they are the buyers, not a change of the ficha.
 */
export function cleanFicha(deps: AppDeps, user: SessionUser, t: Translate, unitId: number) {
  return runFicha(
    deps,
    user,
    t,
    unitId,
    { type: 'ficha.clean' },
    {
      apply: async (tx, next) => {
        const unit = await persistUnitState(tx, unitId, next);
        if (next.actions.some((a) => a.type === 'cancelDeliverySchedule')) await cancelLiveSchedule(tx, unit);
        if (next.actions.some((a) => a.type === 'clearFichaChanges')) {
          await tx.delete(deliveryRevisionResults).where(eq(deliveryRevisionResults.unitId, unitId));
          await tx.delete(deliveryAccessories).where(eq(deliveryAccessories.unitId, unitId));
          await tx.delete(deliveryCertificates).where(eq(deliveryCertificates.unitId, unitId));
          await tx.delete(deliveryFichas).where(eq(deliveryFichas.unitId, unitId));
        }
        return { unit };
      },
    },
  );
}

/** Links the revision's pending failures to the after-sales ticket created from them. */
export async function linkPassedFailures(
  tx: Tx,
  unitId: number,
  ticketId: number,
  links: { resultId: number; failureId: number }[],
) {
  for (const link of links) {
    await tx
      .update(deliveryRevisionResults)
      .set({ ticketId, ticketFailureId: link.failureId, updatedAt: new Date() })
      .where(and(eq(deliveryRevisionResults.id, link.resultId), eq(deliveryRevisionResults.unitId, unitId)));
  }
}
