import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { canSend, initialState } from '#machines/engine';
import { ticketMachine } from '#machines/ticket';
import type { ticketCreateSchema, ticketUpdateSchema } from '#domain/schemas/after-sales';
import { ticketCommands } from '#domain/tickets';
import { FAILURE_PENDING_STATES } from '#domain/failures';
import { sqlLiterals } from '../../../db/sql-literals.ts';
import { assertCommandAllowed } from '../../../auth/guard.ts';
import { rowsOf } from '../../../db/client.ts';
import { projects, projectSettings, ticketMessages, tickets, unitOwners } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { loadTicket, loadUnit, type Ticket } from '../shared/scope.ts';
import { assertStaffInProject } from '../shared/people.ts';
import { checkAttachments, linkAttachments, nextNumber } from '../shared/records.ts';
import { createTask, emitTicketEvent, ticketLink } from '../shared/events.ts';
import { eventForState, pendingFailureCount, ticketCommand } from './commands.ts';
import { refusal } from '../shared/step.ts';
import { insertFailure, prepareFailure, type PreparedFailure } from '../failures/service.ts';

/** The failures are optional for callers that build the input themselves (the portal, a ficha's pass to after-sales). */
type CreateInput = Omit<z.output<typeof ticketCreateSchema>, 'failures'> & {
  failures?: z.output<typeof ticketCreateSchema>['failures'];
  /** A portal draft's key (server/src/modules/after-sales/portal/service.ts createOwnerTicket). */
  client_key?: string;
};
type UpdateInput = z.output<typeof ticketUpdateSchema>;

/** The same 409 runCommand gives, raised before anything is written. */
const transitionRefused = (t: Translate, state: string, event: { type: string }) =>
  refusal(t, 'ticket', state, event.type);

/**
 * solicitud/crear (docs/product.md#ticket-screens): applicant owner of the unit, origin, responsible, priority, cc,
 * subject, first message with attachments, and its failures, all in one transaction: a failure that
 * does not belong to the unit's catalogue is a 422 on its field (failures.0.failure_type_id) and
 * nothing is created. Owners create through the portal (origin PWA).
 */
export async function createTicket(
  deps: AppDeps,
  user: SessionUser,
  input: CreateInput,
  t: Translate,
): Promise<Ticket> {
  const db = deps.database.db;
  const unit = await loadUnit(db, user, input.unit_id);
  const [isOwnerOfUnit] = await db
    .select()
    .from(unitOwners)
    .where(
      and(
        eq(unitOwners.unitId, unit.id),
        eq(unitOwners.ownerId, input.applicant_owner_id),
        eq(unitOwners.companyId, user.companyId),
      ),
    );
  if (!isOwnerOfUnit)
    throw new ApiError(422, 'errors.validation', undefined, [
      { field: 'applicant_owner_id', key: 'after_sales.errors.not_unit_owner' },
    ]);
  const [responsible] = input.responsible_id
    ? await assertStaffInProject(db, user.companyId, unit.projectId, [input.responsible_id], 'responsible_id')
    : [];
  await assertStaffInProject(db, user.companyId, unit.projectId, input.cc, 'cc');
  const attachments = await checkAttachments(deps, user, input.attachments);
  const newFailures: PreparedFailure[] = [];
  for (const [i, failure] of (input.failures ?? []).entries())
    newFailures.push(await prepareFailure(deps, user, unit, failure, `failures.${i}.`));
  const initial = initialState(ticketMachine);
  const saveAs = input.state ? eventForState(input.state, initial.value, { pendingFailures: 0 }) : undefined;
  // Refuse before writing anything: the ticket is created in the chosen state or not at all, and
  // only by someone who may send that state's event (domain/tickets.ts).
  if (saveAs) assertCommandAllowed(ticketCommands, saveAs.type, user);
  if (saveAs && !canSend(ticketMachine, initial, saveAs)) throw transitionRefused(t, String(initial.value), saveAs);

  const ticket = await transactionWithEvents(deps, async (tx) => {
    const [project] = await tx
      .select({ code: projects.code, responseHours: projectSettings.responseTimeHours })
      .from(projects)
      .leftJoin(projectSettings, eq(projectSettings.projectId, projects.id))
      .where(eq(projects.id, unit.projectId));
    const number = await nextNumber(tx, unit.projectId, 'ticket');
    const [row] = await tx
      .insert(tickets)
      .values({
        companyId: user.companyId,
        projectId: unit.projectId,
        towerId: unit.towerId,
        unitId: unit.id,
        number,
        code: `${project.code ?? 'S'}-${String(number).padStart(5, '0')}`,
        subject: input.subject,
        applicantOwnerId: input.applicant_owner_id,
        origin: input.origin,
        responsibleId: responsible?.id ?? null,
        priority: input.priority,
        cc: [...new Set(input.cc)],
        state: initial.value,
        createdBy: user.id,
        clientKey: input.client_key ?? null,
      })
      .returning();
    // The first message is the owner's request: public, authored by whoever registered it.
    await tx.insert(ticketMessages).values({
      companyId: user.companyId,
      ticketId: row.id,
      authorId: user.id,
      visibility: 'public',
      body: input.message,
      attachments,
    });
    if (responsible) {
      await createTask(tx, {
        companyId: user.companyId,
        userId: responsible.id,
        projectId: row.projectId,
        key: 'after_sales.tasks.ticket_assigned',
        params: { code: row.code, subject: row.subject },
        link: ticketLink(row.id),
        dueAt: new Date(row.createdAt.getTime() + (project.responseHours ?? 48) * 3_600_000),
      });
    }
    await emitTicketEvent(tx, row, 'ticket.created', {
      actorId: user.id,
      action: 'ticket.create',
      toOwner: user.kind !== 'owner',
      supervisors: true,
    });
    // Registered with the ticket: their history rows and live events, the notification is the ticket's own.
    for (const failure of newFailures) await insertFailure(tx, user, row, failure, 1, { notify: [] });
    return row;
  });
  await linkAttachments(deps, user.companyId, ticket.id, [
    ...attachments,
    ...newFailures.flatMap((f) => f.attachments),
  ]);
  if (saveAs) return ticketCommand(deps, user, ticket.id, saveAs, t);
  return ticket;
}

