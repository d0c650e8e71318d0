import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { allowedEvents, initialState } from '#machines/engine';
import { FAILURE_PENDING_STATES, failureMachine, type FailureContext } from '#machines/failure';
import { ORDER_DONE_STATES } from '#domain/orders';
import { isScheduleEditable, orderMachine, type OrderContext, type OrderEvent } from '#machines/order';
import type { orderCreateSchema, orderManageSchema, orderUpdateSchema } from '#domain/schemas/after-sales';
import { failures, orderFailures, orders, projects, type Attachment } from '../../../db/schema/index.ts';
import type { Tx } from '../../../db/client.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { failureStored, persistFailureStep } from '../failures/effects.ts';
import { OUTCOME_EVENT } from '../failures/service.ts';
import { userBriefs } from '../../../db/staff.ts';
import { assertStaffInProject } from '../shared/people.ts';
import { checkAttachments, linkAttachments, nextNumber } from '../shared/records.ts';
import { loadTicket, type Ticket } from '../shared/scope.ts';
import { decide, recordStep } from '../shared/step.ts';
import { emitTicketEvent } from '../shared/events.ts';
import {
  confirmationHours,
  orderCommand,
  orderStored,
  persistOrderStep,
  scheduleFacts,
  type Order,
} from './commands.ts';
import { answerWindow, mailConfirmation } from './confirmation.ts';

export type Kind = 'OI' | 'OT';
/** Failures an order can cover: those still to deal with (docs/product.md §4 pendiente or falla). */
const endOf = (startAt: string, minutes: number) => new Date(Date.parse(startAt) + minutes * 60_000).toISOString();

export async function loadOrder(deps: AppDeps, user: SessionUser, ticketId: number, kind: Kind, orderId: number) {
  const ticket = await loadTicket(deps.database.db, user, ticketId);
  const [order] = await deps.database.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.ticketId, ticket.id),
        eq(orders.kind, kind),
        eq(orders.companyId, user.companyId),
      ),
    );
  if (!order) throw notFound();
  return { ticket, order };
}

async function orderFailuresOf(db: AppDeps['database']['db'], orderIds: number[]) {
  if (!orderIds.length) return [];
  return db
    .select({ link: orderFailures, f: failures })
    .from(orderFailures)
    .innerJoin(failures, eq(failures.id, orderFailures.failureId))
    .where(inArray(orderFailures.orderId, orderIds))
    .orderBy(asc(failures.batch), asc(failures.id));
}

/** The OI/OT views (docs/product.md §2 oi / ot: list, editar, gestionar) with the actions the machine allows now. */
export async function orderViews(deps: AppDeps, ticket: Ticket, rows: Order[]) {
  const db = deps.database.db;
  const links = await orderFailuresOf(
    db,
    rows.map((o) => o.id),
  );
  const people = await userBriefs(
    db,
    rows.map((o) => o.responsibleId),
  );
  const hours = await confirmationHours(db, ticket.projectId);
  const views = [];
  for (const o of rows) {
    const facts = await scheduleFacts(db, ticket, o.id);
    const probe = {
      startAt: o.startAt?.toISOString() ?? '2000-01-01T00:00:00.000Z',
      endAt: o.endAt?.toISOString() ?? '2000-01-01T01:00:00.000Z',
    };
    const staff = { by: 'staff' as const, now: new Date().toISOString(), confirmationDeadlineHours: hours };
    views.push({
      id: o.id,
      kind: o.kind,
      code: o.code,
      number: o.number,
      ticket_id: o.ticketId,
      state: o.state,
      previous_state: o.previousState,
      responsible: o.responsibleId ? (people.get(o.responsibleId) ?? null) : null,
      start_at: o.startAt?.toISOString() ?? null,
      end_at: o.endAt?.toISOString() ?? null,
      duration_minutes: o.durationMinutes,
      description: o.description,
      observations: o.observations,
      owner_decision: o.ownerDecision,
      owner_decision_at: o.ownerDecisionAt?.toISOString() ?? null,
      owner_decision_reason: o.ownerDecisionReason,
      owner_window: answerWindow(o, hours),
      managed_at: o.managedAt?.toISOString() ?? null,
      failures: links
        .filter((l) => l.link.orderId === o.id)
        .map((l) => ({
          id: l.f.id,
          place: l.f.placeName,
          item: l.f.itemName,
          detail: l.f.detailName,
          severity: l.f.severity,
          state: l.f.state,
          batch: l.f.batch,
          result: l.link.result,
          comment: l.link.comment,
          attachments: l.link.attachments,
        })),
      is_schedule_editable: isScheduleEditable(facts),
      allowed_events: allowedEvents(orderMachine, orderStored(o), [
        { type: 'order.schedule', ...probe, ...facts },
        { type: 'order.reschedule', ...probe, ...facts },
        { type: 'order.unschedule', ...facts },
        { type: 'order.confirm', ...staff },
        { type: 'order.reject', ...staff },
        { type: 'order.cancel' },
        { type: 'order.manage' },
        { type: 'order.finish' },
      ]),
      created_at: o.createdAt.toISOString(),
      updated_at: o.updatedAt.toISOString(),
    });
  }
  return views;
}

