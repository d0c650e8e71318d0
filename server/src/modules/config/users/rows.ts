import { and, asc, eq, inArray } from 'drizzle-orm';
import type { UserRow } from '#domain/users-responses';
import type { UserState } from '#domain/users';
import type { DbOrTx } from '../../../db/client.ts';
import { positions, profiles, projects, userProjects, users } from '../../../db/schema/index.ts';
import { acronymOf, fullName } from '../../../db/staff.ts';
import { notFound } from '../../../lib/errors.ts';
import type { SessionUser } from '../../../http/context.ts';

export type UserRecord = typeof users.$inferSelect;

/** The three regions of machines/user.ts as the columns hold them. */
export function userStateOf(u: Pick<UserRecord, 'isActive' | 'deletedAt' | 'emailVerifiedAt' | 'signatureVerifiedAt'>) {
  return {
    cuenta: u.deletedAt ? 'eliminado' : u.isActive ? 'activo' : 'deshabilitado',
    correo: u.emailVerifiedAt ? 'verificado' : 'sin_verificar',
    firma: u.signatureVerifiedAt ? 'verificada' : 'sin_verificar',
  } satisfies UserState as UserState;
}

/** A staff user of the caller's company (owners' portal accounts are not administered here); else 404. */
export async function loadStaffUser(db: DbOrTx, caller: SessionUser, userId: number, lock = false) {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, caller.companyId), eq(users.kind, 'staff')));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** Rows as the list, the detail and the export answer them, in the order of `records`. */
export async function userRows(db: DbOrTx, companyId: number, records: UserRecord[]): Promise<UserRow[]> {
  if (!records.length) return [];
  const ids = records.map((r) => r.id);
  const [positionRows, profileRows, assigned] = await Promise.all([
    db.select({ id: positions.id, name: positions.name }).from(positions).where(eq(positions.companyId, companyId)),
    db.select({ id: profiles.id, name: profiles.name }).from(profiles).where(eq(profiles.companyId, companyId)),
    db
      .select({ userId: userProjects.userId, id: projects.id, name: projects.name })
      .from(userProjects)
      .innerJoin(projects, eq(projects.id, userProjects.projectId))
      .where(and(inArray(userProjects.userId, ids), eq(projects.companyId, companyId)))
      .orderBy(asc(projects.name)),
  ]);
  const positionOf = new Map(positionRows.map((p) => [p.id, p]));
  const profileOf = new Map(profileRows.map((p) => [p.id, p]));
  const projectsOf = new Map<number, { id: number; name: string }[]>();
  for (const a of assigned) {
    const list = projectsOf.get(a.userId) ?? [];
    list.push({ id: a.id, name: a.name });
    projectsOf.set(a.userId, list);
  }
  return records.map((u) => ({
    id: u.id,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    full_name: fullName(u),
    acronym: acronymOf(u),
    email: u.email,
    position: (u.positionId && positionOf.get(u.positionId)) || null,
    profile: (u.profileId && profileOf.get(u.profileId)) || null,
    all_projects: u.allProjects,
    projects: u.allProjects ? [] : (projectsOf.get(u.id) ?? []),
    state: userStateOf(u),
    signature_path: u.signaturePath,
    signature_url: u.signaturePath ? `/api/v2/public/files/${u.signaturePath}` : null,
    created_at: u.createdAt.toISOString(),
  }));
}
