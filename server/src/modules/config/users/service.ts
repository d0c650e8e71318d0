import { and, eq, inArray, sql } from 'drizzle-orm';
import type { UserCreateInput, UserUpdateInput } from '#domain/schemas/users';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { positions, profiles, projects, sessions, userProjects, users } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { conflict, isUniqueViolation, notFound, unprocessable } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { hashPassword } from '../../../auth/password.ts';
import { endSessionsIn } from '../../../auth/session-end.ts';
import { attachFiles, detachFiles } from '../../files/service.ts';
import { USER_SIGNATURE_FILES, assertOwnSignatureImage, requestEmailVerification } from '../../auth/service.ts';
import { actorOf, recordAudit } from '../audit/record.ts';
import { notifyProvider, withinUserLimits } from './limits.ts';
import { loadStaffUser, userRows, type UserRecord } from './rows.ts';

type References = Pick<UserCreateInput, 'position_id' | 'profile_id' | 'project_ids' | 'all_projects'>;

/**
 * Position, profile and projects must be the company's, and the projects ones the admin sees: any other id is a
 * 404 (docs/architecture.md §4), never a way to learn another company's records.
 */
async function assertReferences(db: DbOrTx, caller: SessionUser, input: Partial<References>) {
  if (input.position_id != null) {
    const [row] = await db
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.id, input.position_id), eq(positions.companyId, caller.companyId)));
    if (!row) throw notFound();
  }
  if (input.profile_id != null) {
    const [row] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, input.profile_id), eq(profiles.companyId, caller.companyId)));
    if (!row) throw notFound();
  }
  const visible = new Set(caller.projectIds);
  if (input.project_ids?.some((id) => !visible.has(id))) throw notFound();
}

/** docs/product.md §3 User: one username is one login (the unique index is on lower(username), for every company). */
async function assertUsernameFree(db: DbOrTx, username: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  if (row && row.id !== exceptId) throw unprocessable([{ field: 'username', key: 'config_users.username_taken' }]);
}

async function setProjects(tx: Tx, companyId: number, userId: number, allProjects: boolean, ids: number[]) {
  await tx.delete(userProjects).where(eq(userProjects.userId, userId));
  const list = allProjects ? [] : [...new Set(ids)];
  if (list.length) {
    const own = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.companyId, companyId), inArray(projects.id, list)));
    await tx.insert(userProjects).values(own.map((p) => ({ userId, projectId: p.id, companyId })));
  }
}

/** What the audit trail keeps of a user (no password: server/src/modules/config/audit/record.ts redacts it anyway). */
async function auditView(db: DbOrTx, companyId: number, record: UserRecord) {
  const [row] = await userRows(db, companyId, [record]);
  const { signature_url: _url, acronym: _acronym, full_name: _name, ...rest } = row;
  return rest;
}

/** A username taken between the check and the insert answers as the check does, never a 500. */
function usernameRace(error: unknown): never {
  if (isUniqueViolation(error, 'users_username_uq'))
    throw unprocessable([{ field: 'username', key: 'config_users.username_taken' }]);
  throw error;
}

export type NewUser = Omit<UserCreateInput, 'password' | 'password_confirmation'> & { passwordHash: string };

/**
 * Inserts one user and their projects inside `tx` (the caller holds the limits check around it), with its audit
 * line. Shared by the form (createUser) and the import.
 */
export async function insertUser(tx: Tx, caller: SessionUser, input: NewUser, auditAction: 'created' | 'imported') {
  await assertUsernameFree(tx, input.username);
  const [row] = await tx
    .insert(users)
    .values({
      companyId: caller.companyId,
      kind: 'staff',
      username: input.username,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email ?? null,
      positionId: input.position_id ?? null,
      profileId: input.profile_id,
      allProjects: input.all_projects,
      signaturePath: input.signature_path ?? null,
      passwordHash: input.passwordHash,
    })
    .returning()
    .catch(usernameRace);
  await setProjects(tx, caller.companyId, row.id, input.all_projects, input.project_ids);
  await recordAudit(tx, actorOf(caller), {
    entity: 'user',
    entityId: row.id,
    action: auditAction,
    after: await auditView(tx, caller.companyId, row),
  });
  return row;
}

