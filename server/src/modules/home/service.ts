import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps, SessionUser } from '../../http/context.ts';
import { projectGroups, projects, tasks, units } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { containsText } from '../../lib/text-search.ts';
import { envelope, offsetOf, sortOf, type PageQuery } from '../../lib/paging.ts';
import { assertProjectVisible } from '../../auth/guard.ts';
import { projectOption } from '../auth/service.ts';

const SORTS = {
  name: projects.name,
  created_at: projects.createdAt,
  municipal_reception_date: projects.municipalReceptionDate,
  id: projects.id,
} as const;
export const PROJECT_SORTS = Object.keys(SORTS) as [keyof typeof SORTS, ...(keyof typeof SORTS)[]];

/** Projects of the caller's company that they may see (docs/architecture.md §4), plus an optional condition. */
const visible = (user: SessionUser, extra?: SQL) =>
  and(eq(projects.companyId, user.companyId), inArray(projects.id, [...user.projectIds]), extra);

/** Rows with the card fields: group, dates, names and unit progress counts (docs/product.md §3 Project). */
function selectCards(deps: AppDeps, user: SessionUser, where: SQL | undefined) {
  const db = deps.database.db;
  const unitCounts = db
    .select({
      projectId: units.projectId,
      total: sql<number>`count(*)::int`.as('total'),
      delivered: sql<number>`count(*) filter (where ${units.deliveryState} <> 'por_entregar')::int`.as('delivered'),
    })
    .from(units)
    .where(eq(units.companyId, user.companyId))
    .groupBy(units.projectId)
    .as('unit_counts');
  return db
    .select({
      project: projects,
      groupName: projectGroups.name,
      unitsTotal: unitCounts.total,
      unitsDelivered: unitCounts.delivered,
    })
    .from(projects)
    .leftJoin(projectGroups, eq(projectGroups.id, projects.groupId))
    .leftJoin(unitCounts, eq(unitCounts.projectId, projects.id))
    .where(where)
    .$dynamic();
}

type CardRow = Awaited<ReturnType<typeof selectCards>>[number];
const card = (r: CardRow) => ({
  ...projectOption(r.project),
  code: r.project.code,
  group: r.groupName,
  created_at: r.project.createdAt.toISOString(),
  municipal_reception_date: r.project.municipalReceptionDate,
  real_estate_name: r.project.realEstateName,
  warranty_name: r.project.warrantyName,
  progress: { units_total: r.unitsTotal ?? 0, units_delivered: r.unitsDelivered ?? 0 },
});

/** Home projects: list and card fields, closed/blocked flags and progress counts (docs/product.md §2). */
export async function listProjects(deps: AppDeps, user: SessionUser, q: PageQuery & { search?: string }) {
  if (user.projectIds.length === 0) return envelope([], 0, q);
  const where = visible(
    user,
    q.search ? containsText([projects.name, projects.address, projects.commune, projects.code], q.search) : undefined,
  );
  const sortColumn = sortOf(SORTS, q.sortBy, projects.name);
  const [rows, [{ total }]] = await Promise.all([
    selectCards(deps, user, where)
      .orderBy(q.descending ? sql`${sortColumn} desc nulls last` : sql`${sortColumn} asc nulls last`, asc(projects.id))
      .limit(q.rowsPerPage)
      .offset(offsetOf(q)),
    deps.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(projects)
      .where(where),
  ]);
  return envelope(rows.map(card), total, q);
}

/** One project card; a project the caller may not see is 404 (docs/architecture.md §4). */
export async function getProject(deps: AppDeps, user: SessionUser, projectId: number) {
  assertProjectVisible(user, projectId);
  const [row] = await selectCards(deps, user, visible(user, eq(projects.id, projectId)));
  if (!row) throw notFound();
  return card(row);
}

/**
 * My tasks, pending, grouped into the next 7 days and later (docs/product.md §2). Overdue ones count as next.
 * A task on a project the user no longer sees is hidden with the project.
 */
export async function myTasks(deps: AppDeps, user: SessionUser, now = new Date()) {
  const db = deps.database.db;
  const projectScope = user.projectIds.length
    ? or(isNull(tasks.projectId), inArray(tasks.projectId, [...user.projectIds]))
    : isNull(tasks.projectId);
  const rows = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.companyId, user.companyId), eq(tasks.userId, user.id), isNull(tasks.doneAt), projectScope))
    .orderBy(asc(tasks.dueAt), asc(tasks.id))
    .limit(200);
  const limit = now.getTime() + 7 * 86_400_000;
  const shape = (t: typeof tasks.$inferSelect) => ({
    id: t.id,
    title: t.title,
    kind: t.kind,
    link: t.link,
    project_id: t.projectId,
    due_at: t.dueAt.toISOString(),
  });
  return {
    next_7_days: rows.filter((t) => t.dueAt.getTime() < limit).map(shape),
    later: rows.filter((t) => t.dueAt.getTime() >= limit).map(shape),
  };
}
