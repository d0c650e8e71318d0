import { and, desc, eq } from 'drizzle-orm';
import { allowedEvents } from '#machines/engine';
import { fichaMachine } from '#machines/ficha';
import { deliveryScheduleMachine } from '#machines/delivery-schedule';
import { ACTIVITY_HISTORY_LIMIT } from '#domain/limits';
import type { DbOrTx } from '../../../db/client.ts';
import { activityLog, floors, projects, tickets, towers, unitTypes, users } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { fichaStored, pendingFailureCount } from './commands.ts';
import { answerWindow, confirmationHours, liveSchedule, scheduleStored, type Schedule } from '../schedule/service.ts';
import { loadFicha, loadUnit, unitPeople } from '../shared/scope.ts';
import { fullName } from '../../../db/staff.ts';
import { userBriefs } from '../../../db/staff.ts';

export function scheduleView(s: Schedule | undefined, hours: number) {
  if (!s) return null;
  return {
    id: s.id,
    state: s.state,
    start_at: s.startAt.toISOString(),
    responsible_id: s.responsibleId,
    owner_decision_at: s.ownerDecisionAt?.toISOString() ?? null,
    owner_decision_by: s.ownerDecisionBy,
    owner_decision_reason: s.ownerDecisionReason,
    ...answerWindow(s, hours),
  };
}

/**
 * GET ficha/{unitId}: the header every tab shows (docs/product.md §3 Ficha) and the actions its machines
 * allow now, so the buttons and the server never disagree (docs/architecture.md §5).
 */
export async function fichaDetail(db: DbOrTx, user: SessionUser, unitId: number) {
  const unit = await loadUnit(db, user, unitId);
  const [place] = await db
    .select({ project: projects, tower: towers, floor: floors, type: unitTypes })
    .from(projects)
    .leftJoin(towers, eq(towers.id, unit.towerId ?? -1))
    .leftJoin(floors, eq(floors.id, unit.floorId ?? -1))
    .leftJoin(unitTypes, eq(unitTypes.id, unit.unitTypeId ?? -1))
    .where(eq(projects.id, unit.projectId));
  const ficha = await loadFicha(db, unitId);
  const schedule = await liveSchedule(db, unitId);
  const hours = await confirmationHours(db, unit.projectId);
  const pending = await pendingFailureCount(db, unitId);
  const people = await unitPeople(db, unitId);
  const briefs = await userBriefs(db, [unit.responsibleId]);
  const [ticket] = ficha?.afterSalesTicketId
    ? await db
        .select({ id: tickets.id, code: tickets.code, state: tickets.state })
        .from(tickets)
        .where(eq(tickets.id, ficha.afterSalesTicketId))
    : [];
  const stored = fichaStored(unit, ficha);
  const today = new Date().toISOString().slice(0, 10);
  return {
    id: unit.id,
    unit: unit.number,
    project: { id: place.project.id, name: place.project.name },
    tower: place.tower ? { id: place.tower.id, name: place.tower.name } : null,
    floor: place.floor ? { id: place.floor.id, number: place.floor.number, name: place.floor.name } : null,
    unit_type: place.type
      ? { id: place.type.id, name: place.type.name, category: place.type.category, surface: place.type.surface }
      : null,
    responsible: unit.responsibleId ? (briefs.get(unit.responsibleId) ?? null) : null,
    state: unit.deliveryState,
    scheduled_delivery_at: unit.scheduledDeliveryAt?.toISOString() ?? null,
    delivery_date: unit.deliveryDate,
    schedule: scheduleView(schedule, hours),
    pending_failures: pending,
    is_passed_to_after_sales: stored.context.isPassedToAfterSales,
    after_sales_ticket: ticket ?? null,
    owners_count: people.length,
    allowed_events: allowedEvents(fichaMachine, stored, [
      { type: 'ficha.schedule', scheduledAt: new Date().toISOString() },
      { type: 'ficha.deliver', deliveredAt: today, pendingFailureCount: pending },
      { type: 'ficha.returnToNew' },
      { type: 'ficha.clean' },
      { type: 'ficha.passToAfterSales', pendingFailureCount: pending },
    ]),
    schedule_allowed_events: schedule
      ? allowedEvents(deliveryScheduleMachine, scheduleStored(schedule), [
          { type: 'schedule.confirm', by: 'staff', now: new Date().toISOString(), confirmationDeadlineHours: hours },
          { type: 'schedule.reject', by: 'staff', now: new Date().toISOString(), confirmationDeadlineHours: hours },
        ])
      : [],
    updated_at: unit.updatedAt.toISOString(),
  };
}

/** recepcion tab: what the delivery dialog recorded (date, who received, comments, signatures). */
export async function receptionOf(db: DbOrTx, user: SessionUser, unitId: number) {
  const unit = await loadUnit(db, user, unitId);
  const ficha = await loadFicha(db, unitId);
  const briefs = await userBriefs(db, [ficha?.deliveredBy, ficha?.representativeId]);
  const [rep] = ficha?.representativeId
    ? await db.select({ signaturePath: users.signaturePath }).from(users).where(eq(users.id, ficha.representativeId))
    : [];
  return {
    state: unit.deliveryState,
    delivery_date: unit.deliveryDate,
    recorded_at: ficha?.deliveryRecordedAt?.toISOString() ?? null,
    delivered_by: ficha?.deliveredBy ? (briefs.get(ficha.deliveredBy) ?? null) : null,
    attendees: (ficha?.attendees ?? []).map((a) => ({
      owner_id: a.ownerId,
      name: a.name,
      last_name: a.lastName,
      role: a.role,
    })),
    receiver_comment: ficha?.receiverComment ?? null,
    observations: ficha?.actObservations ?? null,
    owner_signature_path: ficha?.ownerSignaturePath ?? null,
    representative: ficha?.representativeId
      ? { ...briefs.get(ficha.representativeId), signature_path: rep?.signaturePath ?? null }
      : null,
  };
}

/** actividad tab: the last 50 history records of the ficha (docs/product.md §9), newest first. */
export async function fichaActivity(db: DbOrTx, user: SessionUser, unitId: number) {
  await loadUnit(db, user, unitId);
  const rows = await db
    .select({ a: activityLog, firstName: users.firstName, lastName: users.lastName, color: users.color })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.userId))
    .where(
      and(
        eq(activityLog.companyId, user.companyId),
        eq(activityLog.entityType, 'unit'),
        eq(activityLog.entityId, unitId),
      ),
    )
    .orderBy(desc(activityLog.id))
    .limit(ACTIVITY_HISTORY_LIMIT);
  return rows.map((r) => ({
    id: r.a.id,
    action: r.a.action,
    from_state: r.a.fromState,
    to_state: r.a.toState,
    data: r.a.data,
    created_at: r.a.createdAt.toISOString(),
    user:
      r.a.userId && r.firstName !== null
        ? {
            id: r.a.userId,
            full_name: fullName({ firstName: r.firstName, lastName: r.lastName ?? '' }),
            color: r.color,
          }
        : null,
  }));
}
