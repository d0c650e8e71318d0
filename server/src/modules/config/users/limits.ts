import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { UserLimitScope } from '#domain/users';
import type { UserLimits } from '#domain/users-responses';
import type { UserLimitsInput } from '#domain/schemas/users';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import {
  companies,
  profiles,
  projectGroups,
  projects,
  userLimitReaches,
  userProjects,
  users,
} from '../../../db/schema/index.ts';
import { seesProject } from '../../../db/staff.ts';
import type { AppDeps } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';

/**
 * Active-user limits (docs/product.md §1/§6/§8): per company, per project group and per project, null unlimited.
 * Active means staff, not disabled and not deleted; a project counts who sees it (assigned, or every project), a
 * group who sees any of its projects.
 */
type Scope = { scope: UserLimitScope; id: number; name: string; limit: number | null };

const activeStaff = (companyId: number) =>
  and(eq(users.companyId, companyId), eq(users.kind, 'staff'), eq(users.isActive, true), isNull(users.deletedAt));

const seesGroup = (groupId: number) =>
  or(
    sql`${profiles.permissions} @> '["todos_los_proyectos"]'::jsonb`,
    eq(users.allProjects, true),
    sql`exists (select 1 from ${userProjects} join ${projects} on ${projects.id} = ${userProjects.projectId} where ${userProjects.userId} = ${users.id} and ${projects.groupId} = ${groupId})`,
  );

async function countWhere(db: DbOrTx, companyId: number, extra?: ReturnType<typeof or>) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(and(activeStaff(companyId), extra));
  return n;
}

async function countOf(db: DbOrTx, companyId: number, s: Scope) {
  if (s.scope === 'company') return countWhere(db, companyId);
  return countWhere(db, companyId, s.scope === 'group' ? seesGroup(s.id) : seesProject(s.id));
}

/** Every scope of the company with its limit (the company first, then groups and projects by name). */
async function scopesOf(db: DbOrTx, companyId: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const groups = await db
    .select()
    .from(projectGroups)
    .where(eq(projectGroups.companyId, companyId))
    .orderBy(asc(projectGroups.name));
  const projectRows = await db
    .select()
    .from(projects)
    .where(eq(projects.companyId, companyId))
    .orderBy(asc(projects.name));
  return {
    company: { scope: 'company', id: company.id, name: company.name, limit: company.activeUserLimit } as Scope,
    groups: groups.map((g) => ({ scope: 'group', id: g.id, name: g.name, limit: g.activeUserLimit }) as Scope),
    projects: projectRows.map((p) => ({
      ...({ scope: 'project', id: p.id, name: p.name, limit: p.activeUserLimit } as Scope),
      groupId: p.groupId,
    })),
  };
}

/** The limit error of docs/product.md §8, naming the limit reached: «Se alcanzó el límite … del proyecto «X»». */
export const limitReachedError = (s: Scope) =>
  new ApiError(409, `config_users.limit_reached.${s.scope}`, { name: s.name, limit: s.limit ?? 0 }, [], {
    limit: { scope: s.scope, id: s.id, limit: s.limit },
  });

export type LimitReach = Scope & { reachId: number };

/**
 * Runs `change` (a create, an enable, a new assignment, an import) inside `tx` under the company's lock, so two
 * admins cannot both take the last place. A limit the change pushes past refuses it (the transaction rolls back
 * with the limit's message); a limit it fills is a reach, recorded once (user_limit_reaches) for the provider's
 * e-mail, which `notifyProvider` sends after the commit.
 */
export async function withinUserLimits<R>(
  tx: Tx,
  companyId: number,
  change: () => Promise<R>,
): Promise<{ result: R; reaches: LimitReach[] }> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  const all = await scopesOf(tx, companyId);
  const limited = [all.company, ...all.groups, ...all.projects].filter((s) => s.limit !== null);
  const before = await Promise.all(limited.map((s) => countOf(tx, companyId, s)));
  const result = await change();
  const reaches: LimitReach[] = [];
  for (const [i, s] of limited.entries()) {
    const after = await countOf(tx, companyId, s);
    if (after > s.limit! && after > before[i]) throw limitReachedError(s);
    if (after >= s.limit! && before[i] < s.limit!) {
      const [row] = await tx
        .insert(userLimitReaches)
        .values({ companyId, scope: s.scope, scopeId: s.scope === 'company' ? null : s.id, limit: s.limit! })
        .returning({ id: userLimitReaches.id });
      reaches.push({ ...s, reachId: row.id });
    }
  }
  return { result, reaches };
}

