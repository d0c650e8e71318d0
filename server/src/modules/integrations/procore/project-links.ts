import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { procoreProjectLinksSchema } from '#domain/schemas/procore';
import type { ProcoreProjectLink } from '#domain/procore-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { procoreProjectLinks, projects } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { unprocessable } from '../../../lib/errors.ts';
import { actorOf, recordAudit } from '../../config/service.ts';
import { loadConnection } from '../connections/service.ts';

/**
 * docs/product.md §2 config/integraciones/procore: which Procore project each of the company's projects sends its
 * failures to. Only the projects the caller sees are listed or changed.
 */
export async function listProjectLinks(deps: AppDeps, user: SessionUser): Promise<ProcoreProjectLink[]> {
  if (!user.projectIds.length) return [];
  const rows = await deps.database.db
    .select({ id: projects.id, name: projects.name, procoreProjectId: procoreProjectLinks.procoreProjectId })
    .from(projects)
    .leftJoin(
      procoreProjectLinks,
      and(eq(procoreProjectLinks.projectId, projects.id), eq(procoreProjectLinks.companyId, projects.companyId)),
    )
    .where(and(eq(projects.companyId, user.companyId), inArray(projects.id, user.projectIds)))
    .orderBy(asc(projects.name), asc(projects.id));
  return rows.map((r) => ({ project_id: r.id, project_name: r.name, procore_project_id: r.procoreProjectId }));
}

/** Links and unlinks; a project that is not the company's, or not visible to the caller, is a 422 on its row. */
export async function saveProjectLinks(
  deps: AppDeps,
  user: SessionUser,
  input: z.output<typeof procoreProjectLinksSchema>,
): Promise<ProcoreProjectLink[]> {
  const ids = input.links.map((l) => l.project_id);
  const found = ids.length
    ? await deps.database.db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.companyId, user.companyId), inArray(projects.id, ids)))
    : [];
  const usable = (id: number) => user.projectIds.includes(id) && found.some((f) => f.id === id);
  const refused = input.links.flatMap((link, i) =>
    usable(link.project_id) ? [] : [{ field: `links.${i}.project_id`, key: 'validation.invalid' }],
  );
  if (refused.length) throw unprocessable(refused);
  const connection = await loadConnection(deps.database.db, user.companyId, 'procore');
  await deps.database.db.transaction(async (tx) => {
    for (const link of input.links) await writeLink(tx, user.companyId, link.project_id, link.procore_project_id);
    await recordAudit(tx, actorOf(user), {
      entity: 'integration',
      entityId: connection?.id ?? 0,
      action: 'updated',
      before: {},
      after: { kind: 'procore', project_links: input.links },
    });
  });
  return listProjectLinks(deps, user);
}

async function writeLink(tx: DbOrTx, companyId: number, projectId: number, procoreId: string | number | null) {
  const where = and(eq(procoreProjectLinks.companyId, companyId), eq(procoreProjectLinks.projectId, projectId));
  if (procoreId === null) {
    await tx.delete(procoreProjectLinks).where(where);
    return;
  }
  await tx
    .insert(procoreProjectLinks)
    .values({ companyId, projectId, procoreProjectId: String(procoreId) })
    .onConflictDoUpdate({
      target: [procoreProjectLinks.companyId, procoreProjectLinks.projectId],
      set: { procoreProjectId: String(procoreId), updatedAt: new Date() },
    });
}

/** The Procore project a project's failures go to, if it is linked. */
export async function procoreProjectOf(db: DbOrTx, companyId: number, projectId: number | null) {
  if (!projectId) return undefined;
  const [row] = await db
    .select({ procoreProjectId: procoreProjectLinks.procoreProjectId })
    .from(procoreProjectLinks)
    .where(and(eq(procoreProjectLinks.companyId, companyId), eq(procoreProjectLinks.projectId, projectId)));
  return row?.procoreProjectId;
}
