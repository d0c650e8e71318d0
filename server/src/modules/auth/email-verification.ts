import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDeps, SessionUser } from '../../http/context.ts';
import { emailVerifications, users } from '../../db/schema/index.ts';
import { ApiError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import type { Translate } from '../../lib/i18n.ts';
import { newToken, sha256 } from '../../auth/tokens.ts';

export const VERIFY_TTL_HOURS = 24;
/** Links a user may ask for per hour: enough for typos, too few to use us as a mail cannon. */
export const VERIFY_MAX_PER_HOUR = 5;

/**
 * POST auth/email/verify-request: mails a single-use link to the user's current address
 * (docs/product.md §1 e-mail verification). Older pending links stop working. User administration sends it for
 * another user of the company (config/users: on create, on a new address, on the admin's resend).
 */
export async function requestEmailVerification(
  deps: AppDeps,
  user: Pick<SessionUser, 'id' | 'companyId'>,
  t: Translate,
) {
  const db = deps.database.db;
  const [row] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, user.id), eq(users.companyId, user.companyId)));
  if (!row) throw notFound();
  if (!row.email) throw unprocessable([{ field: 'email', key: 'validation.required' }]);
  if (row.verifiedAt) throw conflict('account.email_already_verified');

  const now = new Date();
  const [{ recent }] = await db
    .select({ recent: sql<number>`count(*)::int` })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.companyId, user.companyId),
        eq(emailVerifications.userId, user.id),
        gt(emailVerifications.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  if (recent >= VERIFY_MAX_PER_HOUR) throw new ApiError(429, 'account.verify_too_many');

  const token = newToken();
  await db.transaction(async (tx) => {
    // Superseded links expire now; the rows stay so the hourly count above still sees them.
    await tx
      .update(emailVerifications)
      .set({ expiresAt: now })
      .where(
        and(
          eq(emailVerifications.userId, user.id),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      );
    await tx.insert(emailVerifications).values({
      companyId: user.companyId,
      userId: user.id,
      email: row.email!,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + VERIFY_TTL_HOURS * 3_600_000),
    });
  });
  const url = `${deps.config.publicUrl}/api/v2/public/api/auth/email/verify?token=${token}`;
  await deps.mailer.send({
    to: row.email,
    companyId: user.companyId,
    subject: t('account.verify_mail_subject'),
    text: t('account.verify_mail_body', { name: row.firstName, url, hours: VERIFY_TTL_HOURS }),
  });
  return { email: row.email };
}

/**
 * GET/POST auth/email/verify: consumes a link. It works once, before it expires, and only while
 * the address it was sent to is still the user's e-mail. No session needed: the token is the proof.
 */
export async function confirmEmail(deps: AppDeps, token: string): Promise<{ userId: number }> {
  const db = deps.database.db;
  const now = new Date();
  const userId = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.tokenHash, sha256(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning();
    if (!link) throw invalidLink();
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(
        and(
          eq(users.id, link.userId),
          eq(users.companyId, link.companyId),
          sql`lower(${users.email}) = lower(${link.email})`,
        ),
      )
      .returning({ id: users.id });
    if (!user) throw invalidLink();
    return user.id;
  });
  deps.sessions.evictUser(userId);
  return { userId };
}

const invalidLink = () =>
  new ApiError(422, 'account.verify_invalid', undefined, [{ field: 'token', key: 'account.verify_invalid' }]);
