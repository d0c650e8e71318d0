import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { allowedEvents, initialState } from '#machines/engine';
import { acMachine, type AcContext, type AcEvent, type AcFollowUp } from '#machines/ac';
import { failureMachine, type FailureContext } from '#machines/failure';
import type { acReplySchema } from '#domain/schemas/after-sales';
import { acCommands, acPdfName } from '#domain/acs';
import { FAILURE_SOLVED_STATES } from '#domain/failures';
import { acs, failures, orderFailures, orders, projects, tickets, type Attachment } from '../../../db/schema/index.ts';
import type { Db, Tx } from '../../../db/client.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { runCommand } from '../../../commands/runner.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { failureStored, persistFailureStep } from '../failures/effects.ts';
import { emitTicketEvent, recipients, ticketCard, ticketLink } from '../shared/events.ts';
import { checkAttachments, linkAttachments, nextNumber } from '../shared/records.ts';
import { loadTicket, type Ticket } from '../shared/scope.ts';
import { decide, recordStep } from '../shared/step.ts';
import { userBriefs } from '../../../db/staff.ts';

export type Ac = typeof acs.$inferSelect;
export const acStored = (a: Ac) => ({
  value: a.state,
  context: { followUp: a.followUp ?? null, isSigned: a.signedAt !== null } as AcContext,
});

/** The machine's candidates for what a user may do with an AC now (a representative payload each). */
const AC_CANDIDATES: AcEvent[] = [
  { type: 'ac.approve' },
  { type: 'ac.disapprove' },
  { type: 'ac.reject', reason: 'x' },
  { type: 'ac.markForReinspection' },
  { type: 'ac.markForWorkOrder' },
  { type: 'ac.sign', signerName: 'x' },
];

/** Whether the act may be signed now (docs/product.md#ac-sign-off): answered, not rejected, not signed yet. */
export const canSignAc = (a: Ac) => allowedEvents(acMachine, acStored(a), AC_CANDIDATES).includes('ac.sign');

/** The ACs of a ticket with the failures each covers. */
async function ticketAcs(db: Db, ticket: Ticket) {
  const rows = await db
    .select()
    .from(acs)
    .where(and(eq(acs.ticketId, ticket.id), eq(acs.companyId, ticket.companyId)))
    .orderBy(asc(acs.number));
  const linked = rows.length
    ? await db
        .select()
        .from(failures)
        .where(
          inArray(
            failures.acId,
            rows.map((a) => a.id),
          ),
        )
        .orderBy(asc(failures.id))
    : [];
  const failuresOf = (a: Ac) =>
    linked
      .filter((f) => f.acId === a.id)
      .map((f) => ({ id: f.id, place: f.placeName, item: f.itemName, detail: f.detailName, state: f.state }));
  return { rows, failuresOf };
}

/** The sign-off fields of domain/acs-responses.ts. */
const signOff = (a: Ac) => ({
  signed_at: a.signedAt?.toISOString() ?? null,
  signer_name: a.signerName,
  signed_via: a.signedVia,
  signed_pdf: a.signedPdfPath ? { path: a.signedPdfPath, name: acPdfName(a.code) } : null,
});

/** The portal's view of a ticket's ACs (domain/acs-responses.ts portalAcSchema): no staff names. */
export async function ownerAcs(deps: AppDeps, ticket: Ticket) {
  const { rows, failuresOf } = await ticketAcs(deps.database.db, ticket);
  return rows.map((a) => ({
    id: a.id,
    code: a.code,
    state: a.state,
    reply: a.reply,
    replied_at: a.repliedAt?.toISOString() ?? null,
    failures: failuresOf(a),
    ...signOff(a),
    can_sign: canSignAc(a),
  }));
}

export async function listAcs(deps: AppDeps, user: SessionUser, ticketId: number) {
  const db = deps.database.db;
  const ticket = await loadTicket(db, user, ticketId);
  const { rows, failuresOf } = await ticketAcs(db, ticket);
  const followUps = rows.some((a) => a.followUpOrderId)
    ? await db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            rows.map((a) => a.followUpOrderId ?? -1),
          ),
        )
    : [];
  const people = await userBriefs(
    db,
    rows.flatMap((a) => [a.repliedBy, a.signedBy]),
  );
  return rows.map((a) => ({
    id: a.id,
    code: a.code,
    number: a.number,
    state: a.state,
    reply: a.reply,
    attachments: a.attachments,
    replied_at: a.repliedAt?.toISOString() ?? null,
    replied_by: a.repliedBy ? (people.get(a.repliedBy) ?? null) : null,
    follow_up: a.followUp,
    follow_up_order:
      followUps
        .filter((o) => o.id === a.followUpOrderId)
        .map((o) => ({ id: o.id, code: o.code, kind: o.kind, state: o.state }))[0] ?? null,
    failures: failuresOf(a),
    ...signOff(a),
    signed_by: a.signedBy ? (people.get(a.signedBy) ?? null) : null,
    allowed_events: allowedEvents(acMachine, acStored(a), AC_CANDIDATES),
    created_at: a.createdAt.toISOString(),
  }));
}

