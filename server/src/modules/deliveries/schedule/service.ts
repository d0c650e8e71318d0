import { and, eq, inArray, isNull } from 'drizzle-orm';
import { canSend, initialState } from '#machines/engine';
import { deliveryScheduleMachine, type DeliveryScheduleEvent } from '#machines/delivery-schedule';
import { deliveryScheduleCommands } from '#domain/fichas';
import type { Tx } from '../../../db/client.ts';
import {
  activityLog,
  companies,
  deliverySchedules,
  owners,
  projectSettings,
  towers,
  unitOwners,
  units,
  users,
} from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { pickLocale, translator, type Translate } from '../../../lib/i18n.ts';
import { newToken, sha256 } from '../../../auth/tokens.ts';
import { recordEvent, transactionWithEvents } from '../../../events/outbox.ts';
import { runCommand } from '../../../commands/runner.ts';
import { nextState, stateNameOf } from '../../../commands/machine-check.ts';
import { assertStaffInProject } from '../shared/people.ts';
import { emitFichaEvent, fichaCard, fichaLink, refusal, unitEntity, upsertDeliveryTask } from '../shared/events.ts';
import { persistUnitState, runFicha } from '../fichas/commands.ts';
import { loadUnit, type Unit } from '../shared/scope.ts';
import { countryTimezone } from '../../../lib/time-zones.ts';
import { dayjs } from '../shared/time.ts';
import { visitInviteAttachments } from '../../integrations/service.ts';
import { deliveryVisit } from './calendar-appointments.ts';

export type Schedule = typeof deliverySchedules.$inferSelect;
export const scheduleStored = (s: Schedule) => ({ value: s.state, context: { startAt: s.startAt.toISOString() } });

/** Owners answer until this many hours before the start (docs/product.md §4; the project's configuration, 24 by default). */
export async function confirmationHours(db: AppDeps['database']['db'] | Tx, projectId: number) {
  const [s] = await db
    .select({ hours: projectSettings.ownerConfirmationLimitHours })
    .from(projectSettings)
    .where(eq(projectSettings.projectId, projectId));
  return s?.hours ?? 24;
}

