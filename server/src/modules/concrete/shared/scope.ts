import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { concreteBatches, concretePlacements, concreteSamples } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { notFound } from '../../../lib/errors.ts';

export type PlacementRecord = typeof concretePlacements.$inferSelect;
export type BatchRecord = typeof concreteBatches.$inferSelect;
export type SampleRecord = typeof concreteSamples.$inferSelect;

/**
 * The caller's visible projects for an SQL IN (never empty). Every Concrete placement, batch and sample query is
 * scoped to the caller's company and these projects (docs/architecture.md §4): anything else is a 404.
 */
export const visibleProjects = (user: SessionUser): number[] => (user.projectIds.length ? [...user.projectIds] : [-1]);

/** A project the caller sees, else 404 (a project id in a body or a query). */
export function assertProjectVisible(user: SessionUser, projectId: number): void {
  if (!user.projectIds.includes(projectId)) throw notFound();
}

export const placementScope = (user: SessionUser) =>
  and(eq(concretePlacements.companyId, user.companyId), inArray(concretePlacements.projectId, visibleProjects(user)));

export const batchScope = (user: SessionUser) =>
  and(eq(concreteBatches.companyId, user.companyId), inArray(concreteBatches.projectId, visibleProjects(user)));

/** A placement the caller sees, optionally locked for a change; anything else is a 404. */
export async function loadPlacement(db: DbOrTx, user: SessionUser, id: number, lock = false): Promise<PlacementRecord> {
  const query = db
    .select()
    .from(concretePlacements)
    .where(and(eq(concretePlacements.id, id), placementScope(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** A batch the caller sees, optionally locked; anything else is a 404. */
export async function loadBatch(db: DbOrTx, user: SessionUser, id: number, lock = false): Promise<BatchRecord> {
  const query = db
    .select()
    .from(concreteBatches)
    .where(and(eq(concreteBatches.id, id), batchScope(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** A sample of a placement the caller sees, with that placement; anything else is a 404. */
export async function loadSample(db: DbOrTx, user: SessionUser, id: number) {
  const [row] = await db
    .select({ sample: concreteSamples, placement: concretePlacements })
    .from(concreteSamples)
    .innerJoin(concretePlacements, eq(concretePlacements.id, concreteSamples.placementId))
    .where(and(eq(concreteSamples.id, id), placementScope(user)));
  if (!row) throw notFound();
  return row;
}
