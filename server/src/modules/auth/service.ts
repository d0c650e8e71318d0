import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps, SessionUser } from '../../http/context.ts';
import { isRyr } from '#domain/permission-catalogue';
import { companies, profiles, projects, unitOwners, owners, users } from '../../db/schema/index.ts';
import { ApiError } from '../../lib/errors.ts';
import { decoyHash, verifyPassword } from '../../auth/password.ts';
import { clearFailures, lockedMinutes, loginThrottleKeys, recordFailure } from '../../auth/throttle.ts';
import { sha256 } from '../../auth/tokens.ts';
import { loadUser } from '../../auth/session.ts';

/** For deliveries: the entity type of a profile signature's file (it grants reading it to whoever sees an act it signs). */
export { USER_SIGNATURE_FILES } from './account.ts';
/** For user administration (config/users): the signature image checks and the e-mail verification link. */
export { assertOwnSignatureImage } from './account.ts';
export { requestEmailVerification } from './email-verification.ts';
export { RESET_MAX_PER_HOUR, requestPasswordReset, resetPassword } from './recovery.ts';

export async function login(
  deps: AppDeps,
  input: { username: string; password: string },
  meta: { ip: string; userAgent?: string },
) {
  const db = deps.database.db;
  const username = input.username.trim().toLowerCase();
  const [pair, address] = loginThrottleKeys(username, meta.ip);
  const minutes = await lockedMinutes(db, [pair.key, address.key]);
  if (minutes > 0) throw new ApiError(429, 'errors.too_many_attempts', { minutes });

  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(sql`lower(${users.username}) = ${username}`, isNull(users.deletedAt)));
  const ok = row
    ? await verifyPassword(row.user.passwordHash, input.password)
    : (await verifyPassword(await decoyHash(), input.password), false);
  if (!row || !ok) {
    await recordFailure(db, pair.key, pair.max);
    await recordFailure(db, address.key, address.max);
    throw new ApiError(401, 'auth.wrong_credentials');
  }
  await clearFailures(db, pair.key);
  if (row.company.isBlocked) throw new ApiError(403, 'auth.account_suspended');
  if (!row.user.isActive) throw new ApiError(403, 'errors.no_permission');
  if (!(await hasActiveProjects(deps, row.user.id, row.user.companyId, row.user.kind)))
    throw new ApiError(403, 'auth.no_projects');

  const token = await deps.sessions.create(row.user.id, row.user.companyId, meta);
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, row.user.id));
  const user = await loadUser(db, row.user.id, sha256(token));
  return { token, user: user! };
}

/** docs/product.md §8 'Sin proyectos': staff need a visible open project, owners a unit. */
async function hasActiveProjects(deps: AppDeps, userId: number, companyId: number, kind: 'staff' | 'owner') {
  const db = deps.database.db;
  if (kind === 'owner') {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(unitOwners)
      .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
      .where(eq(owners.userId, userId));
    return r.n > 0;
  }
  const user = await loadUser(db, userId, '');
  if (!user || user.projectIds.length === 0) return false;
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(
      and(
        eq(projects.companyId, companyId),
        eq(projects.isBlocked, false),
        eq(projects.isClosed, false),
        sql`${projects.id} in (${sql.join(
          user.projectIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
  return r.n > 0;
}

/**
 * The payload of GET auth/usuario (docs/product.md §3 Auth user: grupo {desc_grupo, permisos}). It is cached
 * with the session entry (evicted whenever the user, their profile or projects change), so the
 * most frequent authenticated call costs no database round trip. Callers must not mutate it.
 */
export function describeUser(deps: AppDeps, user: SessionUser) {
  return deps.sessions.memo(user, 'auth/usuario', () => loadDescription(deps, user));
}
export type UserDescription = Awaited<ReturnType<typeof loadDescription>>;

/** `{"data": describeUser(…)}` serialised once per session entry: GET auth/usuario's whole body. */
export function describeUserJson(deps: AppDeps, user: SessionUser): Promise<string> {
  return deps.sessions.memo(user, 'auth/usuario.json', async () =>
    JSON.stringify({ data: await describeUser(deps, user) }),
  );
}

async function loadDescription(deps: AppDeps, user: SessionUser) {
  const db = deps.database.db;
  // Names, e-mail and locale come from the row, not the session, so an answer right after an
  // account change (whose session object is now stale) already shows the new values.
  const [[company], [row], [profile], projectRows] = await Promise.all([
    db.select().from(companies).where(eq(companies.id, user.companyId)),
    db
      .select()
      .from(users)
      .where(and(eq(users.id, user.id), eq(users.companyId, user.companyId))),
    db
      .select({ groups: profiles.groups })
      .from(profiles)
      .where(and(eq(profiles.id, user.profileId ?? -1), eq(profiles.companyId, user.companyId))),
    user.projectIds.length
      ? db
          .select()
          .from(projects)
          .where(and(eq(projects.companyId, user.companyId), inArray(projects.id, [...user.projectIds])))
          .orderBy(projects.name)
      : Promise.resolve([]),
  ]);
  return {
    id: user.id,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    email_verified: Boolean(row.emailVerifiedAt),
    signature_path: row.signaturePath,
    signature_url: row.signaturePath ? `/api/v2/public/files/${row.signaturePath}` : null,
    signature_verified: Boolean(row.signatureVerifiedAt),
    locale: row.locale,
    kind: user.kind,
    settings: row.settings ?? {},
    grupo: {
      id: user.profileId,
      desc_grupo: user.profileName,
      permisos: Object.fromEntries([...user.permissions].map((p) => [p, true])),
    },
    is_ryr: isRyr(user.profileName, profile?.groups ?? []),
    company: { id: company.id, name: company.name, country: company.country },
    proyectos: projectRows.map(projectOption),
  };
}

export const projectOption = (p: typeof projects.$inferSelect) => ({
  id: p.id,
  name: p.name,
  address_full: [p.address, p.commune, p.city].filter(Boolean).join(', '),
  image_url: p.imagePath ? `/api/v2/public/files/${p.imagePath}` : null,
  is_closed: p.isClosed,
  is_blocked: p.isBlocked,
});

export async function logout(deps: AppDeps, user: SessionUser) {
  await deps.sessions.destroy(user.sessionId);
}
