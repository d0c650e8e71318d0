import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { allowedEvents, initialState } from '#machines/engine';
import { acHasReply, type AcState } from '#machines/ac';
import { failureMachine, type FailureContext, type FailureEvent } from '#machines/failure';
import type {
  failureCreateSchema,
  failureUpdateSchema,
  FailureOutcome,
  newFailureSchema,
} from '#domain/schemas/after-sales';
import { failureCommands } from '#domain/failures';
import type { PlanPin } from '#domain/plan-pins';
import { TICKET_WORKING_STATES } from '#domain/tickets';
import { acs, companies, failures, orderFailures, orders, tickets, units } from '../../../db/schema/index.ts';
import type { Tx } from '../../../db/client.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { CommandActor } from '../../../auth/guard.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { runCommand } from '../../../commands/runner.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { computeGuarantee, guaranteeView, resolveFailureType } from '../catalogue/service.ts';
import { isoDay, timezoneOf } from '../shared/dates.ts';
import { emitTicketEvent, recipients, ticketCard, ticketLink } from '../shared/events.ts';
import { checkAttachments, linkAttachments } from '../shared/records.ts';
import { loadTicket, type Ticket } from '../shared/scope.ts';
import { failureStored, persistFailureStep, type Failure } from './effects.ts';

/** Outcome → failure machine event (docs/product.md §4 Failure outcomes). */
export const OUTCOME_EVENT: Record<FailureOutcome, FailureEvent['type']> = {
  cumple: 'failure.comply',
  falla: 'failure.fail',
  no_aplica: 'failure.markNotApplicable',
  solucionada: 'failure.solve',
  solucionada_postventa: 'failure.solveInAfterSales',
};

async function today(deps: AppDeps, companyId: number) {
  const [c] = await deps.database.db
    .select({ country: companies.country })
    .from(companies)
    .where(eq(companies.id, companyId));
  return isoDay(new Date(), timezoneOf(c?.country));
}

/** The failures tab (docs/product.md §2 solicitud/{id}/fallas): catalogue names, batch, severity, guarantee, AC, orders. */
export async function listFailures(deps: AppDeps, user: SessionUser, ticket: Ticket) {
  const db = deps.database.db;
  const rows = await db
    .select({ f: failures, acState: acs.state, acCode: acs.code })
    .from(failures)
    .leftJoin(acs, eq(acs.id, failures.acId))
    .where(and(eq(failures.companyId, user.companyId), eq(failures.ticketId, ticket.id)))
    .orderBy(asc(failures.batch), asc(failures.id));
  const links = rows.length
    ? await db
        .select({
          failureId: orderFailures.failureId,
          orderId: orders.id,
          code: orders.code,
          kind: orders.kind,
          result: orderFailures.result,
        })
        .from(orderFailures)
        .innerJoin(orders, eq(orders.id, orderFailures.orderId))
        .where(
          inArray(
            orderFailures.failureId,
            rows.map((r) => r.f.id),
          ),
        )
    : [];
  const day = await today(deps, user.companyId);
  return rows.map((r) =>
    failureView(
      r.f,
      day,
      r.acState,
      r.acCode,
      links.filter((l) => l.failureId === r.f.id),
      user.kind === 'owner',
    ),
  );
}

