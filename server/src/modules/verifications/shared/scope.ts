import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { receptionFollowUps, receptions, receptionTemplates } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';

export type ReceptionRecord = typeof receptions.$inferSelect;
export type TemplateRecord = typeof receptionTemplates.$inferSelect;
export type FollowUpRecord = typeof receptionFollowUps.$inferSelect;

/**
 * The caller's visible projects for an SQL IN (never empty). Every reception and follow-up query is scoped to the
 * caller's company and these projects, every template query to the company (docs/architecture.md §4): anything else
 * is a 404.
 */
export const visibleProjects = (user: SessionUser): number[] => (user.projectIds.length ? [...user.projectIds] : [-1]);

/** A project the caller sees, else 404 (a project id in a body or a query). */
export function assertProjectVisible(user: SessionUser, projectId: number): void {
  if (!user.projectIds.includes(projectId)) throw notFound();
}

export const receptionScope = (user: SessionUser) =>
  and(eq(receptions.companyId, user.companyId), inArray(receptions.projectId, visibleProjects(user)));

export const followUpScope = (user: SessionUser) =>
  and(eq(receptionFollowUps.companyId, user.companyId), inArray(receptionFollowUps.projectId, visibleProjects(user)));

/** A reception the caller sees, optionally locked for a change; anything else is a 404. */
export async function loadReception(db: DbOrTx, user: SessionUser, id: number, lock = false): Promise<ReceptionRecord> {
  const query = db
    .select()
    .from(receptions)
    .where(and(eq(receptions.id, id), receptionScope(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** A follow-up the caller sees, optionally locked; anything else is a 404. */
export async function loadFollowUp(db: DbOrTx, user: SessionUser, id: number, lock = false): Promise<FollowUpRecord> {
  const query = db
    .select()
    .from(receptionFollowUps)
    .where(and(eq(receptionFollowUps.id, id), followUpScope(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** A template of the caller's company; anything else is a 404. */
export async function loadTemplate(db: DbOrTx, user: SessionUser, id: number): Promise<TemplateRecord> {
  const [row] = await db
    .select()
    .from(receptionTemplates)
    .where(and(eq(receptionTemplates.id, id), eq(receptionTemplates.companyId, user.companyId)));
  if (!row) throw notFound();
  return row;
}
