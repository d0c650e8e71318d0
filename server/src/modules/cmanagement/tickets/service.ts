import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { cmTicketCreateSchema, cmTicketUpdateSchema } from '#domain/schemas/cmanagement';
import { CM_FILE_OWNER } from '#domain/cmanagement';
import type { Tx } from '../../../db/client.ts';
import { cmCounters, cmTicketPeople, cmTickets } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { notFound } from '../../../lib/errors.ts';
import { attachFiles, detachFiles } from '../../files/service.ts';
import { assertPeople } from '../people/people.ts';
import { companyTimezone, dayIn } from '../shared/dates.ts';
import { loadCmTicket, type CmTicket } from '../shared/scope.ts';
import { applyTaskTemplates } from '../tasks/templates.ts';
import { confirmAttachments, ticketFiles } from './attachments.ts';
import { ticketPeople } from './detail.ts';
import { emitTicketEvent } from './events.ts';
import { checkCustomValues, fieldsOf, linkFieldFiles, loadCategory } from './fields.ts';

type TicketCreate = z.infer<typeof cmTicketCreateSchema>;
type TicketUpdate = z.infer<typeof cmTicketUpdateSchema>;

/** The next "CM-<n>" of the company, taken under the counter row's lock (two creations never share a number). */
async function nextNumber(tx: Tx, companyId: number): Promise<number> {
  const [row] = await tx
    .insert(cmCounters)
    .values({ companyId, lastNumber: 1 })
    .onConflictDoUpdate({ target: cmCounters.companyId, set: { lastNumber: sql`${cmCounters.lastNumber} + 1` } })
    .returning({ n: cmCounters.lastNumber });
  return row.n;
}

/** Replaces the people of one role; returns those added (whom the assignment notifies). */
async function setPeople(
  tx: Tx,
  ticketId: number,
  role: 'assignee' | 'watcher',
  ids: readonly number[],
  old: number[],
) {
  const wanted = [...new Set(ids)];
  const gone = old.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !old.includes(id));
  if (gone.length)
    await tx
      .delete(cmTicketPeople)
      .where(
        and(eq(cmTicketPeople.ticketId, ticketId), eq(cmTicketPeople.role, role), inArray(cmTicketPeople.userId, gone)),
      );
  if (added.length) await tx.insert(cmTicketPeople).values(added.map((userId) => ({ ticketId, userId, role })));
  return added;
}

/**
 * POST cmanagement/tickets (docs/product.md §1 Cmanagement tickets): an enabled category of the company, a project
 * the caller sees, the answers checked against the category's active fields, people who see the project, the
 * caller's uploads; numbered per company, the category's task templates applied, all in one transaction with its
 * events (cm_ticket.created, and cm_ticket.assigned to the assignees).
 */
export async function createTicket(deps: AppDeps, user: SessionUser, body: TicketCreate): Promise<CmTicket> {
  const db = deps.database.db;
  if (!user.projectIds.includes(body.project_id)) throw notFound();
  await loadCategory(db, user, body.category_id, true);
  const fields = await fieldsOf(db, user.companyId, body.category_id);
  const { values, newFiles } = await checkCustomValues(
    deps,
    user,
    { projectId: body.project_id, fields },
    body.custom_values,
    { complete: true },
  );
  await assertPeople(db, user.companyId, body.project_id, body.assignee_ids, 'assignee_ids');
  await assertPeople(db, user.companyId, body.project_id, body.watcher_ids, 'watcher_ids');
  const attachments = await confirmAttachments(
    deps,
    user,
    body.attachments.map((a) => a.path),
    'attachments',
  );
  const today = dayIn(new Date(), await companyTimezone(db, user.companyId));
  const ticket = await transactionWithEvents(deps, async (tx) => {
    const [row] = await tx
      .insert(cmTickets)
      .values({
        companyId: user.companyId,
        projectId: body.project_id,
        categoryId: body.category_id,
        number: await nextNumber(tx, user.companyId),
        title: body.title,
        description: body.description ?? null,
        priority: body.priority,
        startDate: body.start_date ?? null,
        dueDate: body.due_date ?? null,
        customValues: values,
        createdBy: user.id,
      })
      .returning();
    const assignees = await setPeople(tx, row.id, 'assignee', body.assignee_ids, []);
    await setPeople(tx, row.id, 'watcher', body.watcher_ids, []);
    const tasks = await applyTaskTemplates(tx, row, today);
    await emitTicketEvent(tx, row, 'cm_ticket.created', { actorId: user.id, data: { tasks } });
    if (assignees.length) await emitTicketEvent(tx, row, 'cm_ticket.assigned', { actorId: user.id, notify: assignees });
    return row;
  });
  if (attachments.length)
    await attachFiles(
      deps,
      user.companyId,
      attachments.map((a) => a.path),
      { type: CM_FILE_OWNER.ticket, id: ticket.id },
    );
  await linkFieldFiles(deps, user.companyId, ticket.id, newFiles);
  return ticket;
}

