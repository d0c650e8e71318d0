import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProfileRow } from '#domain/access-responses';
import { COMPANY_MODULES, flagsOfModule, groupOf, isRyr } from '#domain/permission-catalogue';
import type { profileDuplicateSchema, profileSchema, profileUpdateSchema } from '#domain/schemas/profiles';
import { PROFILE_NAME_MAX } from '#domain/schemas/profiles';
import type { DbOrTx } from '../../../db/client.ts';
import { profiles, users } from '../../../db/schema/index.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, conflict, notFound } from '../../../lib/errors.ts';
import { actorOf, recordAudit } from '../audit/record.ts';
import { announceProfileChange, forgetSessions, usersOfProfile } from './live.ts';
import { assertExclusivesFree, assertKnownFlags, assertProfileNameFree, profileNameTaken } from './rules.ts';

type Profile = typeof profiles.$inferSelect;
type ProfileInput = z.infer<typeof profileSchema>;

const holders = (profileId: number | typeof profiles.id) =>
  and(eq(users.profileId, profileId), isNull(users.deletedAt));

/** The company modules whose flags a profile holds. */
const modulesOf = (flags: readonly string[]) =>
  COMPANY_MODULES.filter((m) => flagsOfModule(m).some((f) => flags.includes(f)));

export function toProfileRow(p: Profile, usersCount: number): ProfileRow {
  const held = [...p.permissions, ...p.exclusivePermissions];
  return {
    id: p.id,
    name: p.name,
    groups: p.groups,
    permissions: p.permissions,
    exclusive_permissions: p.exclusivePermissions,
    undefined_permissions: held.filter((f) => groupOf(f) === 'undefined'),
    modules: modulesOf(held),
    is_ryr: isRyr(p.name, p.groups),
    users_count: usersCount,
    updated_at: p.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a profile. */
const audited = (p: Profile) => ({
  name: p.name,
  groups: p.groups,
  permissions: p.permissions,
  exclusive_permissions: p.exclusivePermissions,
});

const usersCountSql = sql<number>`(select count(*)::int from ${users} where ${holders(profiles.id)})`;

/** GET configuracion/permisos: the company's profiles by name, each with how many users hold it. */
export async function listProfiles(db: DbOrTx, user: SessionUser): Promise<ProfileRow[]> {
  const rows = await db
    .select({ profile: profiles, n: usersCountSql })
    .from(profiles)
    .where(eq(profiles.companyId, user.companyId))
    .orderBy(asc(sql`lower(${profiles.name})`), asc(profiles.id));
  return rows.map((r) => toProfileRow(r.profile, r.n));
}

async function loadProfile(db: DbOrTx, user: SessionUser, id: number): Promise<{ profile: Profile; n: number }> {
  const [row] = await db
    .select({ profile: profiles, n: usersCountSql })
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.companyId, user.companyId)));
  if (!row) throw notFound();
  return { profile: row.profile, n: row.n };
}

export async function getProfile(db: DbOrTx, user: SessionUser, id: number): Promise<ProfileRow> {
  const { profile, n } = await loadProfile(db, user, id);
  return toProfileRow(profile, n);
}

/** The columns a profile is stored with; `modules` mirrors the module flags held (as the seed writes it). */
function columnsOf(input: ProfileInput, flags: ReturnType<typeof assertKnownFlags>) {
  return {
    name: input.name,
    groups: [...new Set(input.groups)],
    permissions: flags.permissions,
    exclusivePermissions: flags.exclusive_permissions,
    modules: modulesOf([...flags.permissions, ...flags.exclusive_permissions]),
  };
}