export async function listOrders(deps: AppDeps, user: SessionUser, ticketId: number, kind: Kind) {
  const ticket = await loadTicket(deps.database.db, user, ticketId);
  const rows = await deps.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.ticketId, ticket.id), eq(orders.kind, kind)))
    .orderBy(asc(orders.number));
  return orderViews(deps, ticket, rows);
}

async function checkFailures(deps: AppDeps, ticket: Ticket, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await deps.database.db
    .select()
    .from(failures)
    .where(and(eq(failures.ticketId, ticket.id), inArray(failures.id, unique)));
  if (
    rows.length !== unique.length ||
    rows.some((f) => !(FAILURE_PENDING_STATES as readonly string[]).includes(f.state))
  ) {
    throw new ApiError(422, 'errors.validation', undefined, [
      { field: 'failure_ids', key: 'after_sales.errors.failure_not_open' },
    ]);
  }
  return unique;
}

/**
 * crear OI/OT (docs/product.md §5 "an order needs a schedule"): created, then scheduled by the machine in the
 * same transaction, so the owner is asked to confirm at once.
 */
export async function createOrder(
  deps: AppDeps,
  user: SessionUser,
  ticketId: number,
  kind: Kind,
  input: z.output<typeof orderCreateSchema>,
  t: Translate,
) {
  const db = deps.database.db;
  const ticket = await loadTicket(db, user, ticketId);
  await assertStaffInProject(db, user.companyId, ticket.projectId, [input.responsible_id], 'responsible_id');
  const failureIds = await checkFailures(deps, ticket, input.failure_ids);
  const initial = initialState(orderMachine);
  const event: OrderEvent = {
    type: 'order.schedule',
    startAt: new Date(input.start_at).toISOString(),
    endAt: endOf(input.start_at, input.duration_minutes),
    ...(await scheduleFacts(db, ticket, null)),
  };
  const step = decide(t, orderMachine, 'order', initial, event);
  const created = await transactionWithEvents(deps, async (tx) => {
    const locked = await loadTicket(tx, user, ticketId, true);
    const number = await nextNumber(tx, ticket.projectId, kind);
    const [project] = await tx.select({ code: projects.code }).from(projects).where(eq(projects.id, ticket.projectId));
    const [order] = await tx
      .insert(orders)
      .values({
        companyId: user.companyId,
        projectId: ticket.projectId,
        ticketId: ticket.id,
        kind,
        number,
        code: `${kind}-${project.code ?? ''}${number}`,
        responsibleId: input.responsible_id,
        state: initial.value,
        description: input.description ?? '',
        createdBy: user.id,
      })
      .returning();
    await tx
      .insert(orderFailures)
      .values(failureIds.map((failureId) => ({ orderId: order.id, failureId, companyId: user.companyId })));
    const r = await persistOrderStep(
      tx,
      locked,
      order,
      { ...step, context: step.context as OrderContext },
      event,
      user.id,
    );
    await recordStep(tx, r.ticket, step, {
      actorId: user.id,
      action: 'order.schedule',
      type: 'order.scheduled',
      toOwner: true,
      data: {
        orderId: order.id,
        orderCode: order.code,
        kind,
        orderState: r.row.state,
        orderResponsibleId: order.responsibleId,
        startAt: r.row.startAt?.toISOString(),
        endAt: r.row.endAt?.toISOString(),
      },
    });
    return r;
  });
  await mailConfirmation(deps, created.ticket, created.row, created.token);
  return created.row;
}

