import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { auditChanges } from '#domain/audit';
import type { AuditRow } from '#domain/audit-responses';
import type { AuditListQuery } from '#domain/schemas/audit';
import { auditLog, users } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { envelope, offsetOf, type PageQuery } from '../../../lib/paging.ts';
import { timezoneOf } from '../../../lib/time-zones.ts';
import { personOf } from '../shared/people.ts';
import { companyCalendar } from '../courses/assignments.ts';
import { addDays, startOfDayIn } from '../shared/dates.ts';

/** The filters as SQL; the date range is whole days in the caller's zone (docs/product.md §9 time zone). */
function whereOf(user: SessionUser, q: AuditListQuery, tz: string): SQL | undefined {
  return and(
    eq(auditLog.companyId, user.companyId),
    q.entity ? eq(auditLog.entityType, q.entity) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.user_id ? eq(auditLog.userId, q.user_id) : undefined,
    q.from ? gte(auditLog.createdAt, startOfDayIn(q.from, tz)) : undefined,
    q.to ? lt(auditLog.createdAt, startOfDayIn(addDays(q.to, 1), tz)) : undefined,
  );
}

const select = (deps: AppDeps, where: SQL | undefined) =>
  deps.database.db
    .select({ line: auditLog, user: users })
    .from(auditLog)
    // Scoped to the company too: an actor id is kept after its user is gone and must never name someone else's.
    .leftJoin(users, and(eq(users.id, auditLog.userId), eq(users.companyId, auditLog.companyId)))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .$dynamic();

type Joined = { line: typeof auditLog.$inferSelect; user: typeof users.$inferSelect | null };
const rowOf = ({ line, user }: Joined): AuditRow => ({
  id: line.id,
  created_at: line.createdAt.toISOString(),
  user: user ? personOf(user) : null,
  entity: line.entityType,
  entity_id: line.entityId,
  action: line.action,
  changes: auditChanges(line.before, line.after),
});

async function zoneOf(deps: AppDeps, user: SessionUser, requested?: string) {
  const { country } = await companyCalendar(deps.database.db, user.companyId);
  return timezoneOf(country, requested);
}

/** docs/product.md §1 audit log: the filtered page, newest first, each line with its field-by-field changes. */
export async function listAudit(deps: AppDeps, user: SessionUser, q: PageQuery & AuditListQuery) {
  const where = whereOf(user, q, await zoneOf(deps, user, q.tz));
  const [rows, [{ total }]] = await Promise.all([
    select(deps, where).limit(q.rowsPerPage).offset(offsetOf(q)),
    deps.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return envelope(rows.map(rowOf), total, q);
}

export const AUDIT_EXPORT_MAX = 10_000;

/** The export's rows (the whole filtered set up to AUDIT_EXPORT_MAX) and the zone its times are written in. */
export async function exportAudit(deps: AppDeps, user: SessionUser, q: AuditListQuery) {
  const tz = await zoneOf(deps, user, q.tz);
  const rows = await select(deps, whereOf(user, q, tz)).limit(AUDIT_EXPORT_MAX);
  return { rows: rows.map(rowOf), tz };
}

/** Who appears in the company's trail, for the screen's user filter. */
export async function auditActors(deps: AppDeps, user: SessionUser) {
  const rows = await deps.database.db
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(auditLog)
    .innerJoin(users, and(eq(users.id, auditLog.userId), eq(users.companyId, auditLog.companyId)))
    .where(eq(auditLog.companyId, user.companyId));
  return rows.map(personOf).sort((a, b) => a.full_name.localeCompare(b.full_name));
}
