import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../http/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResets, sessions, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Translate } from '../../lib/i18n.ts';
import { hashPassword } from '../../auth/password.ts';
import { newToken, sha256 } from '../../auth/tokens.ts';
import { endSessionsIn } from '../../auth/session-end.ts';

const RESET_TTL_MINUTES = 30;
export const RESET_MAX_PER_HOUR = 5;

/**
 * Recovery by username (docs/product.md §2 auth). The route answers the same before this runs, so neither the
 * answer nor its timing reveals who exists.
 */
export async function requestPasswordReset(deps: AppDeps, username: string, t: Translate) {
  const db = deps.database.db;
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${username.trim().toLowerCase()}`,
        isNull(users.deletedAt),
        eq(users.isActive, true),
      ),
    );
  if (!user?.email) return;
  // A few links an hour per user; beyond that the same answer and no mail (no mail bombing).
  const [{ recent }] = await db
    .select({ recent: sql<number>`count(*)::int` })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(Date.now() - 3_600_000))));
  if (recent >= RESET_MAX_PER_HOUR) {
    deps.log.warn('password reset limit reached', { userId: user.id });
    return;
  }
  const token = newToken();
  await db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MINUTES * 60_000),
  });
  // Owners come back to the owner portal's sign-in afterwards, staff to the staff login.
  const url = `${deps.config.publicUrl}/auth/reset?token=${token}${user.kind === 'owner' ? '&portal=1' : ''}`;
  await deps.mailer.send({
    to: user.email,
    companyId: user.companyId,
    subject: t('auth.reset_mail_subject'),
    text: t('auth.reset_mail_body', { name: user.firstName, url, minutes: RESET_TTL_MINUTES }),
  });
}

/** Every reset link a user still holds stops working (after a reset or a password change). */
export async function voidResetLinks(db: DbOrTx, userId: number) {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function resetPassword(deps: AppDeps, token: string, password: string) {
  const db = deps.database.db;
  const hash = sha256(token);
  const newHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!reset)
      throw new ApiError(422, 'auth.reset_invalid', undefined, [{ field: 'token', key: 'auth.reset_invalid' }]);
    await tx.update(users).set({ passwordHash: newHash, updatedAt: new Date() }).where(eq(users.id, reset.userId));
    await voidResetLinks(tx, reset.userId);
    // Last: it writes the session-ended events, which hold the outbox lock until commit.
    await endSessionsIn(tx, eq(sessions.userId, reset.userId));
    return reset.userId;
  });
  deps.sessions.evictUser(userId);
  deps.wakeOutbox?.();
}