/**
 * editar OI/OT: responsible, failures and description while the order is open; a new date or
 * duration is a (re)schedule the machine may refuse (docs/product.md §4).
 */
export async function updateOrder(
  deps: AppDeps,
  user: SessionUser,
  ticketId: number,
  kind: Kind,
  orderId: number,
  input: z.output<typeof orderUpdateSchema>,
  t: Translate,
) {
  const db = deps.database.db;
  const { ticket, order } = await loadOrder(deps, user, ticketId, kind, orderId);
  if ((ORDER_DONE_STATES as readonly string[]).includes(order.state))
    throw new ApiError(409, 'after_sales.errors.order_closed', { state: t(`after_sales.order_states.${order.state}`) });
  if (input.responsible_id)
    await assertStaffInProject(db, user.companyId, ticket.projectId, [input.responsible_id], 'responsible_id');
  const failureIds = input.failure_ids ? await checkFailures(deps, ticket, input.failure_ids) : undefined;
  const patch: Partial<typeof orders.$inferInsert> = {};
  if (input.responsible_id) patch.responsibleId = input.responsible_id;
  if (input.description !== undefined) patch.description = input.description;
  const start = input.start_at ?? order.startAt?.toISOString();
  const minutes = input.duration_minutes ?? order.durationMinutes;
  const moves =
    (input.start_at || input.duration_minutes) &&
    start &&
    minutes &&
    (new Date(start).getTime() !== order.startAt?.getTime() || minutes !== order.durationMinutes);
  if (moves) {
    const facts = await scheduleFacts(db, ticket, order.id);
    const type = order.state === 'creada' ? 'order.schedule' : 'order.reschedule';
    const r = await orderCommand(
      deps,
      user,
      ticket,
      order.id,
      { type, startAt: new Date(start!).toISOString(), endAt: endOf(start!, minutes!), ...facts },
      t,
      {
        patch,
        extra: async (tx) => {
          if (failureIds) await replaceFailures(tx, order, failureIds);
        },
      },
    );
    await mailConfirmation(deps, r.ticket, r.row, r.token);
    return r.row;
  }
  return transactionWithEvents(deps, async (tx) => {
    const [row] = Object.keys(patch).length
      ? await tx
          .update(orders)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(orders.id, order.id))
          .returning()
      : [order];
    if (failureIds) await replaceFailures(tx, order, failureIds);
    await emitTicketEvent(tx, ticket, 'order.changed', {
      actorId: user.id,
      action: 'order.update',
      data: {
        orderId: row.id,
        orderCode: row.code,
        kind,
        orderState: row.state,
        orderResponsibleId: row.responsibleId,
      },
    });
    return row;
  });
}

async function replaceFailures(tx: Tx, order: Order, ids: number[]) {
  await tx.delete(orderFailures).where(eq(orderFailures.orderId, order.id));
  await tx
    .insert(orderFailures)
    .values(ids.map((failureId) => ({ orderId: order.id, failureId, companyId: order.companyId })));
}

/**
 * gestionar OI/OT: the result of each failure, then the order is managed. Every failure outcome goes
 * through the failure machine in the same transaction (solving one asks the owner's AC).
 */
