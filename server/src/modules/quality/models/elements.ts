import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { BIM_ELEMENTS_PAGE_MAX } from '#domain/quality';
import type { ActivityElement, BimElement } from '#domain/quality-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { bimElements, qualityActivities, qualityActivityElements } from '../../../db/schema/index.ts';
import type { BimModelRow } from '../shared/scope.ts';

/** Rows of one page of the properties index when no GlobalIds are named. */
export const ELEMENTS_PAGE_SIZE = 100;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const elementDto = (r: typeof bimElements.$inferSelect): BimElement => ({
  global_id: r.globalId,
  express_id: r.expressId,
  model_file_id: r.modelFileId,
  ifc_class: r.ifcClass,
  name: r.name,
  storey: r.storey,
  properties: r.properties,
});

/**
 * GET calidad/modelos/{id}/elementos: the properties index of a model's files, paged (ELEMENTS_PAGE_SIZE), or the
 * elements of the GlobalIds named (the properties panel of the viewer, at most BIM_ELEMENTS_PAGE_MAX at once). `q`
 * searches name, GlobalId and class; `ifc_class` narrows to one class (case ignored).
 */
export async function listElements(
  db: DbOrTx,
  model: BimModelRow,
  q: { q?: string | null; ifc_class?: string | null; global_ids?: string[]; page?: number },
) {
  const where = and(
    eq(bimElements.modelId, model.id),
    q.global_ids?.length ? inArray(bimElements.globalId, q.global_ids) : undefined,
    q.ifc_class ? sql`lower(${bimElements.ifcClass}) = ${q.ifc_class.toLowerCase()}` : undefined,
    q.q
      ? or(
          ilike(bimElements.name, `%${escapeLike(q.q)}%`),
          ilike(bimElements.globalId, `%${escapeLike(q.q)}%`),
          ilike(bimElements.ifcClass, `%${escapeLike(q.q)}%`),
        )
      : undefined,
  );
  const rowsPerPage = q.global_ids?.length ? BIM_ELEMENTS_PAGE_MAX : ELEMENTS_PAGE_SIZE;
  const page = q.page ?? 1;
  const [{ total }] = await db.select({ total: count() }).from(bimElements).where(where);
  const rows = await db
    .select()
    .from(bimElements)
    .where(where)
    .orderBy(asc(bimElements.modelFileId), asc(bimElements.expressId))
    .limit(rowsPerPage)
    .offset((page - 1) * rowsPerPage);
  return {
    data: rows.map(elementDto),
    current_page: page,
    total,
    has_more: page * rowsPerPage < total,
    rowsPerPage,
  };
}

/** GET calidad/modelos/{id}/actividades-elementos: every link of the model's elements to its project's activities. */
export async function activityElementsOf(db: DbOrTx, model: BimModelRow): Promise<ActivityElement[]> {
  const rows = await db
    .select({ activityId: qualityActivityElements.activityId, globalId: qualityActivityElements.globalId })
    .from(qualityActivityElements)
    .innerJoin(qualityActivities, eq(qualityActivities.id, qualityActivityElements.activityId))
    .where(
      and(
        eq(qualityActivityElements.modelId, model.id),
        eq(qualityActivities.companyId, model.companyId),
        eq(qualityActivities.projectId, model.projectId),
      ),
    )
    .orderBy(asc(qualityActivityElements.activityId), asc(qualityActivityElements.globalId));
  return rows.map((r) => ({ activity_id: r.activityId, global_id: r.globalId }));
}
