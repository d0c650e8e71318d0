import { and, asc, eq, inArray } from 'drizzle-orm';
import type { UserFormOptions } from '#domain/users-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { positions, profiles, projects } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';

/** GET configuracion/usuarios/opciones: the company's positions and profiles, and the projects the admin sees. */
export async function userFormOptions(db: DbOrTx, caller: SessionUser): Promise<UserFormOptions> {
  const [positionRows, profileRows, projectRows] = await Promise.all([
    db
      .select({ id: positions.id, name: positions.name })
      .from(positions)
      .where(eq(positions.companyId, caller.companyId))
      .orderBy(asc(positions.name)),
    db
      .select({ id: profiles.id, name: profiles.name })
      .from(profiles)
      .where(eq(profiles.companyId, caller.companyId))
      .orderBy(asc(profiles.name)),
    caller.projectIds.length
      ? db
          .select({ id: projects.id, name: projects.name, group_id: projects.groupId })
          .from(projects)
          .where(and(eq(projects.companyId, caller.companyId), inArray(projects.id, [...caller.projectIds])))
          .orderBy(asc(projects.name))
      : Promise.resolve([]),
  ]);
  return { positions: positionRows, profiles: profileRows, projects: projectRows };
}