/** Edits subject, responsible, priority and cc; a different state goes through the machine. */
export async function updateTicket(
  deps: AppDeps,
  user: SessionUser,
  ticketId: number,
  input: UpdateInput,
  t: Translate,
): Promise<Ticket> {
  const db = deps.database.db;
  const current = await loadTicket(db, user, ticketId);
  if (input.responsible_id)
    await assertStaffInProject(db, user.companyId, current.projectId, [input.responsible_id], 'responsible_id');
  if (input.cc) await assertStaffInProject(db, user.companyId, current.projectId, input.cc, 'cc');
  const changes: Partial<typeof tickets.$inferInsert> = {};
  if (input.subject !== undefined && input.subject !== current.subject) changes.subject = input.subject;
  if (input.priority !== undefined && input.priority !== current.priority) changes.priority = input.priority;
  if (input.responsible_id !== undefined && (input.responsible_id ?? null) !== current.responsibleId)
    changes.responsibleId = input.responsible_id ?? null;
  if (input.cc !== undefined && JSON.stringify([...new Set(input.cc)]) !== JSON.stringify(current.cc))
    changes.cc = [...new Set(input.cc)];
  // The state is checked before the other changes are written, so a refused state saves nothing:
  // its event needs the same permission as its verb route (closing, reopening: postventa_cerrar).
  const event = input.state
    ? eventForState(input.state, current.state, {
        justification: input.justification,
        pendingFailures: await pendingFailureCount(db, ticketId),
      })
    : undefined;
  if (event) assertCommandAllowed(ticketCommands, event.type, user);
  if (
    event &&
    !canSend(ticketMachine, { value: current.state, context: { previousState: current.previousState } }, event)
  ) {
    if (event.type === 'ticket.close' || event.type === 'ticket.markNotApplicable') {
      if (!input.justification?.trim())
        throw new ApiError(422, 'errors.validation', undefined, [
          { field: 'justification', key: 'validation.required' },
        ]);
    }
    throw transitionRefused(t, current.state, event);
  }
  let row = current;
  if (Object.keys(changes).length) {
    row = await transactionWithEvents(deps, async (tx) => {
      const locked = await loadTicket(tx, user, ticketId, true);
      const [updated] = await tx
        .update(tickets)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(tickets.id, locked.id))
        .returning();
      const data = Object.fromEntries(
        Object.keys(changes).map((k) => [
          k,
          { from: locked[k as keyof Ticket] ?? null, to: updated[k as keyof Ticket] ?? null },
        ]),
      );
      if (changes.responsibleId) {
        const [settings] = await tx
          .select({ hours: projectSettings.responseTimeHours })
          .from(projectSettings)
          .where(eq(projectSettings.projectId, updated.projectId));
        await createTask(tx, {
          companyId: user.companyId,
          userId: changes.responsibleId,
          projectId: updated.projectId,
          key: 'after_sales.tasks.ticket_assigned',
          params: { code: updated.code, subject: updated.subject },
          link: ticketLink(updated.id),
          dueAt: new Date(Date.now() + (settings?.hours ?? 48) * 3_600_000),
        });
        await emitTicketEvent(tx, updated, 'ticket.assigned', {
          actorId: user.id,
          action: 'ticket.assign',
          data: { changes: data },
        });
      } else {
        await emitTicketEvent(tx, updated, 'ticket.updated', {
          actorId: user.id,
          action: 'ticket.update',
          data: { changes: data },
        });
      }
      return updated;
    });
  }
  if (event) row = await ticketCommand(deps, user, ticketId, event, t);
  return row;
}

/** Counts of a ticket's timeline, failures, orders and ACs for the detail header. */
export async function ticketCounts(deps: AppDeps, ticketId: number) {
  const rows = await deps.database.db.execute(sql`
    select
      (select count(*)::int from failures where ticket_id = ${ticketId}) as failures,
      (select count(*)::int from failures where ticket_id = ${ticketId} and state in (${sqlLiterals(FAILURE_PENDING_STATES)})) as pending_failures,
      (select count(*)::int from orders where ticket_id = ${ticketId} and kind = 'OI') as oi,
      (select count(*)::int from orders where ticket_id = ${ticketId} and kind = 'OT') as ot,
      (select count(*)::int from acs where ticket_id = ${ticketId}) as ac`);
  const [r] = rowsOf<Record<string, number>>(rows);
  return { failures: r.failures, pending_failures: r.pending_failures, oi: r.oi, ot: r.ot, ac: r.ac };
}
