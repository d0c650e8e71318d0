import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CM_ISSUE_OPEN_STATES, CM_PRIORITIES } from '#domain/cmanagement';
import type { CmTicketRow } from '#domain/cmanagement-responses';
import type { CmTicketListQuery } from '#domain/schemas/cmanagement';
import { EXPORT_MAX_ROWS } from '../../after-sales/service.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { cmCategories, cmIssues, cmTasks, cmTicketPeople, cmTickets, projects } from '../../../db/schema/index.ts';
import { userBriefs } from '../../../db/staff.ts';
import type { SessionUser } from '../../../http/context.ts';
import { envelope } from '../../../lib/paging.ts';
import { cmTicketCode, type CmTicket } from '../shared/scope.ts';
import { ticketWhere } from './filters.ts';

const priorityRank = sql`array_position(array[${sql.join(
  CM_PRIORITIES.map((p) => sql`${p}`),
  sql`, `,
)}]::text[], ${cmTickets.priority})`;

/** The sort keys; only the due date may be empty (it goes last either way). */
const SORTS: Record<CmTicketListQuery['sort'], SQL> = {
  updated_at: sql`${cmTickets.updatedAt}`,
  created_at: sql`${cmTickets.createdAt}`,
  due_date: sql`${cmTickets.dueDate}`,
  priority: priorityRank,
  code: sql`${cmTickets.number}`,
  title: sql`lower(${cmTickets.title})`,
};

/**
 * ORDER BY of the list, the id breaking ties. No NULLS clause on columns that are never null, so the last-change
 * order reads cm_tickets_updated_idx instead of sorting every match (tests/bench/cmanagement-tickets.ts).
 */
export function ticketOrder(q: Pick<CmTicketListQuery, 'sort' | 'desc'>): SQL[] {
  const by = SORTS[q.sort];
  const nulls = q.sort === 'due_date' ? sql` nulls last` : sql``;
  return q.desc === 'true'
    ? [sql`${by} desc${nulls}`, sql`${cmTickets.id} desc`]
    : [sql`${by} asc${nulls}`, sql`${cmTickets.id} asc`];
}

/**
 * The list's rows of `tickets` (docs/api.md cmTicketRowSchema): their project, category and assignees, their issue
 * counts and the mean progress of their top-level tasks, in one query per part whatever the page size.
 */
export async function ticketRows(db: DbOrTx, tickets: CmTicket[]): Promise<CmTicketRow[]> {
  if (!tickets.length) return [];
  const ids = tickets.map((t) => t.id);
  const [names, categories, people, issues, tasks] = await Promise.all([
    db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(inArray(projects.id, [...new Set(tickets.map((t) => t.projectId))])),
    db
      .select({ id: cmCategories.id, name: cmCategories.name })
      .from(cmCategories)
      .where(inArray(cmCategories.id, [...new Set(tickets.map((t) => t.categoryId))])),
    db
      .select()
      .from(cmTicketPeople)
      .where(and(inArray(cmTicketPeople.ticketId, ids), eq(cmTicketPeople.role, 'assignee'))),
    db
      .select({
        ticketId: cmIssues.ticketId,
        total: sql<number>`count(*)::int`,
        open: sql<number>`(count(*) filter (where ${inArray(cmIssues.state, [...CM_ISSUE_OPEN_STATES])}))::int`,
      })
      .from(cmIssues)
      .where(inArray(cmIssues.ticketId, ids))
      .groupBy(cmIssues.ticketId),
    db
      .select({ ticketId: cmTasks.ticketId, progress: sql<number>`round(avg(${cmTasks.progress}))::int` })
      .from(cmTasks)
      .where(and(inArray(cmTasks.ticketId, ids), sql`${cmTasks.parentId} is null`))
      .groupBy(cmTasks.ticketId),
  ]);
  const briefs = await userBriefs(
    db,
    people.map((p) => p.userId),
  );
  const projectNames = new Map(names.map((p) => [p.id, p.name]));
  const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
  const issueCounts = new Map(issues.map((i) => [i.ticketId, i]));
  const progress = new Map(tasks.map((x) => [x.ticketId, x.progress]));
  const assignees = new Map<number, typeof people>();
  for (const p of people) assignees.set(p.ticketId, [...(assignees.get(p.ticketId) ?? []), p]);
  return tickets.map((t) => {
    const counts = issueCounts.get(t.id);
    return {
      id: t.id,
      code: cmTicketCode(t.number),
      title: t.title,
      state: t.state,
      priority: t.priority,
      project: { id: t.projectId, name: projectNames.get(t.projectId) ?? '' },
      category: { id: t.categoryId, name: categoryNames.get(t.categoryId) ?? '' },
      assignees: (assignees.get(t.id) ?? []).map((p) => briefs.get(p.userId)).filter((b) => b !== undefined),
      start_date: t.startDate,
      due_date: t.dueDate,
      custom_values: t.customValues,
      open_issues: counts?.open ?? 0,
      issue_count: counts?.total ?? 0,
      progress: progress.get(t.id) ?? null,
      created_at: t.createdAt.toISOString(),
      updated_at: t.updatedAt.toISOString(),
    };
  });
}

/** GET cmanagement/tickets: one page of the caller's tickets, filtered and sorted (cmTicketPageSchema). */
export async function listTickets(db: DbOrTx, user: SessionUser, q: CmTicketListQuery) {
  const where = await ticketWhere(db, user, q);
  const paging = { page: q.page, rowsPerPage: q.rows };
  const [page, total] = await Promise.all([
    db
      .select()
      .from(cmTickets)
      .where(where)
      .orderBy(...ticketOrder(q))
      .limit(q.rows)
      .offset((q.page - 1) * q.rows),
    db.$count(cmTickets, where),
  ]);
  return envelope(await ticketRows(db, page), total, paging);
}

/** GET cmanagement/tickets/exportar: every ticket of the same filters, up to the export cap. */
export async function exportTickets(db: DbOrTx, user: SessionUser, q: CmTicketListQuery) {
  const page = await db
    .select()
    .from(cmTickets)
    .where(await ticketWhere(db, user, q))
    .orderBy(...ticketOrder(q))
    .limit(EXPORT_MAX_ROWS + 1);
  return { rows: await ticketRows(db, page.slice(0, EXPORT_MAX_ROWS)), truncated: page.length > EXPORT_MAX_ROWS };
}
