import { eq } from 'drizzle-orm';
import { userMachine, type UserEvent } from '#machines/user';
import { userCommands, type UserCommandType, type UserState } from '#domain/users';
import type { AuditAction } from '#domain/audit';
import { sessions, users } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, conflict, unprocessable } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { runCommand } from '../../../commands/runner.ts';
import { endSessionsIn } from '../../../auth/session-end.ts';
import { detachFiles } from '../../files/service.ts';
import { USER_SIGNATURE_FILES, requestEmailVerification } from '../../auth/service.ts';
import { actorOf, recordAudit } from '../audit/record.ts';
import { enableWouldExceed, notifyProvider, withinUserLimits, type LimitReach } from './limits.ts';
import { loadStaffUser, userRows, userStateOf, type UserRecord } from './rows.ts';

/** The commands an admin sends to a user from the list or the form (the e-mail link sends user.verifyEmail). */
export type AdminUserCommand = Exclude<
  UserCommandType,
  'user.verifyEmail' | 'user.changeEmail' | 'user.changeSignature'
>;

const AUDIT_ACTIONS: Record<AdminUserCommand, AuditAction> = {
  'user.disable': 'disabled',
  'user.enable': 'enabled',
  'user.delete': 'deleted',
  'user.resendEmailVerification': 'updated',
  'user.verifySignature': 'updated',
  'user.rejectSignature': 'updated',
};

/** The machine event of a command, with what its guards read from the stored user. */
function eventFor(type: AdminUserCommand, row: UserRecord, isUserLimitReached: boolean): UserEvent {
  if (type === 'user.enable') return { type, isUserLimitReached };
  if (type === 'user.verifySignature' || type === 'user.rejectSignature')
    return { type, hasSignature: Boolean(row.signaturePath) };
  return { type };
}

/**
 * Every state change of a user (docs/product.md §4 User) through the command runner: the permission from
 * domain/users.ts, the user machine decides, this persists the state and the machine's effects in the same
 * transaction — a disabled or deleted user's sessions end (their open tabs are signed out live by the
 * session.ended events), enabling is checked against the active-user limits (docs/product.md §8), a rejected
 * signature is removed, the audit trail gets its line. Nobody disables or deletes themselves; a deleted user is
 * read-only.
 */
export async function userCommand(
  deps: AppDeps,
  caller: SessionUser,
  userId: number,
  type: AdminUserCommand,
  t: Translate,
) {
  const db = deps.database.db;
  const current = await loadStaffUser(db, caller, userId);
  if (current.deletedAt) throw conflict('config_users.deleted_read_only');
  if (userId === caller.id && (type === 'user.disable' || type === 'user.delete'))
    throw conflict('config_users.not_yourself');
  if (type === 'user.resendEmailVerification' && !current.email)
    throw unprocessable([{ field: 'email', key: 'validation.required' }]);
  const exceeded = type === 'user.enable' ? await enableWouldExceed(db, caller.companyId, current) : undefined;
  let reaches: LimitReach[] = [];
  let removedSignature: string | null = null;
  try {
    await runCommand(deps, {
      machine: userMachine,
      machineName: 'user',
      entity: { type: 'user', id: userId, companyId: caller.companyId },
      load: async (tx) => {
        const row = await loadStaffUser(tx, caller, userId, true);
        return { value: userStateOf(row), row, projectId: null };
      },
      event: eventFor(type, current, Boolean(exceeded)),
      commands: userCommands,
      actor: caller,
      userId: caller.id,
      t,
      persist: async (tx, next) => {
        const before = next.row;
        const now = new Date();
        const change = async () => {
          const [after] = await tx
            .update(users)
            .set({
              isActive: (next.value as UserState).cuenta === 'activo',
              deletedAt: type === 'user.delete' ? now : before.deletedAt,
              signatureVerifiedAt:
                type === 'user.verifySignature'
                  ? now
                  : type === 'user.rejectSignature'
                    ? null
                    : before.signatureVerifiedAt,
              signaturePath: type === 'user.rejectSignature' ? null : before.signaturePath,
              updatedAt: now,
            })
            .where(eq(users.id, userId))
            .returning();
          return after;
        };
        const after =
          type === 'user.enable'
            ? await withinUserLimits(tx, caller.companyId, change).then((r) => ((reaches = r.reaches), r.result))
            : await change();
        if (next.actions.some((a) => a.type === 'removeSignature')) removedSignature = before.signaturePath;
        const [beforeRow, afterRow] = await userRows(tx, caller.companyId, [before, after]);
        await recordAudit(tx, actorOf(caller), {
          entity: 'user',
          entityId: userId,
          action: AUDIT_ACTIONS[type],
          before: beforeRow,
          after: afterRow,
        });
        // Last: the session-ended events hold the outbox lock until commit (server/src/auth/session-end.ts).
        if (next.actions.some((a) => a.type === 'endSessions')) await endSessionsIn(tx, eq(sessions.userId, userId));
        return after;
      },
    });
  } catch (error) {
    // The machine refuses an enable at the limit; the answer names which limit (docs/product.md §8).
    if (exceeded && error instanceof ApiError && error.status === 409) throw exceeded;
    throw error;
  }
  deps.sessions.evictUser(userId);
  if (removedSignature)
    await detachFiles(deps, caller.companyId, [removedSignature], { type: USER_SIGNATURE_FILES, id: userId });
  if (type === 'user.resendEmailVerification') await requestEmailVerification(deps, current, t);
  await notifyProvider(deps, caller.companyId, reaches, t);
}