export function failureView(
  f: Failure,
  day: string,
  acState: AcState | null,
  acCode: string | null,
  links: { orderId: number; code: string; kind: string; result: string | null }[] = [],
  ownerView = false,
) {
  const acReply = acHasReply(acState);
  return {
    id: f.id,
    ticket_id: f.ticketId,
    state: f.state,
    previous_state: f.previousState,
    place: { id: f.placeId, name: f.placeName },
    item: { id: f.itemId, name: f.itemName, category: f.category },
    detail: { id: f.failureTypeId, name: f.detailName },
    description: f.description,
    batch: f.batch,
    severity: f.severity,
    guarantee: guaranteeView(f, day),
    marked_to_owner_at: f.markedToOwnerAt?.toISOString() ?? null,
    reentered_count: f.reenteredCount,
    reentered_at: f.reenteredAt?.toISOString() ?? null,
    ac: f.acId ? { id: f.acId, code: acCode, state: acState } : null,
    orders: links.map((l) => ({ id: l.orderId, code: l.code, kind: l.kind, result: l.result })),
    attachments: f.attachments,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
    ...(ownerView
      ? {}
      : {
          allowed_events: allowedEvents(failureMachine, failureStored(f), [
            { type: 'failure.comply' },
            { type: 'failure.fail' },
            { type: 'failure.markNotApplicable' },
            { type: 'failure.solve' },
            { type: 'failure.solveInAfterSales' },
            { type: 'failure.reopen', acHasReply: acReply },
            { type: 'failure.reenter', acHasReply: acReply },
            { type: 'failure.markToOwner' },
          ]),
        }),
  };
}

function assertWorking(t: Translate, ticket: Ticket) {
  if (!(TICKET_WORKING_STATES as readonly string[]).includes(ticket.state))
    throw new ApiError(409, 'after_sales.errors.ticket_not_working', {
      state: t(`after_sales.states.${ticket.state}`),
    });
}

type Unit = typeof units.$inferSelect;
type NewFailure = z.output<typeof newFailureSchema> & { batch?: number };

/**
 * Checks a new failure before anything is written: its detail belongs to the unit type's catalogue
 * (place → item → detail), its guarantee is computed (docs/product.md#failure-guarantee) and its photos
 * are uploads of the caller. `prefix` names the fields of a 422 inside a larger body ('failures.0.').
 */
export async function prepareFailure(deps: AppDeps, user: SessionUser, unit: Unit, input: NewFailure, prefix = '') {
  const db = deps.database.db;
  const pick = await resolveFailureType(
    db,
    user.companyId,
    unit.unitTypeId,
    input.failure_type_id,
    `${prefix}failure_type_id`,
  );
  const guarantee = await computeGuarantee(db, user.companyId, unit, pick.item.category);
  const attachments = await checkAttachments(deps, user, input.attachments, `${prefix}attachments`);
  return { input, pick, guarantee, attachments };
}
/** A prepared failure, with the plan pin it already has when it comes from a delivery revision result. */
export type PreparedFailure = Awaited<ReturnType<typeof prepareFailure>> & { planPin?: PlanPin | null };

/** Writes a prepared failure in the caller's transaction, with its history row and failure.changed event. */
export async function insertFailure(
  tx: Tx,
  user: SessionUser,
  ticket: Ticket,
  prepared: PreparedFailure,
  batch: number,
  opts: { notify?: number[] } = {},
) {
  const { input, pick, guarantee, attachments } = prepared;
  const [row] = await tx
    .insert(failures)
    .values({
      companyId: user.companyId,
      projectId: ticket.projectId,
      ticketId: ticket.id,
      unitId: ticket.unitId,
      placeId: pick.place.id,
      itemId: pick.item.id,
      failureTypeId: pick.type.id,
      placeName: pick.place.name,
      itemName: pick.item.name,
      detailName: pick.type.name,
      category: pick.item.category,
      description: input.description ?? '',
      batch: input.batch ?? batch,
      severity: input.severity ?? pick.type.severity,
      state: initialState(failureMachine).value,
      guaranteeYears: guarantee.years,
      guaranteeStart: guarantee.startDate,
      guaranteeEnd: guarantee.endDate,
      attachments,
      planPin: prepared.planPin ?? null,
      createdBy: user.id,
    })
    .returning();
  const [touched] = await tx
    .update(tickets)
    .set({ updatedAt: new Date() })
    .where(eq(tickets.id, ticket.id))
    .returning();
  await emitTicketEvent(tx, touched, 'failure.changed', {
    actorId: user.id,
    action: 'failure.create',
    data: { failureId: row.id, failureState: row.state },
    notify: opts.notify,
  });
  return row;
}