export async function createProfile(deps: AppDeps, user: SessionUser, input: ProfileInput): Promise<ProfileRow> {
  const flags = assertKnownFlags(input, null);
  return deps.database.db.transaction(async (tx) => {
    await assertProfileNameFree(tx, user.companyId, input.name);
    await assertExclusivesFree(tx, user.companyId, flags);
    const [row] = await tx
      .insert(profiles)
      .values({ companyId: user.companyId, ...columnsOf(input, flags) })
      .returning();
    await recordAudit(tx, actorOf(user), {
      entity: 'profile',
      entityId: row.id,
      action: 'created',
      after: audited(row),
    });
    return toProfileRow(row, 0);
  });
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/**
 * PUT configuracion/permisos/{id}: the whole profile. Nothing changed is a 422 'no changes to send'
 * (docs/product.md §5); a save based on an older version than stored is a 409. Its users' open sessions follow.
 */
export async function updateProfile(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  input: z.infer<typeof profileUpdateSchema>,
): Promise<ProfileRow> {
  let affected: number[] = [];
  const answer = await transactionWithEvents(deps, async (tx) => {
    const { profile: before, n } = await loadProfile(tx, user, id);
    if (input.updated_at && new Date(input.updated_at).getTime() !== before.updatedAt.getTime())
      throw conflict('config_profiles.stale');
    const flags = assertKnownFlags(input, before);
    const next = columnsOf(input, flags);
    if (
      next.name === before.name &&
      sameList(next.groups, before.groups) &&
      sameList(next.permissions, before.permissions) &&
      sameList(next.exclusivePermissions, before.exclusivePermissions)
    )
      throw new ApiError(422, 'config_profiles.no_changes');
    if (next.name.toLowerCase() !== before.name.toLowerCase())
      await assertProfileNameFree(tx, user.companyId, next.name, id);
    await assertExclusivesFree(tx, user.companyId, flags, id);
    const [after] = await tx
      .update(profiles)
      .set({
        ...next,
        updatedAt: sql`greatest(now(), ${before.updatedAt.toISOString()}::timestamptz + interval '1 millisecond')`,
      })
      .where(eq(profiles.id, id))
      .returning();
    await recordAudit(tx, actorOf(user), {
      entity: 'profile',
      entityId: id,
      action: 'updated',
      before: audited(before),
      after: audited(after),
    });
    affected = await usersOfProfile(tx, user.companyId, id);
    await announceProfileChange(tx, user.companyId, user.id, id, affected);
    return toProfileRow(after, n);
  });
  forgetSessions(deps, affected);
  return answer;
}

/** A free name for a copy: "<name> (copia)", then "(copia 2)"…, within the name's maximum length. */
async function copyName(db: DbOrTx, companyId: number, name: string, suffix: string): Promise<string> {
  for (let i = 1; ; i++) {
    const tail = ` (${suffix}${i > 1 ? ` ${i}` : ''})`;
    const candidate = `${name.slice(0, PROFILE_NAME_MAX - tail.length).trimEnd()}${tail}`;
    if (!(await profileNameTaken(db, companyId, candidate))) return candidate;
  }
}

/**
 * POST configuracion/permisos/{id}/duplicar: a new profile with the original's groups and permissions. Exclusive
 * permissions stay with the original (no two profiles hold one).
 */
export async function duplicateProfile(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  input: z.infer<typeof profileDuplicateSchema>,
  copySuffix: string,
): Promise<ProfileRow> {
  return deps.database.db.transaction(async (tx) => {
    const { profile: original } = await loadProfile(tx, user, id);
    if (input.name) await assertProfileNameFree(tx, user.companyId, input.name);
    const name = input.name ?? (await copyName(tx, user.companyId, original.name, copySuffix));
    const [row] = await tx
      .insert(profiles)
      .values({
        companyId: user.companyId,
        name,
        groups: original.groups,
        permissions: original.permissions,
        exclusivePermissions: [],
        modules: modulesOf(original.permissions),
      })
      .returning();
    await recordAudit(tx, actorOf(user), {
      entity: 'profile',
      entityId: row.id,
      action: 'duplicated',
      before: { ...audited(original), id: original.id },
      after: audited(row),
    });
    return toProfileRow(row, 0);
  });
}

/** DELETE configuracion/permisos/{id}: refused (409, naming how many) while any user holds it. */
export async function deleteProfile(deps: AppDeps, user: SessionUser, id: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const { profile, n } = await loadProfile(tx, user, id);
    if (n > 0) throw conflict('config_profiles.in_use', { count: n });
    await tx.delete(profiles).where(eq(profiles.id, id));
    await recordAudit(tx, actorOf(user), {
      entity: 'profile',
      entityId: id,
      action: 'deleted',
      before: audited(profile),
    });
  });
}