/**
 * docs/product.md §6: the provider hears of each reach by e-mail (PROVIDER_EMAIL, through the mail outbox), in
 * Spanish, the provider's language, so it can contact the customer about the plan.
 */
export async function notifyProvider(deps: AppDeps, companyId: number, reaches: LimitReach[], t: Translate) {
  const to = deps.config.providerEmail;
  if (!to || !reaches.length) return;
  const [company] = await deps.database.db.select().from(companies).where(eq(companies.id, companyId));
  for (const r of reaches) {
    const what = t(`config_users.limit_reached.${r.scope}`, { name: r.name, limit: r.limit ?? 0 });
    const mailId = await deps.mailer.send({
      to,
      companyId,
      subject: t('config_users.provider_mail.subject', { company: company?.name ?? '' }),
      text: t('config_users.provider_mail.body', { company: company?.name ?? '', rut: company?.rut ?? '', what }),
    });
    await deps.database.db.update(userLimitReaches).set({ mailId }).where(eq(userLimitReaches.id, r.reachId));
  }
}

/**
 * Whether enabling this (disabled) user would pass a limit: they would count in the company and in every group and
 * project they see. The limit's error, or undefined.
 */
export async function enableWouldExceed(db: DbOrTx, companyId: number, user: { id: number; isActive: boolean }) {
  if (user.isActive) return undefined;
  const all = await scopesOf(db, companyId);
  for (const s of [all.company, ...all.groups, ...all.projects]) {
    if (s.limit === null) continue;
    if (s.scope !== 'company') {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.profileId))
        .where(and(eq(users.id, user.id), s.scope === 'group' ? seesGroup(s.id) : seesProject(s.id)));
      if (!n) continue;
    }
    if ((await countOf(db, companyId, s)) >= s.limit) return limitReachedError(s);
  }
  return undefined;
}

/** GET configuracion/usuarios/limites: each limit with its count of active users and when it was last reached. */
export async function userLimits(db: DbOrTx, companyId: number, canEdit: boolean): Promise<UserLimits> {
  const all = await scopesOf(db, companyId);
  const reached = await db
    .select({
      scope: userLimitReaches.scope,
      scopeId: userLimitReaches.scopeId,
      at: sql<string>`max(${userLimitReaches.createdAt})`,
    })
    .from(userLimitReaches)
    .where(eq(userLimitReaches.companyId, companyId))
    .groupBy(userLimitReaches.scope, userLimitReaches.scopeId)
    .orderBy(desc(sql`max(${userLimitReaches.createdAt})`));
  const lastOf = (s: Scope) => {
    const hit = reached.find((r) => r.scope === s.scope && (s.scope === 'company' || r.scopeId === s.id));
    return hit ? new Date(hit.at).toISOString() : null;
  };
  const view = async (s: Scope) => ({
    scope: s.scope,
    id: s.id,
    name: s.name,
    limit: s.limit,
    active: await countOf(db, companyId, s),
    last_reached_at: lastOf(s),
  });
  return {
    company: await view(all.company),
    groups: await Promise.all(all.groups.map(view)),
    projects: await Promise.all(all.projects.map(async (p) => ({ ...(await view(p)), group_id: p.groupId }))),
    can_edit: canEdit,
  };
}

/** PUT configuracion/usuarios/limites: an id of another company is a 404 and nothing is written. Returns the limits before. */
export async function saveUserLimits(tx: Tx, companyId: number, input: UserLimitsInput) {
  const all = await scopesOf(tx, companyId);
  const limitOf = (list: Scope[], id: number) => {
    const hit = list.find((s) => s.id === id);
    if (!hit) throw notFound();
    return hit.limit;
  };
  const before = {
    company: all.company.limit,
    groups: (input.groups ?? []).map((g) => ({ id: g.id, limit: limitOf(all.groups, g.id) })),
    projects: (input.projects ?? []).map((p) => ({ id: p.id, limit: limitOf(all.projects, p.id) })),
  };
  if (input.company !== undefined)
    await tx.update(companies).set({ activeUserLimit: input.company }).where(eq(companies.id, companyId));
  for (const g of input.groups ?? [])
    await tx
      .update(projectGroups)
      .set({ activeUserLimit: g.limit })
      .where(and(eq(projectGroups.id, g.id), eq(projectGroups.companyId, companyId)));
  for (const p of input.projects ?? [])
    await tx
      .update(projects)
      .set({ activeUserLimit: p.limit })
      .where(and(eq(projects.id, p.id), eq(projects.companyId, companyId)));
  return before;
}