/** An AC for solved failures that have none yet (e.g. solved in after-sales): the owner's conformity. */
export async function createAc(deps: AppDeps, user: SessionUser, ticketId: number, failureIds: number[]) {
  const db = deps.database.db;
  const ticket = await loadTicket(db, user, ticketId);
  const unique = [...new Set(failureIds)];
  const rows = await db
    .select()
    .from(failures)
    .where(
      and(
        eq(failures.ticketId, ticket.id),
        inArray(failures.id, unique),
        isNull(failures.acId),
        inArray(failures.state, [...FAILURE_SOLVED_STATES]),
      ),
    );
  if (rows.length !== unique.length)
    throw new ApiError(422, 'errors.validation', undefined, [
      { field: 'failure_ids', key: 'after_sales.errors.failure_not_solved' },
    ]);
  return transactionWithEvents(deps, async (tx) => {
    const number = await nextNumber(tx, ticket.projectId, 'AC');
    const [project] = await tx.select({ code: projects.code }).from(projects).where(eq(projects.id, ticket.projectId));
    const [ac] = await tx
      .insert(acs)
      .values({
        companyId: user.companyId,
        projectId: ticket.projectId,
        ticketId: ticket.id,
        number,
        code: `AC-${project.code ?? ''}${number}`,
        state: initialState(acMachine).value,
        createdBy: user.id,
      })
      .returning();
    await tx.update(failures).set({ acId: ac.id, updatedAt: new Date() }).where(inArray(failures.id, unique));
    await emitTicketEvent(tx, ticket, 'failure.changed', {
      actorId: user.id,
      action: 'ac.create',
      toOwner: true,
      data: { acId: ac.id, acCode: ac.code, failureIds: unique },
    });
    return ac;
  });
}

/** An AC of a ticket the caller already reached (staff: loadTicket, owner: loadOwnerTicket); any other is a 404. */
export async function acOfTicket(deps: AppDeps, ticket: Ticket, acId: number) {
  const [ac] = await deps.database.db
    .select()
    .from(acs)
    .where(and(eq(acs.id, acId), eq(acs.ticketId, ticket.id), eq(acs.companyId, ticket.companyId)));
  if (!ac) throw notFound();
  return ac;
}

export async function loadAc(deps: AppDeps, user: SessionUser, ticketId: number, acId: number) {
  const ticket = await loadTicket(deps.database.db, user, ticketId);
  return { ticket, ac: await acOfTicket(deps, ticket, acId) };
}

async function acCommand(
  deps: AppDeps,
  user: SessionUser,
  ticket: Ticket,
  acId: number,
  event: AcEvent,
  t: Translate,
  reply?: { text?: string; attachments: Attachment[] },
) {
  const { result } = await runCommand(deps, {
    machine: acMachine,
    machineName: 'ac',
    entity: { type: 'ticket', id: ticket.id, companyId: ticket.companyId, projectId: ticket.projectId },
    load: async (tx) => {
      const [row] = await tx
        .select()
        .from(acs)
        .where(and(eq(acs.id, acId), eq(acs.ticketId, ticket.id)))
        .for('update');
      return row && { ...acStored(row), row, projectId: row.projectId };
    },
    event,
    commands: acCommands,
    actor: user,
    persist: async (tx, next) => {
      const ctx = next.context as AcContext;
      const now = new Date();
      const isReply = ['ac.approve', 'ac.disapprove', 'ac.reject'].includes(event.type);
      const [row] = await tx
        .update(acs)
        .set({
          state: next.to,
          followUp: ctx.followUp,
          updatedAt: now,
          ...(isReply
            ? {
                reply: reply?.text ?? (event.type === 'ac.reject' ? event.reason : null),
                attachments: reply?.attachments ?? [],
                repliedAt: now,
                repliedBy: user.id,
              }
            : {}),
        })
        .where(eq(acs.id, acId))
        .returning();
      const kind = next.actions.some((a) => a.type === 'createInspectionOrder')
        ? 'OI'
        : next.actions.some((a) => a.type === 'createWorkOrder')
          ? 'OT'
          : null;
      const [touched] = await tx.update(tickets).set({ updatedAt: now }).where(eq(tickets.id, ticket.id)).returning();
      let order = null;
      if (kind) order = await followUpOrder(tx, user, touched, row, kind, t);
      return {
        row: order ? { ...row, followUpOrderId: order.id } : row,
        order,
        ticket: touched,
        who: await recipients(tx, touched, user.id, isReply),
      };
    },
    userId: user.id,
    t,
    eventType: 'ac.result',
    data: (next, r) => ({
      ...ticketCard(r.ticket),
      acId,
      acCode: r.row.code,
      acState: r.row.state,
      followUp: r.row.followUp,
      followUpOrderId: r.order?.id ?? null,
      from: next.from,
      ownerNotifiable: r.who.ownerNotifiable,
    }),
    notify: (_n, r) => r.who.notify,
    link: ticketLink(ticket.id),
  });
  return result.row;
}