/**
 * A failure from the unit type's catalogue (place → item → detail); the guarantee is computed
 * (docs/product.md#failure-guarantee). `planPin` is a pin already checked against the unit's plans (a
 * delivery revision result's, server/src/modules/deliveries/fichas/after-sales.ts).
 */
export async function createFailure(
  deps: AppDeps,
  user: SessionUser,
  ticketId: number,
  input: z.output<typeof failureCreateSchema>,
  t: Translate,
  planPin: PlanPin | null = null,
) {
  const db = deps.database.db;
  const ticket = await loadTicket(db, user, ticketId);
  assertWorking(t, ticket);
  const [unit] = await db.select().from(units).where(eq(units.id, ticket.unitId));
  const prepared: PreparedFailure = { ...(await prepareFailure(deps, user, unit, input)), planPin };
  const created = await transactionWithEvents(deps, async (tx) => {
    const locked = await loadTicket(tx, user, ticketId, true);
    assertWorking(t, locked);
    const [max] = await tx
      .select({ b: sql<number>`coalesce(max(${failures.batch}), 1)::int` })
      .from(failures)
      .where(eq(failures.ticketId, ticketId));
    return insertFailure(tx, user, locked, prepared, max.b);
  });
  await linkAttachments(deps, user.companyId, ticketId, prepared.attachments);
  return created;
}

async function loadFailure(deps: AppDeps, user: SessionUser, ticketId: number, failureId: number) {
  const ticket = await loadTicket(deps.database.db, user, ticketId);
  const [f] = await deps.database.db
    .select()
    .from(failures)
    .where(and(eq(failures.id, failureId), eq(failures.ticketId, ticket.id), eq(failures.companyId, user.companyId)));
  if (!f) throw notFound();
  return { ticket, failure: f };
}

/** Editing and deleting are for failures nobody has judged yet: pendiente, with no result in any order. */
async function assertEditable(deps: AppDeps, t: Translate, ticket: Ticket, f: Failure) {
  assertWorking(t, ticket);
  const [judged] = await deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderFailures)
    .where(and(eq(orderFailures.failureId, f.id), isNotNull(orderFailures.result)));
  if (f.state !== 'pendiente' || judged.n > 0)
    throw new ApiError(409, 'after_sales.errors.failure_not_editable', {
      state: t(`after_sales.failure_states.${f.state}`),
    });
}

export async function updateFailure(
  deps: AppDeps,
  user: SessionUser,
  ticketId: number,
  failureId: number,
  input: z.output<typeof failureUpdateSchema>,
  t: Translate,
) {
  const { ticket, failure } = await loadFailure(deps, user, ticketId, failureId);
  await assertEditable(deps, t, ticket, failure);
  const db = deps.database.db;
  const patch: Partial<typeof failures.$inferInsert> = { updatedAt: new Date() };
  if (input.failure_type_id && input.failure_type_id !== failure.failureTypeId) {
    const [unit] = await db.select().from(units).where(eq(units.id, ticket.unitId));
    const pick = await resolveFailureType(db, user.companyId, unit.unitTypeId, input.failure_type_id);
    const g = await computeGuarantee(db, user.companyId, unit, pick.item.category);
    Object.assign(patch, {
      placeId: pick.place.id,
      itemId: pick.item.id,
      failureTypeId: pick.type.id,
      placeName: pick.place.name,
      itemName: pick.item.name,
      detailName: pick.type.name,
      category: pick.item.category,
      guaranteeYears: g.years,
      guaranteeStart: g.startDate,
      guaranteeEnd: g.endDate,
      severity: input.severity ?? pick.type.severity,
    });
  }
  if (input.description !== undefined) patch.description = input.description;
  if (input.severity) patch.severity = input.severity;
  if (input.attachments) patch.attachments = await checkAttachments(deps, user, input.attachments);
  const updated = await transactionWithEvents(deps, async (tx) => {
    const [row] = await tx.update(failures).set(patch).where(eq(failures.id, failure.id)).returning();
    await emitTicketEvent(tx, ticket, 'failure.changed', {
      actorId: user.id,
      action: 'failure.update',
      data: { failureId: row.id, failureState: row.state },
    });
    return row;
  });
  if (patch.attachments) await linkAttachments(deps, user.companyId, ticket.id, patch.attachments);
  return updated;
}

