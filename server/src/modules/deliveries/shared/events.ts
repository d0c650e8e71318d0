import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { activityLog, tasks, users } from '../../../db/schema/index.ts';
import { recordEvent } from '../../../events/outbox.ts';
import { transitionNotAllowed } from '../../../commands/runner.ts';
import { pickLocale, translator, type Translate } from '../../../lib/i18n.ts';
import type { MachineName } from '#machines/index';
import type { Unit } from './scope.ts';

/**
 * Outbox events of deliveries. The entity is the unit, so every event's topic is
 * qa/<companyId>/projects/<projectId>/units/<unitId> (docs/architecture.md §5).
 */
export type DeliveryEventType =
  | 'ficha.changed'
  | 'ficha.delivered'
  | 'delivery.scheduled'
  | 'delivery.confirmed'
  | 'delivery.rejected'
  | 'delivery.settled';

export const fichaLink = (unitId: number) => `/warranties/ficha/${unitId}`;
export const unitEntity = (unit: Pick<Unit, 'id' | 'companyId' | 'projectId'>) => ({
  type: 'unit',
  id: unit.id,
  companyId: unit.companyId,
  projectId: unit.projectId,
});

/** What a fichas board needs to update a row without refetching. */
export const fichaCard = (u: Unit) => ({
  unitId: u.id,
  projectId: u.projectId,
  state: u.deliveryState,
  responsibleId: u.responsibleId,
  scheduledDeliveryAt: u.scheduledDeliveryAt?.toISOString() ?? null,
  deliveryDate: u.deliveryDate,
  updatedAt: u.updatedAt.toISOString(),
});

/** A change of the ficha without a machine transition (tab edits): history row and event, last in the transaction. */
export async function emitFichaEvent(
  tx: Tx,
  unit: Unit,
  opts: {
    actorId: number | null;
    action: string;
    data?: Record<string, unknown>;
    type?: DeliveryEventType;
    notify?: number[];
  },
) {
  await tx.insert(activityLog).values({
    companyId: unit.companyId,
    projectId: unit.projectId,
    entityType: 'unit',
    entityId: unit.id,
    action: opts.action,
    userId: opts.actorId,
    data: opts.data ?? {},
  });
  return recordEvent(tx, {
    type: opts.type ?? 'ficha.changed',
    companyId: unit.companyId,
    projectId: unit.projectId,
    entity: { type: 'unit', id: unit.id },
    actorId: opts.actorId,
    action: opts.action,
    data: { ...fichaCard(unit), ...opts.data },
    notify: opts.notify,
    link: fichaLink(unit.id),
    labels: { entity: 'machines.ficha.entity', action: `deliveries.actions.${opts.action.replace('.', '_')}` },
  });
}

/** The 409 of a refused transition: the command path's one wording (errors.transition_not_allowed). */
export const refusal = (t: Translate, machine: MachineName, state: string, eventType: string) =>
  transitionNotAllowed(t, machine, state, eventType);

/** Home my-tasks (docs/product.md §2): the delivery appointment as a task of its responsible, due at its start. */
export async function upsertDeliveryTask(
  tx: Tx,
  unit: Unit,
  responsibleId: number | null,
  startAt: Date,
  unitLabel: string,
) {
  await closeDeliveryTasks(tx, unit);
  if (!responsibleId) return;
  const [person] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, responsibleId));
  const t = translator(pickLocale(person?.locale ?? 'es'));
  await tx.insert(tasks).values({
    companyId: unit.companyId,
    userId: responsibleId,
    projectId: unit.projectId,
    kind: 'entregas',
    link: fichaLink(unit.id),
    dueAt: startAt,
    title: t('deliveries.tasks.delivery', { unit: unitLabel }).slice(0, 300),
  });
}

/** The unit's open delivery tasks are done (delivered, cancelled or replaced by a new date). */
export async function closeDeliveryTasks(tx: Tx, unit: Unit) {
  await tx
    .update(tasks)
    .set({ doneAt: new Date() })
    .where(
      and(
        eq(tasks.companyId, unit.companyId),
        eq(tasks.kind, 'entregas'),
        eq(tasks.link, fichaLink(unit.id)),
        isNull(tasks.doneAt),
      ),
    );
}