/**
 * POST configuracion/usuarios. Refused past an active-user limit (docs/product.md §8); filling one e-mails the
 * provider (§6). A user with an address gets its verification link.
 */
export async function createUser(deps: AppDeps, caller: SessionUser, input: UserCreateInput, t: Translate) {
  const db = deps.database.db;
  await assertReferences(db, caller, input);
  if (input.signature_path) await assertOwnSignatureImage(deps, caller, input.signature_path);
  const passwordHash = await hashPassword(input.password);
  const { result: row, reaches } = await db.transaction((tx) =>
    withinUserLimits(tx, caller.companyId, () => insertUser(tx, caller, { ...input, passwordHash }, 'created')),
  );
  if (row.signaturePath)
    await attachFiles(deps, caller.companyId, [row.signaturePath], { type: USER_SIGNATURE_FILES, id: row.id });
  if (row.email) await requestEmailVerification(deps, row, t);
  await notifyProvider(deps, caller.companyId, reaches, t);
  return row;
}

/**
 * PATCH configuracion/usuarios/{id}: what is sent changes. A new address is unverified and gets its link
 * (user.changeEmail), a new signature image must be verified again (user.changeSignature), a new password ends the
 * user's sessions; more projects count against the limits as a new user does. A deleted user is read-only.
 */
export async function updateUser(
  deps: AppDeps,
  caller: SessionUser,
  userId: number,
  input: UserUpdateInput,
  t: Translate,
) {
  const db = deps.database.db;
  await assertReferences(db, caller, input);
  if (input.signature_path) {
    // Only a new image is checked: the one the user already has may be their own upload.
    const current = await loadStaffUser(db, caller, userId);
    if (current.signaturePath !== input.signature_path)
      await assertOwnSignatureImage(deps, caller, input.signature_path);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const { result, reaches } = await db.transaction(async (tx) => {
    const before = await loadStaffUser(tx, caller, userId, true);
    if (before.deletedAt) throw conflict('config_users.deleted_read_only');
    const auditBefore = await auditView(tx, caller.companyId, before);
    return withinUserLimits(tx, caller.companyId, async () => {
      if (input.username !== undefined) await assertUsernameFree(tx, input.username, userId);
      const emailChanged = input.email !== undefined && (input.email ?? null) !== before.email;
      const signatureChanged =
        input.signature_path !== undefined && (input.signature_path ?? null) !== before.signaturePath;
      const [after] = await tx
        .update(users)
        .set({
          username: input.username,
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          positionId: input.position_id,
          profileId: input.profile_id,
          allProjects: input.all_projects,
          signaturePath: input.signature_path,
          passwordHash,
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
          ...(signatureChanged ? { signatureVerifiedAt: null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning()
        .catch(usernameRace);
      if (input.project_ids !== undefined || input.all_projects !== undefined) {
        const keep =
          input.project_ids ??
          (
            await tx.select({ id: userProjects.projectId }).from(userProjects).where(eq(userProjects.userId, userId))
          ).map((r) => r.id);
        await setProjects(tx, caller.companyId, userId, after.allProjects, keep);
      }
      await recordAudit(tx, actorOf(caller), {
        entity: 'user',
        entityId: userId,
        action: 'updated',
        before: auditBefore,
        after: await auditView(tx, caller.companyId, after),
      });
      // Last: the session-ended events hold the outbox lock until commit (server/src/auth/session-end.ts).
      if (passwordHash) await endSessionsIn(tx, eq(sessions.userId, userId));
      return { before, after, emailChanged, signatureChanged };
    });
  });
  deps.sessions.evictUser(userId);
  if (passwordHash) deps.wakeOutbox?.();
  const entity = { type: USER_SIGNATURE_FILES, id: userId };
  if (result.signatureChanged) {
    if (result.before.signaturePath) await detachFiles(deps, caller.companyId, [result.before.signaturePath], entity);
    if (result.after.signaturePath) await attachFiles(deps, caller.companyId, [result.after.signaturePath], entity);
  }
  if (result.emailChanged && result.after.email) await requestEmailVerification(deps, result.after, t);
  await notifyProvider(deps, caller.companyId, reaches, t);
  return result.after;
}
