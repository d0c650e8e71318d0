import { and, eq, sql } from 'drizzle-orm';
import { ACCOUNT_SETTINGS_MAX_KEYS, type UpdateAccountInput } from '#domain/schemas/account';
import type { Locale } from '#domain/limits';
import type { AppDeps, SessionUser } from '../../http/context.ts';
import { files, users } from '../../db/schema/index.ts';
import { ApiError, notFound, unprocessable } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { clearFailures, lockedMinutes, loginThrottleKeys, recordFailure } from '../../auth/throttle.ts';
import { attachFiles, confirmUpload, detachFiles } from '../files/service.ts';
import { voidResetLinks } from './recovery.ts';

/** The caller's own row, always scoped to their company (docs/architecture.md §4). */
const own = (user: SessionUser) => and(eq(users.id, user.id), eq(users.companyId, user.companyId));

/** PUT auth/usuario. A new e-mail address is unverified until its link is opened (docs/product.md §1). */
export async function updateAccount(deps: AppDeps, user: SessionUser, input: UpdateAccountInput) {
  const db = deps.database.db;
  const [row] = await db.select({ email: users.email, settings: users.settings }).from(users).where(own(user));
  if (!row) throw notFound();
  const emailChanged = (row.email ?? '').toLowerCase() !== input.email.toLowerCase();
  const settings = input.settings ? mergeSettings(row.settings, input.settings) : row.settings;
  await db
    .update(users)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      settings,
      updatedAt: new Date(),
      ...(emailChanged ? { emailVerifiedAt: null } : {}),
    })
    .where(own(user));
  deps.sessions.evictUser(user.id);
  return { emailChanged };
}

/** Settings are merged key by key (a form may send only what it shows); null removes a key. */
function mergeSettings(current: Record<string, unknown>, patch: Record<string, unknown>) {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > ACCOUNT_SETTINGS_MAX_KEYS) {
    throw unprocessable([
      { field: 'settings', key: 'validation.max_items', params: { max: ACCOUNT_SETTINGS_MAX_KEYS } },
    ]);
  }
  return next;
}

/**
 * PUT auth/password. A wrong current password is a 422 on current_password and counts as a failed
 * login for the username from that address, so a stolen session cannot be used to guess the password.
 * On success every other session of the user ends (the current one stays) and no reset link works any more.
 */
export async function changePassword(
  deps: AppDeps,
  user: SessionUser,
  input: { current_password: string; password: string },
  clientAddress: string,
) {
  const db = deps.database.db;
  const [pair, address] = loginThrottleKeys(user.username, clientAddress);
  const minutes = await lockedMinutes(db, [pair.key, address.key]);
  if (minutes > 0) throw new ApiError(429, 'errors.too_many_attempts', { minutes });
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(own(user));
  if (!row) throw notFound();
  if (!(await verifyPassword(row.passwordHash, input.current_password))) {
    await recordFailure(db, pair.key, pair.max);
    await recordFailure(db, address.key, address.max);
    throw unprocessable([{ field: 'current_password', key: 'account.wrong_current_password' }]);
  }
  if (input.password === input.current_password)
    throw unprocessable([{ field: 'password', key: 'account.password_unchanged' }]);
  await clearFailures(db, pair.key);
  const passwordHash = await hashPassword(input.password);
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(own(user));
  await voidResetLinks(db, user.id);
  await deps.sessions.endUserSessions(user.id, user.sessionId);
}

/** PUT auth/locale: the language the app opens in for this user (docs/product.md §1 languages). */
export async function updateLocale(deps: AppDeps, user: SessionUser, locale: Locale) {
  await deps.database.db.update(users).set({ locale, updatedAt: new Date() }).where(own(user));
  deps.sessions.evictUser(user.id);
}

/** Entity type of a profile signature's file; deliveries lets staff who see an act it signs read it. */
export const USER_SIGNATURE_FILES = 'user_signature';

/**
 * PUT auth/firma: the caller's own upload, made through the image picker (context 'image', .png or
 * .jpg). Any other path — never uploaded, another company's, or another user's (a signature read
 * off a delivery act) — is a 404, never a way to sign as someone else; an own upload of another
 * kind is a 422 on the field. The file is then linked to the user, so it follows their signature's
 * visibility (files/access.ts). A new signature must be verified again (docs/product.md §4 User: signature
 * verified or not).
 */
export async function updateSignature(deps: AppDeps, user: SessionUser, path: string | null) {
  if (path !== null) await assertOwnSignatureImage(deps, user, path);
  const db = deps.database.db;
  const [before] = await db.select({ path: users.signaturePath }).from(users).where(own(user));
  await db
    .update(users)
    .set({ signaturePath: path, signatureVerifiedAt: null, updatedAt: new Date() })
    .where(and(own(user), sql`${users.signaturePath} is distinct from ${path}`));
  const entity = { type: USER_SIGNATURE_FILES, id: user.id };
  if (before?.path && before.path !== path) await detachFiles(deps, user.companyId, [before.path], entity);
  if (path) await attachFiles(deps, user.companyId, [path], entity);
  deps.sessions.evictUser(user.id);
}

const SIGNATURE_EXTENSIONS = ['png', 'jpg', 'jpeg'];

export async function assertOwnSignatureImage(deps: AppDeps, user: SessionUser, path: string) {
  const [row] = await deps.database.db
    .select({ context: files.context, extension: files.extension })
    .from(files)
    .where(and(eq(files.path, path), eq(files.companyId, user.companyId), eq(files.uploadedBy, user.id)));
  if (!row) throw notFound();
  if (row.context !== 'image' || !SIGNATURE_EXTENSIONS.includes(row.extension))
    throw unprocessable([{ field: 'path', key: 'validation.invalid' }]);
  // The bytes must be in (on S3 the first look verifies the direct upload); a rejected one is a 404.
  await confirmUpload(deps, user, path);
}