export async function deleteFailure(
  deps: AppDeps,
  user: SessionUser,
  ticketId: number,
  failureId: number,
  t: Translate,
) {
  const { ticket, failure } = await loadFailure(deps, user, ticketId, failureId);
  await assertEditable(deps, t, ticket, failure);
  await transactionWithEvents(deps, async (tx) => {
    await tx.delete(failures).where(eq(failures.id, failure.id));
    await emitTicketEvent(tx, ticket, 'failure.changed', {
      actorId: user.id,
      action: 'failure.delete',
      data: { failureId: failure.id, failureState: null },
    });
  });
}

/**
 * Every failure state change (outcome, not applicable, reopen, mark to owner, re-enter) through
 * the failure machine; the AC's reply state is the fact reopen and re-enter depend on (docs/product.md §4).
 */
export async function failureCommand(
  deps: AppDeps,
  user: SessionUser,
  ticketId: number,
  failureId: number,
  build: (acReply: boolean) => FailureEvent,
  t: Translate,
) {
  const { ticket, failure } = await loadFailure(deps, user, ticketId, failureId);
  return runFailureEvent(deps, { ticket, failure, build, actor: user, userId: user.id, t });
}

/**
 * The failure machine's step for a loaded failure, sent by a person or by the system (an integration's status
 * poll: `actor: 'system'`, no user, and `activity` naming where it came from in the history line).
 */
export async function runFailureEvent(
  deps: AppDeps,
  input: {
    ticket: Ticket;
    failure: Failure;
    build: (acReply: boolean) => FailureEvent;
    actor: CommandActor;
    userId: number | null;
    t: Translate;
    activity?: Record<string, unknown>;
  },
) {
  const { ticket, failure, userId, t } = input;
  const [ac] = failure.acId
    ? await deps.database.db.select({ state: acs.state }).from(acs).where(eq(acs.id, failure.acId))
    : [];
  const event = input.build(acHasReply(ac?.state));
  const { result } = await runCommand(deps, {
    machine: failureMachine,
    machineName: 'failure',
    entity: { type: 'ticket', id: ticket.id, companyId: ticket.companyId, projectId: ticket.projectId },
    load: async (tx) => {
      const [row] = await tx
        .select()
        .from(failures)
        .where(and(eq(failures.id, failure.id), eq(failures.ticketId, ticket.id)))
        .for('update');
      return row && { ...failureStored(row), row, projectId: row.projectId };
    },
    event,
    commands: failureCommands,
    actor: input.actor,
    persist: async (tx, next) => {
      const row = await persistFailureStep(
        tx,
        ticket,
        next.row,
        { to: next.to, context: next.context as FailureContext, actions: next.actions },
        userId,
      );
      const [touched] = await tx
        .update(tickets)
        .set({ updatedAt: new Date() })
        .where(eq(tickets.id, ticket.id))
        .returning();
      const toOwner = next.actions.some((a) => a.type === 'notifyOwner');
      return { row, ticket: touched, who: await recipients(tx, touched, userId, toOwner) };
    },
    userId,
    t,
    eventType: 'failure.changed',
    data: (next, r) => ({
      ...ticketCard(r.ticket),
      failureId: r.row.id,
      failureState: r.row.state,
      acId: r.row.acId,
      markedToOwner: !!r.row.markedToOwnerAt,
      ownerNotifiable: r.who.ownerNotifiable,
      from: next.from,
    }),
    notify: (_n, r) => r.who.notify,
    link: ticketLink(ticket.id),
    activity: input.activity,
  });
  return result.row;
}