export async function manageOrder(
  deps: AppDeps,
  user: SessionUser,
  ticketId: number,
  kind: Kind,
  orderId: number,
  input: z.output<typeof orderManageSchema>,
  t: Translate,
) {
  const { ticket, order } = await loadOrder(deps, user, ticketId, kind, orderId);
  const linked = await orderFailuresOf(deps.database.db, [order.id]);
  const ids = new Set(linked.map((l) => l.f.id));
  const given = new Map(input.results.map((r) => [r.failure_id, r]));
  if (given.size !== ids.size || [...given.keys()].some((id) => !ids.has(id))) {
    throw new ApiError(422, 'errors.validation', undefined, [
      { field: 'results', key: 'after_sales.errors.results_mismatch' },
    ]);
  }
  // The photos of each result: the caller's own uploads (docs/product.md §9 at most 5 a result).
  const photos = new Map<number, Attachment[]>();
  for (const [i, result] of input.results.entries()) {
    photos.set(result.failure_id, await checkAttachments(deps, user, result.attachments, `results.${i}.attachments`));
  }
  const r = await orderCommand(deps, user, ticket, order.id, { type: 'order.manage' }, t, {
    patch: input.observations !== undefined ? { observations: input.observations } : undefined,
    extra: async (tx, _next, res) => {
      const now = new Date();
      for (const { link, f } of linked) {
        const result = given.get(f.id)!;
        await tx
          .update(orderFailures)
          .set({
            result: result.result,
            comment: result.comment ?? null,
            attachments: photos.get(f.id) ?? [],
            managedAt: now,
          })
          .where(and(eq(orderFailures.orderId, link.orderId), eq(orderFailures.failureId, f.id)));
        if (result.result === f.state) continue; // the same verdict again (e.g. still 'falla'): nothing changes
        const [fresh] = await tx.select().from(failures).where(eq(failures.id, f.id)).for('update');
        const step = decide(t, failureMachine, 'failure', failureStored(fresh), {
          type: OUTCOME_EVENT[result.result],
        } as never);
        const row = await persistFailureStep(
          tx,
          res.ticket,
          fresh,
          { to: step.to, context: step.context as FailureContext, actions: step.actions },
          user.id,
        );
        await recordStep(tx, res.ticket, step, {
          actorId: user.id,
          action: OUTCOME_EVENT[result.result],
          type: 'failure.changed',
          data: { failureId: f.id, failureState: row.state, acId: row.acId, orderId: order.id },
        });
      }
    },
  });
  await linkAttachments(deps, user.companyId, ticket.id, [...photos.values()].flat());
  return r.row;
}

/** The staff actions on an order that need no input beyond the facts the server knows (and an optional reason). */
export type StaffOrderEvent = 'order.confirm' | 'order.reject' | 'order.cancel' | 'order.finish' | 'order.unschedule';

export async function staffOrderAction(
  deps: AppDeps,
  user: SessionUser,
  ticketId: number,
  kind: Kind,
  orderId: number,
  type: StaffOrderEvent,
  t: Translate,
  reason?: string,
) {
  const { ticket, order } = await loadOrder(deps, user, ticketId, kind, orderId);
  const staff = {
    by: 'staff' as const,
    now: new Date().toISOString(),
    confirmationDeadlineHours: await confirmationHours(deps.database.db, ticket.projectId),
  };
  const event: OrderEvent =
    type === 'order.confirm' || type === 'order.reject'
      ? { type, ...staff }
      : type === 'order.unschedule'
        ? { type, ...(await scheduleFacts(deps.database.db, ticket, order.id)) }
        : { type };
  const r = await orderCommand(deps, user, ticket, order.id, event, t, {
    patch: reason ? { ownerDecisionReason: reason } : undefined,
  });
  return r.row;
}

/** agendar / reagendar (also the agenda's drag): the machine refuses with its reason (409). */
export async function scheduleOrder(
  deps: AppDeps,
  user: SessionUser,
  ticket: Ticket,
  order: Order,
  input: { start_at: string; duration_minutes: number; responsible_id?: number },
  t: Translate,
) {
  if (input.responsible_id)
    await assertStaffInProject(
      deps.database.db,
      user.companyId,
      ticket.projectId,
      [input.responsible_id],
      'responsible_id',
    );
  const facts = await scheduleFacts(deps.database.db, ticket, order.id);
  const type = order.state === 'creada' ? 'order.schedule' : 'order.reschedule';
  const r = await orderCommand(
    deps,
    user,
    ticket,
    order.id,
    {
      type,
      startAt: new Date(input.start_at).toISOString(),
      endAt: endOf(input.start_at, input.duration_minutes),
      ...facts,
    },
    t,
    {
      patch: input.responsible_id ? { responsibleId: input.responsible_id } : undefined,
    },
  );
  await mailConfirmation(deps, r.ticket, r.row, r.token);
  return r.row;
}
