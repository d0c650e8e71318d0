import { and, asc, eq } from 'drizzle-orm';
import {
  cmCategories,
  cmComments,
  cmCustomFields,
  cmIssues,
  cmTaskLinks,
  cmTaskTemplates,
  cmTasks,
  cmTickets,
} from '../../server/src/db/schema/index.ts';
import type { TestContext } from '../../server/src/test-support.ts';

/** The Cmanagement records a route parameter may stand for. */
export type CmanagementSamples = {
  cmCategory?: number;
  cmField?: number;
  cmTemplate?: number;
  cmTicket?: number;
  cmIssue?: number;
  cmTask?: number;
  cmLink?: number;
  cmComment?: number;
};

/** `kindOf` for the Cmanagement routes' parameters (server/src/modules/cmanagement names them so). */
export const CMANAGEMENT_PARAM_KINDS = {
  cmCategoryId: 'cmCategory',
  cmFieldId: 'cmField',
  cmTemplateId: 'cmTemplate',
  cmTicketId: 'cmTicket',
  cmIssueId: 'cmIssue',
  cmTaskId: 'cmTask',
  cmLinkId: 'cmLink',
  cmCommentId: 'cmComment',
} as const;

/**
 * A category with a text field and a task template, a ticket of it in `projectId` with an issue, two linked tasks and
 * a comment, written straight to the tables; every name carries `marker`.
 */
export async function cmanagementRecordsIn(
  ctx: TestContext,
  at: { companyId: number; projectId: number; userId: number; marker: string },
): Promise<CmanagementSamples> {
  const { companyId, projectId, userId, marker } = at;
  const db = ctx.db;
  // Categories are the company's, not a project's: a company that has some (the demo's seed) files every project's
  // ticket under its first; one without gets a category named by the marker.
  const [existing] = await db
    .select()
    .from(cmCategories)
    .where(eq(cmCategories.companyId, companyId))
    .orderBy(asc(cmCategories.id))
    .limit(1);
  const categoryId =
    existing?.id ??
    (
      await db
        .insert(cmCategories)
        .values({ companyId, name: `${marker} ${projectId}` })
        .returning()
    )[0].id;
  const [field] = await db
    .insert(cmCustomFields)
    .values({ companyId, categoryId, type: 'text', name: `${marker} ${categoryId}-${projectId}` })
    .returning();
  const [template] = await db
    .insert(cmTaskTemplates)
    .values({ companyId, categoryId, name: marker, startOffsetDays: 0, durationDays: 3 })
    .returning();
  const number = 800_000 + projectId * 10 + (await db.$count(cmTickets, eq(cmTickets.companyId, companyId)));
  const [ticket] = await db
    .insert(cmTickets)
    .values({
      companyId,
      projectId,
      categoryId,
      number,
      title: marker,
      description: marker,
      createdBy: userId,
      customValues: { [String(field.id)]: marker },
    })
    .returning();
  const [issue] = await db
    .insert(cmIssues)
    .values({ companyId, ticketId: ticket.id, number: 1, title: marker, createdBy: userId })
    .returning();
  const [task, next] = await db
    .insert(cmTasks)
    .values([
      { companyId, ticketId: ticket.id, name: marker, startDate: '2030-01-07', endDate: '2030-01-10' },
      { companyId, ticketId: ticket.id, name: `${marker} 2`, startDate: '2030-01-11', endDate: '2030-01-14' },
    ])
    .returning();
  const [link] = await db
    .insert(cmTaskLinks)
    .values({ companyId, sourceId: task.id, targetId: next.id, type: 'fs' })
    .returning();
  const [comment] = await db
    .insert(cmComments)
    .values({ companyId, ticketId: ticket.id, authorId: userId, body: marker })
    .returning();
  return {
    cmCategory: categoryId,
    cmField: field.id,
    cmTemplate: template.id,
    cmTicket: ticket.id,
    cmIssue: issue.id,
    cmTask: task.id,
    cmLink: link.id,
    cmComment: comment.id,
  };
}

/** The company's first records of each kind (in `projectId` when given), for routes whose path names one. */
export async function cmanagementSamplesIn(
  ctx: TestContext,
  companyId: number,
  projectId?: number,
): Promise<CmanagementSamples> {
  const db = ctx.db;
  const firstId = async (q: Promise<{ id: number }[]>) => (await q)[0]?.id;
  const ticketWhere = and(
    eq(cmTickets.companyId, companyId),
    projectId === undefined ? undefined : eq(cmTickets.projectId, projectId),
  );
  const cmTicket = await firstId(
    db.select({ id: cmTickets.id }).from(cmTickets).where(ticketWhere).orderBy(asc(cmTickets.id)).limit(1),
  );
  const byTicket = <T extends typeof cmIssues | typeof cmTasks | typeof cmComments>(table: T) =>
    cmTicket === undefined
      ? Promise.resolve(undefined)
      : firstId(
          db
            .select({ id: table.id })
            .from(table as typeof cmIssues)
            .where(eq((table as typeof cmIssues).ticketId, cmTicket))
            .orderBy(asc(table.id))
            .limit(1),
        );
  const cmTask = await byTicket(cmTasks);
  return {
    cmCategory: await firstId(
      db.select({ id: cmCategories.id }).from(cmCategories).where(eq(cmCategories.companyId, companyId)).limit(1),
    ),
    cmField: await firstId(
      db.select({ id: cmCustomFields.id }).from(cmCustomFields).where(eq(cmCustomFields.companyId, companyId)).limit(1),
    ),
    cmTemplate: await firstId(
      db
        .select({ id: cmTaskTemplates.id })
        .from(cmTaskTemplates)
        .where(eq(cmTaskTemplates.companyId, companyId))
        .limit(1),
    ),
    cmTicket,
    cmIssue: await byTicket(cmIssues),
    cmTask,
    cmComment: await byTicket(cmComments),
    cmLink:
      cmTask === undefined
        ? undefined
        : await firstId(
            db.select({ id: cmTaskLinks.id }).from(cmTaskLinks).where(eq(cmTaskLinks.sourceId, cmTask)).limit(1),
          ),
  };
}
