import { and, asc, eq, inArray } from 'drizzle-orm';
import { fileUrl } from '#domain/files';
import { unitTypePlans, units, unitTypes } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, notFound, type FieldError } from '../../../lib/errors.ts';
import { attachFiles, confirmUpload, type FileDto } from '../../files/service.ts';
import { loadUnitType } from '../catalogue/tree.ts';
import { FILE_LINKS } from '../shared/file-access.ts';
import { loadProject } from '../shared/scope.ts';

/**
 * planos tab: plans per unit type of a project (docs/product.md §2 "unit type plans"). Every unit type of the
 * company is listed, those used by the project's units first.
 */
export async function listPlans(deps: AppDeps, user: SessionUser, projectId: number) {
  const db = deps.database.db;
  await loadProject(db, user, projectId);
  const types = await db
    .select()
    .from(unitTypes)
    .where(eq(unitTypes.companyId, user.companyId))
    .orderBy(asc(unitTypes.name));
  const used = new Set(
    (await db.selectDistinct({ id: units.unitTypeId }).from(units).where(eq(units.projectId, projectId))).map(
      (r) => r.id,
    ),
  );
  const plans = await db
    .select()
    .from(unitTypePlans)
    .where(and(eq(unitTypePlans.companyId, user.companyId), eq(unitTypePlans.projectId, projectId)))
    .orderBy(asc(unitTypePlans.id));
  return types
    .sort((a, b) => Number(used.has(b.id)) - Number(used.has(a.id)))
    .map((t) => ({
      unit_type: { id: t.id, name: t.name, category: t.category },
      is_used: used.has(t.id),
      plans: plans
        .filter((p) => p.unitTypeId === t.id)
        .map((p) => ({
          id: p.id,
          name: p.name,
          path: p.path,
          url: fileUrl(p.path),
          size: p.size,
          type: p.mime,
          created_at: p.createdAt.toISOString(),
        })),
    }));
}

/** Attaches uploaded plans (the caller's company's uploads; general files, 20 MB each) to a unit type of the project. */
export async function addPlans(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
  unitTypeId: number,
  paths: string[],
) {
  const db = deps.database.db;
  await loadProject(db, user, projectId);
  await loadUnitType(db, user.companyId, unitTypeId);
  const errors: FieldError[] = [];
  const files: FileDto[] = [];
  for (const [i, path] of [...new Set(paths)].entries()) {
    const file = await confirmUpload(deps, user, path).catch(() => undefined);
    if (!file || !['document', 'image', 'cad'].includes(file.category))
      errors.push({ field: `paths.${i}`, key: 'deliveries.errors.invalid_file' });
    else files.push(file);
  }
  if (errors.length) throw new ApiError(422, 'errors.validation', undefined, errors);
  const stored = await db
    .select({ path: unitTypePlans.path })
    .from(unitTypePlans)
    .where(
      and(
        eq(unitTypePlans.companyId, user.companyId),
        inArray(
          unitTypePlans.path,
          files.map((f) => f.path),
        ),
      ),
    );
  const fresh = files.filter((f) => !stored.some((s) => s.path === f.path));
  if (fresh.length) {
    await db.insert(unitTypePlans).values(
      fresh.map((f) => ({
        companyId: user.companyId,
        projectId,
        unitTypeId,
        path: f.path,
        name: f.name,
        size: f.size,
        mime: f.type,
        createdBy: user.id,
      })),
    );
    await attachFiles(
      deps,
      user.companyId,
      fresh.map((f) => f.path),
      { type: FILE_LINKS.plan, id: unitTypeId },
    );
  }
  return listPlans(deps, user, projectId);
}

export async function removePlan(deps: AppDeps, user: SessionUser, projectId: number, planId: number) {
  await loadProject(deps.database.db, user, projectId);
  const removed = await deps.database.db
    .delete(unitTypePlans)
    .where(
      and(
        eq(unitTypePlans.id, planId),
        eq(unitTypePlans.projectId, projectId),
        eq(unitTypePlans.companyId, user.companyId),
      ),
    )
    .returning();
  if (!removed.length) throw notFound();
}
