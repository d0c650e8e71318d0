import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CM_FILE_OWNER } from '#domain/cmanagement';
import type { PlanPin } from '#domain/plan-pins';
import type { cmIssueCreateSchema, cmIssueUpdateSchema } from '#domain/schemas/cmanagement';
import { cmIssues } from '../../../db/schema/index.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { attachFiles, detachFiles } from '../../files/service.ts';
import { assertPeople } from '../people/people.ts';
import { loadCmIssue, loadCmTicket, type CmIssue, type CmTicket } from '../shared/scope.ts';
import { confirmAttachments } from '../tickets/attachments.ts';
import { emitIssueEvent } from './events.ts';
import { checkIssuePin } from './plans.ts';
import { issuePhotoPaths } from './rows.ts';

type IssueCreate = z.output<typeof cmIssueCreateSchema>;
type IssueUpdate = z.output<typeof cmIssueUpdateSchema>;

const pinColumns = (pin: PlanPin | null) => ({
  pinPlanId: pin?.planId ?? null,
  pinPage: pin?.page ?? null,
  pinX: pin?.x ?? null,
  pinY: pin?.y ?? null,
});

/** What an issue's parts must be before any write: a person who sees the project, a plan of the ticket, own uploads. */
async function checkParts(deps: AppDeps, user: SessionUser, ticket: CmTicket, body: IssueUpdate) {
  const db = deps.database.db;
  if (body.assignee_id) await assertPeople(db, user.companyId, ticket.projectId, [body.assignee_id], 'assignee_id');
  const pin = body.pin ? await checkIssuePin(db, ticket, body.pin) : body.pin === null ? null : undefined;
  const photos = body.photos
    ? (
        await confirmAttachments(
          deps,
          user,
          body.photos.map((p) => p.path),
          'photos',
        )
      ).map((p) => p.path)
    : undefined;
  return { pin, photos };
}

/** POST cmanagement/tickets/{id}/issues: numbered within the ticket (the ticket row is locked while numbering). */
export async function createIssue(deps: AppDeps, user: SessionUser, ticketId: number, body: IssueCreate) {
  const ticket = await loadCmTicket(deps.database.db, user, ticketId);
  const { pin, photos } = await checkParts(deps, user, ticket, body);
  const issue = await transactionWithEvents(deps, async (tx) => {
    const locked = await loadCmTicket(tx, user, ticket.id, true);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${cmIssues.number}), 0)::int + 1` })
      .from(cmIssues)
      .where(eq(cmIssues.ticketId, locked.id));
    const [row] = await tx
      .insert(cmIssues)
      .values({
        companyId: user.companyId,
        ticketId: locked.id,
        number: Number(next),
        title: body.title,
        description: body.description ?? null,
        assigneeId: body.assignee_id ?? null,
        dueDate: body.due_date ?? null,
        ...pinColumns(pin ?? null),
        createdBy: user.id,
      })
      .returning();
    await emitIssueEvent(tx, locked, row, 'cm_issue.created', user.id);
    return row;
  });
  if (photos?.length) await attachFiles(deps, user.companyId, photos, { type: CM_FILE_OWNER.issue, id: issue.id });
  return issue;
}

/** PATCH cmanagement/tickets/{id}/issues/{issueId}: any part but the state (the verbs move it). */
export async function updateIssue(
  deps: AppDeps,
  user: SessionUser,
  at: { ticketId: number; issueId: number },
  body: IssueUpdate,
): Promise<CmIssue> {
  const { ticket } = await loadCmIssue(deps.database.db, user, at.ticketId, at.issueId);
  const { pin, photos } = await checkParts(deps, user, ticket, body);
  const issue = await transactionWithEvents(deps, async (tx) => {
    const { issue: locked } = await loadCmIssue(tx, user, at.ticketId, at.issueId, true);
    const [row] = await tx
      .update(cmIssues)
      .set({
        title: body.title ?? locked.title,
        description: body.description === undefined ? locked.description : body.description,
        assigneeId: body.assignee_id === undefined ? locked.assigneeId : body.assignee_id,
        dueDate: body.due_date === undefined ? locked.dueDate : body.due_date,
        ...(pin !== undefined && pinColumns(pin)),
        updatedAt: new Date(),
      })
      .where(eq(cmIssues.id, locked.id))
      .returning();
    await emitIssueEvent(tx, ticket, row, 'cm_issue.updated', user.id);
    return row;
  });
  if (photos) await replacePhotos(deps, issue, photos);
  return issue;
}

/** The issue's photos become `paths`: files left out go back to their uploader (files/service.ts detachFiles). */
async function replacePhotos(deps: AppDeps, issue: CmIssue, paths: string[]) {
  const entity = { type: CM_FILE_OWNER.issue, id: issue.id };
  const current = ((await issuePhotoPaths(deps.database.db, issue.companyId, [issue.id])).get(issue.id) ?? []).map(
    (p) => p.path,
  );
  const gone = current.filter((p) => !paths.includes(p));
  const added = paths.filter((p) => !current.includes(p));
  if (gone.length) await detachFiles(deps, issue.companyId, gone, entity);
  if (added.length) await attachFiles(deps, issue.companyId, added, entity);
}