export async function liveSchedule(db: AppDeps['database']['db'] | Tx, unitId: number, lock = false) {
  const q = db
    .select()
    .from(deliverySchedules)
    .where(and(eq(deliverySchedules.unitId, unitId), isNull(deliverySchedules.cancelledAt)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function unitLabel(db: AppDeps['database']['db'] | Tx, unit: Unit) {
  const [tower] = unit.towerId
    ? await db.select({ name: towers.name }).from(towers).where(eq(towers.id, unit.towerId))
    : [];
  return tower ? `${unit.number} (${tower.name})` : unit.number;
}

/**
 * Schedules (or reschedules) the unit's delivery: ficha.schedule on the ficha and, on the
 * appointment, a new por_confirmar schedule or schedule.reschedule — both in one transaction, with
 * a single-use link for the owner and a task for the responsible (docs/product.md §2 my tasks, §4).
 */
export async function scheduleDelivery(
  deps: AppDeps,
  user: SessionUser,
  t: Translate,
  unitId: number,
  input: { start_at: string; responsible_id?: number },
) {
  const unit0 = await loadUnit(deps.database.db, user, unitId);
  if (input.responsible_id)
    await assertStaffInProject(
      deps.database.db,
      user.companyId,
      unit0.projectId,
      input.responsible_id,
      'responsible_id',
    );
  const startAt = new Date(input.start_at).toISOString();
  const token = newToken();
  const result = await runFicha(
    deps,
    user,
    t,
    unitId,
    { type: 'ficha.schedule', scheduledAt: startAt },
    {
      eventType: 'ficha.changed',
      apply: async (tx, next) => {
        const responsibleId = input.responsible_id ?? next.row.unit.responsibleId ?? null;
        const unit = await persistUnitState(tx, unitId, next, { responsibleId });
        const live = await liveSchedule(tx, unitId, true);
        const values = {
          startAt: new Date(startAt),
          responsibleId,
          ownerDecisionAt: null,
          ownerDecisionBy: null,
          ownerDecisionReason: null,
          confirmTokenHash: sha256(token),
          confirmTokenUsedAt: null,
          updatedAt: new Date(),
        };
        let schedule: Schedule;
        let from: string | null = null;
        if (live) {
          const event: DeliveryScheduleEvent = { type: 'schedule.reschedule', startAt };
          const step = nextState(deliveryScheduleMachine, scheduleStored(live), event);
          if (!step.ok) throw refusal(t, 'deliverySchedule', live.state, event.type);
          from = live.state;
          [schedule] = await tx
            .update(deliverySchedules)
            .set({ ...values, state: stateNameOf(deliveryScheduleMachine, step.value) })
            .where(eq(deliverySchedules.id, live.id))
            .returning();
        } else {
          const initial = initialState(deliveryScheduleMachine, { startAt });
          [schedule] = await tx
            .insert(deliverySchedules)
            .values({
              ...values,
              companyId: unit.companyId,
              projectId: unit.projectId,
              unitId,
              state: initial.value,
              createdBy: user.id,
            })
            .returning();
        }
        await upsertDeliveryTask(tx, unit, responsibleId, schedule.startAt, await unitLabel(tx, unit));
        await recordEvent(tx, {
          type: 'delivery.scheduled',
          companyId: unit.companyId,
          projectId: unit.projectId,
          entity: { type: 'unit', id: unit.id },
          actorId: user.id,
          action: live ? 'schedule.reschedule' : 'schedule.create',
          from,
          to: schedule.state,
          data: { ...fichaCard(unit), scheduleId: schedule.id, startAt: schedule.startAt.toISOString() },
          notify: responsibleId && responsibleId !== user.id ? [responsibleId] : [],
          link: fichaLink(unit.id),
          labels: {
            entity: 'machines.deliverySchedule.entity',
            action: 'machines.deliverySchedule.events.reschedule',
            state: `machines.deliverySchedule.states.${schedule.state}`,
          },
        });
        return { unit, schedule };
      },
      data: (r) => ({ scheduleId: r.schedule.id, startAt: r.schedule.startAt.toISOString() }),
    },
  );
  const mailed = await mailOwners(deps, result.unit, result.schedule, token);
  return { ...result, mailed };
}

/**
 * settleDeliverySchedule (machines/ficha.ts, on ficha.deliver): the live appointment takes schedule.settle
 * and is realizada — nothing left for the owner or staff to answer — with its own history row and event,
 * inside the delivery's transaction. No live appointment, or one already settled: nothing to do.
 */
export async function settleSchedule(tx: Tx, unit: Unit, actorId: number) {
  const live = await liveSchedule(tx, unit.id, true);
  if (!live) return null;
  const event: DeliveryScheduleEvent = { type: 'schedule.settle' };
  const step = nextState(deliveryScheduleMachine, scheduleStored(live), event);
  if (!step.ok) return null;
  const to = stateNameOf(deliveryScheduleMachine, step.value);
  const [schedule] = await tx
    .update(deliverySchedules)
    .set({ state: to, updatedAt: new Date() })
    .where(eq(deliverySchedules.id, live.id))
    .returning();
  const data = { ...fichaCard(unit), scheduleId: schedule.id, startAt: schedule.startAt.toISOString() };
  await tx.insert(activityLog).values({
    companyId: unit.companyId,
    projectId: unit.projectId,
    entityType: 'unit',
    entityId: unit.id,
    action: event.type,
    fromState: live.state,
    toState: to,
    userId: actorId,
    data,
  });
  await recordEvent(tx, {
    type: 'delivery.settled',
    companyId: unit.companyId,
    projectId: unit.projectId,
    entity: { type: 'unit', id: unit.id },
    actorId,
    action: event.type,
    from: live.state,
    to,
    data,
    link: fichaLink(unit.id),
    labels: {
      entity: 'machines.deliverySchedule.entity',
      action: 'machines.deliverySchedule.events.settle',
      state: `machines.deliverySchedule.states.${to}`,
    },
  });
  return schedule;
}

const linkUrl = (deps: AppDeps, token: string) =>
  `${deps.config.publicUrl}/api/v2/public/api/entregas/entrega/${token}`;

/**
 * notifyOwner: e-mails every owner or receiver of the unit whose portal account has a verified
 * address (docs/product.md §5: no verified e-mail, no notifications) the single-use confirmation link.
 */
async function mailOwners(deps: AppDeps, unit: Unit, schedule: Schedule, token: string): Promise<number> {
  const db = deps.database.db;
  const rows = await db
    .select({ user: users })
    .from(unitOwners)
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .innerJoin(users, eq(users.id, owners.userId))
    .where(eq(unitOwners.unitId, unit.id));
  const [company] = await db
    .select({ country: companies.country })
    .from(companies)
    .where(eq(companies.id, unit.companyId));
  const hours = await confirmationHours(db, unit.projectId);
  const when = dayjs(schedule.startAt).tz(countryTimezone(company?.country)).format('DD-MM-YYYY HH:mm');
  const visit = await deliveryVisit(db, schedule.id);
  let sent = 0;
  for (const { user } of rows) {
    if (!user.email || !user.emailVerifiedAt || !user.isActive || user.deletedAt) continue;
    const t = translator(pickLocale(user.locale ?? 'es'));
    await deps.mailer.send({
      companyId: unit.companyId,
      to: user.email,
      subject: t('deliveries.mail.subject', { unit: unit.number }),
      text: t('deliveries.mail.body', {
        name: user.firstName,
        unit: unit.number,
        when,
        hours,
        url: linkUrl(deps, token),
      }),
      // The scheduling tool's invitation: the appointment in the owner's calendar, updated by each new e-mail.
      attachments: await visitInviteAttachments(deps, unit.companyId, visit, t, user.email),
    });
    sent++;
  }
  return sent;
}

/** Staff record the owner's answer as themselves; an owner answers from the portal (actorId) or the e-mailed link (none). */
export type Answer = { kind: 'confirm' | 'reject'; reason?: string | null } & (
  { by: 'staff'; user: SessionUser } | { by: 'owner'; actorId: number | null; viaToken?: boolean }
);

/**
 * The owner's answer to the appointment, recorded by the owner (portal or e-mailed link) or by
 * staff for them. When the machine refuses an owner but would accept staff, the only reason is the
 * configured limit before the start, which gets its own message (docs/product.md §4).
 */
export async function answerSchedule(deps: AppDeps, unit: Unit, answer: Answer, t: Translate) {
  const actorId = answer.by === 'staff' ? answer.user.id : answer.actorId;
  const viaToken = answer.by === 'owner' && answer.viaToken;
  const live = await liveSchedule(deps.database.db, unit.id);
  if (!live) throw new ApiError(409, 'deliveries.errors.no_schedule');
  const hours = await confirmationHours(deps.database.db, unit.projectId);
  const type = answer.kind === 'confirm' ? ('schedule.confirm' as const) : ('schedule.reject' as const);
  const now = new Date().toISOString();
  const event = { type, by: answer.by, now, confirmationDeadlineHours: hours } satisfies DeliveryScheduleEvent;
  const stored = scheduleStored(live);
  if (
    answer.by === 'owner' &&
    !canSend(deliveryScheduleMachine, stored, event) &&
    canSend(deliveryScheduleMachine, stored, { ...event, by: 'staff' })
  ) {
    throw new ApiError(409, 'deliveries.errors.confirmation_deadline_passed', { hours }, [], {
      deadline: new Date(live.startAt.getTime() - hours * 3_600_000).toISOString(),
    });
  }
  const { result } = await runCommand(deps, {
    machine: deliveryScheduleMachine,
    machineName: 'deliverySchedule',
    entity: unitEntity(unit),
    load: async (tx) => {
      const row = await liveSchedule(tx, unit.id, true);
      if (!row || row.id !== live.id) return undefined;
      if (viaToken && row.confirmTokenUsedAt) throw new ApiError(410, 'deliveries.errors.link_used');
      if (!nextState(deliveryScheduleMachine, scheduleStored(row), event).ok)
        throw refusal(t, 'deliverySchedule', row.state, type);
      return { ...scheduleStored(row), row, projectId: row.projectId };
    },
    event,
    commands: deliveryScheduleCommands,
    actor: answer.by === 'staff' ? answer.user : 'owner',
    persist: async (tx, next) => {
      const [row] = await tx
        .update(deliverySchedules)
        .set({
          state: next.to,
          ownerDecisionAt: new Date(),
          ownerDecisionBy: answer.by,
          ownerDecisionReason: answer.reason ?? null,
          updatedAt: new Date(),
          ...(viaToken ? { confirmTokenUsedAt: new Date() } : {}),
        })
        .where(eq(deliverySchedules.id, next.row.id))
        .returning();
      return row;
    },
    userId: actorId,
    t,
    eventType: answer.kind === 'confirm' ? 'delivery.confirmed' : 'delivery.rejected',
    data: (_next, row) => ({
      ...fichaCard(unit),
      scheduleId: row.id,
      startAt: row.startAt.toISOString(),
      by: answer.by,
    }),
    notify: (_next, row) => (row.responsibleId && row.responsibleId !== actorId ? [row.responsibleId] : []),
    link: fichaLink(unit.id),
  });
  return result;
}

/** Whether the owner can still answer, so the portal and the link page hide the buttons in time. */
export function answerWindow(schedule: Schedule, hours: number, now = new Date()) {
  const stored = scheduleStored(schedule);
  const facts = { by: 'owner' as const, now: now.toISOString(), confirmationDeadlineHours: hours };
  return {
    can_confirm: canSend(deliveryScheduleMachine, stored, { type: 'schedule.confirm', ...facts }),
    can_reject: canSend(deliveryScheduleMachine, stored, { type: 'schedule.reject', ...facts }),
    deadline: new Date(schedule.startAt.getTime() - hours * 3_600_000).toISOString(),
  };
}

/** Loads the unit of an e-mailed link: unknown or replaced tokens are a 404, a used one a 410. */
export async function scheduleByToken(deps: AppDeps, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new ApiError(404, 'errors.not_found');
  const [row] = await deps.database.db
    .select({ schedule: deliverySchedules, unit: units })
    .from(deliverySchedules)
    .innerJoin(units, eq(units.id, deliverySchedules.unitId))
    .where(and(eq(deliverySchedules.confirmTokenHash, sha256(token)), isNull(deliverySchedules.cancelledAt)));
  if (!row) throw new ApiError(404, 'errors.not_found');
  if (row.schedule.confirmTokenUsedAt) throw new ApiError(410, 'deliveries.errors.link_used');
  return row;
}

/**
 * Bulk scheduling from the fichas list (docs/product.md §5/§9: at most 50 selected, checked by the schema):
 * each unit gets its appointment `interval_minutes` after the previous one. Units the machine
 * refuses (already delivered) are reported as warnings; the others are scheduled.
 */
export async function bulkSchedule(
  deps: AppDeps,
  user: SessionUser,
  t: Translate,
  projectId: number,
  input: { unit_ids: number[]; start_at: string; interval_minutes: number; responsible_id?: number },
) {
  const ids = [...new Set(input.unit_ids)];
  const rows = await deps.database.db
    .select({ id: units.id, number: units.number })
    .from(units)
    .where(and(eq(units.companyId, user.companyId), eq(units.projectId, projectId), inArray(units.id, ids)));
  if (rows.length !== ids.length) throw notFound();
  let scheduled = 0;
  const warnings: string[] = [];
  for (const [i, unitId] of ids.entries()) {
    const startAt = new Date(Date.parse(input.start_at) + i * input.interval_minutes * 60_000).toISOString();
    try {
      await scheduleDelivery(deps, user, t, unitId, { start_at: startAt, responsible_id: input.responsible_id });
      scheduled++;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500 || err.status === 422) throw err;
      warnings.push(`${rows.find((r) => r.id === unitId)!.number}: ${t(err.key, err.params)}`);
    }
  }
  return { scheduled, warnings };
}

/** Assigns the ficha's responsible; a live appointment and its task follow them (docs/product.md §2 my tasks). */
export async function assignResponsible(
  deps: AppDeps,
  user: SessionUser,
  unitId: number,
  responsibleId: number | null,
) {
  const unit0 = await loadUnit(deps.database.db, user, unitId);
  if (responsibleId)
    await assertStaffInProject(deps.database.db, user.companyId, unit0.projectId, responsibleId, 'responsible_id');
  await transactionWithEvents(deps, async (tx) => {
    const [unit] = await tx
      .update(units)
      .set({ responsibleId, updatedAt: new Date() })
      .where(eq(units.id, unitId))
      .returning();
    const live = await liveSchedule(tx, unitId, true);
    if (live) {
      await tx
        .update(deliverySchedules)
        .set({ responsibleId, updatedAt: new Date() })
        .where(eq(deliverySchedules.id, live.id));
      await upsertDeliveryTask(tx, unit, responsibleId, live.startAt, await unitLabel(tx, unit));
    }
    await emitFichaEvent(tx, unit, {
      actorId: user.id,
      action: 'ficha.assign',
      data: { responsibleId },
      notify: responsibleId && responsibleId !== user.id ? [responsibleId] : [],
    });
  });
}