/**
 * PATCH cmanagement/tickets/{id}: any part but the project and the state (the verbs move it). A new category must be
 * enabled and the answers then fit its fields; answers are checked as a change (`previous` keeps a disabled option
 * already given). New assignees are told (cm_ticket.assigned); everyone in the project sees cm_ticket.updated.
 */
export async function updateTicket(deps: AppDeps, user: SessionUser, ticketId: number, body: TicketUpdate) {
  const db = deps.database.db;
  const current = await loadCmTicket(db, user, ticketId);
  const categoryId = body.category_id ?? current.categoryId;
  const categoryChanged = categoryId !== current.categoryId;
  if (categoryChanged) await loadCategory(db, user, categoryId, true);
  const fields = await fieldsOf(db, user.companyId, categoryId);
  const checked =
    body.custom_values !== undefined || categoryChanged
      ? await checkCustomValues(deps, user, { projectId: current.projectId, fields }, body.custom_values ?? {}, {
          complete: categoryChanged,
          previous: categoryChanged ? {} : current.customValues,
        })
      : undefined;
  if (body.assignee_ids) await assertPeople(db, user.companyId, current.projectId, body.assignee_ids, 'assignee_ids');
  if (body.watcher_ids) await assertPeople(db, user.companyId, current.projectId, body.watcher_ids, 'watcher_ids');
  const attachments = body.attachments
    ? await confirmAttachments(
        deps,
        user,
        body.attachments.map((a) => a.path),
        'attachments',
      )
    : undefined;
  const ticket = await transactionWithEvents(deps, async (tx) => {
    const locked = await loadCmTicket(tx, user, ticketId, true);
    const startDate = body.start_date === undefined ? locked.startDate : body.start_date;
    const dueDate = body.due_date === undefined ? locked.dueDate : body.due_date;
    const [row] = await tx
      .update(cmTickets)
      .set({
        categoryId,
        title: body.title ?? locked.title,
        description: body.description === undefined ? locked.description : body.description,
        priority: body.priority ?? locked.priority,
        startDate,
        dueDate,
        customValues: checked?.values ?? locked.customValues,
        updatedAt: new Date(),
      })
      .where(eq(cmTickets.id, locked.id))
      .returning();
    const people = await ticketPeople(tx, locked.id);
    const added = body.assignee_ids
      ? await setPeople(tx, locked.id, 'assignee', body.assignee_ids, people.assignees)
      : [];
    if (body.watcher_ids) await setPeople(tx, locked.id, 'watcher', body.watcher_ids, people.watchers);
    await emitTicketEvent(tx, row, 'cm_ticket.updated', { actorId: user.id });
    if (added.length) await emitTicketEvent(tx, row, 'cm_ticket.assigned', { actorId: user.id, notify: added });
    return row;
  });
  if (attachments)
    await replaceAttachments(
      deps,
      ticket,
      attachments.map((a) => a.path),
    );
  await linkFieldFiles(deps, user.companyId, ticket.id, checked?.newFiles ?? []);
  return ticket;
}

/** The ticket's attachments become `paths`: files left out go back to their uploader (files/service.ts detachFiles). */
async function replaceAttachments(deps: AppDeps, ticket: CmTicket, paths: string[]) {
  const entity = { type: CM_FILE_OWNER.ticket, id: ticket.id };
  const current = (await ticketFiles(deps.database.db, ticket.companyId, ticket.id)).attachments.map((a) => a.path);
  const gone = current.filter((p) => !paths.includes(p));
  const added = paths.filter((p) => !current.includes(p));
  if (gone.length) await detachFiles(deps, ticket.companyId, gone, entity);
  if (added.length) await attachFiles(deps, ticket.companyId, added, entity);
}