/**
 * Follow-up of a non-conforming or rejected AC (docs/product.md §4): its failures re-enter (back to pending, a
 * new batch) and a new OI (re-inspection) or OT (work order) is created for them, to be scheduled.
 */
async function followUpOrder(tx: Tx, user: SessionUser, ticket: Ticket, ac: Ac, kind: 'OI' | 'OT', t: Translate) {
  const linked = await tx.select().from(failures).where(eq(failures.acId, ac.id)).for('update');
  for (const f of linked) {
    const step = decide(t, failureMachine, 'failure', failureStored(f), { type: 'failure.reenter', acHasReply: true });
    const row = await persistFailureStep(
      tx,
      ticket,
      f,
      { to: step.to, context: step.context as FailureContext, actions: step.actions },
      user.id,
    );
    await recordStep(tx, ticket, step, {
      actorId: user.id,
      action: 'failure.reenter',
      type: 'failure.changed',
      data: { failureId: f.id, failureState: row.state, acId: ac.id },
    });
  }
  const number = await nextNumber(tx, ticket.projectId, kind);
  const [project] = await tx.select({ code: projects.code }).from(projects).where(eq(projects.id, ticket.projectId));
  const [order] = await tx
    .insert(orders)
    .values({
      companyId: ticket.companyId,
      projectId: ticket.projectId,
      ticketId: ticket.id,
      kind,
      number,
      code: `${kind}-${project.code ?? ''}${number}`,
      responsibleId: ticket.responsibleId ?? user.id,
      state: 'creada',
      acId: ac.id,
      createdBy: user.id,
      description: t(kind === 'OI' ? 'after_sales.ac.reinspection_of' : 'after_sales.ac.work_order_of', {
        code: ac.code,
      }),
    })
    .returning();
  if (linked.length)
    await tx
      .insert(orderFailures)
      .values(linked.map((f) => ({ orderId: order.id, failureId: f.id, companyId: ticket.companyId })));
  await tx.update(acs).set({ followUpOrderId: order.id }).where(eq(acs.id, ac.id));
  return order;
}

const REPLY_EVENT = { conforme: 'ac.approve', no_conforme: 'ac.disapprove', rechazada: 'ac.reject' } as const;

/** The owner's answer to the AC, recorded by staff: conforme, no conforme or rechazada (with reason), then the follow-up. */
export async function replyAc(
  deps: AppDeps,
  user: SessionUser,
  ticketId: number,
  acId: number,
  input: z.output<typeof acReplySchema>,
  t: Translate,
) {
  const { ticket } = await loadAc(deps, user, ticketId, acId);
  const type = REPLY_EVENT[input.result];
  const event: AcEvent = type === 'ac.reject' ? { type, reason: input.reply ?? '' } : { type };
  const attachments = await checkAttachments(deps, user, input.attachments);
  let row = await acCommand(deps, user, ticket, acId, event, t, { text: input.reply, attachments });
  await linkAttachments(deps, user.companyId, ticket.id, attachments);
  if (input.follow_up) row = await followUp(deps, user, ticketId, acId, input.follow_up, t);
  return row;
}

export async function followUp(
  deps: AppDeps,
  user: SessionUser,
  ticketId: number,
  acId: number,
  kind: AcFollowUp,
  t: Translate,
) {
  const { ticket } = await loadAc(deps, user, ticketId, acId);
  return acCommand(
    deps,
    user,
    ticket,
    acId,
    { type: kind === 'reinspeccion' ? 'ac.markForReinspection' : 'ac.markForWorkOrder' },
    t,
  );
}
