import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { effectivePermissions, type CompanyModule } from '#domain/permission-catalogue';
import { companies, moduleStatus, profiles, projects, sessions, userProjects, users } from '../db/schema/index.ts';
import { newToken, sha256 } from './tokens.ts';
import { endSessionsIn } from './session-end.ts';
import type { SessionUser } from './session-user.ts';

export const SESSION_COOKIE = 'qa_session';
/** How often a cached session's last-seen time is written (the idle limit counts from it). */
const LAST_SEEN_EVERY_MS = 60_000;
/** Sessions kept in one process's cache before stale entries are swept out. */
const MAX_CACHED = 5000;

type Entry = {
  /** The cookie's token: the cache is keyed by it, so a hit costs no hashing. */
  token: string;
  user: SessionUser;
  loadedAt: number;
  lastSeenWrite: number;
  expiresAt: number;
  /** Values derived from the user (e.g. the GET auth/usuario payload), dropped with the entry. */
  memo?: Map<string, unknown>;
};

/**
 * Resolves session cookies to users. Loaded sessions are cached in memory for a few seconds so a
 * busy board does not pay a database round trip per request; logout and permission changes evict.
 * `onEnded` runs after sessions were ended, by logout, a password change or reset, or idle or
 * absolute expiry (wakes the outbox relay, so their sockets and MQTT clients drop at once).
 */
export type SessionCache = ReturnType<typeof createSessionCache>;

export function createSessionCache(
  db: Db,
  opts: { idleMs: number; absoluteMs: number; ttlMs?: number; onEnded?: () => void },
) {
  const ttlMs = opts.ttlMs ?? 5000;
  const cache = new Map<string, Entry>();
  const entryOf = new WeakMap<SessionUser, Entry>();
  /** Whether an entry may still be used without asking the database. */
  const fresh = (entry: Entry, now: number) => now - entry.loadedAt < ttlMs && now < entry.expiresAt;

  function remember(entry: Entry) {
    // Entries of sessions nobody uses any more (a closed browser) would pile up: past a few
    // thousand, the stale ones go before a new one is added.
    if (cache.size >= MAX_CACHED && !cache.has(entry.token)) {
      const now = Date.now();
      forget((e) => !fresh(e, now));
    }
    cache.set(entry.token, entry);
    entryOf.set(entry.user, entry);
  }

  function forget(where: (entry: Entry) => boolean) {
    for (const [token, entry] of cache) if (where(entry)) cache.delete(token);
  }

  async function create(userId: number, companyId: number, meta: { ip?: string; userAgent?: string }) {
    const token = newToken();
    const now = Date.now();
    await db.insert(sessions).values({
      id: sha256(token),
      userId,
      companyId,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
      expiresAt: new Date(now + opts.absoluteMs),
      lastSeenAt: new Date(now),
    });
    return token;
  }

  /** The user of a session this process loaded moments ago, when nothing needs the database (else resolve()). */
  function cached(token: string): SessionUser | undefined {
    const now = Date.now();
    const hit = cache.get(token);
    return hit && fresh(hit, now) && now - hit.lastSeenWrite <= LAST_SEEN_EVERY_MS ? hit.user : undefined;
  }

  async function resolve(token: string | undefined): Promise<SessionUser | undefined> {
    if (!token || token.length > 100) return undefined;
    const now = Date.now();
    const hit = cache.get(token);
    if (hit && fresh(hit, now)) {
      if (now - hit.lastSeenWrite > LAST_SEEN_EVERY_MS) {
        hit.lastSeenWrite = now;
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, hit.user.sessionId));
      }
      return hit.user;
    }
    const id = sha256(token);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
    if (!row || row.expiresAt.getTime() <= now || now - row.lastSeenAt.getTime() > opts.idleMs) {
      cache.delete(token);
      // Idle or past its absolute limit: it ends as a logout does, so its live connections close too.
      if (row) await end(eq(sessions.id, id));
      return undefined;
    }
    const user = await loadUser(db, row.userId, id);
    if (!user) return undefined;
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
    remember({ token, user, loadedAt: now, lastSeenWrite: now, expiresAt: row.expiresAt.getTime() });
    return user;
  }

  /** Deletes the sessions `where` selects with their session-ended events (session-end.ts), then wakes the relay. */
  async function end(where: SQL) {
    await db.transaction((tx) => endSessionsIn(tx, where));
    opts.onEnded?.();
  }

  /** Logout. Its live sockets and MQTT clients are dropped too. */
  async function destroy(sessionId: string) {
    forget((entry) => entry.user.sessionId === sessionId);
    await end(eq(sessions.id, sessionId));
  }

  /** Ends every session of a user except `keepSessionId` (password change, reset, disabling a user). */
  async function endUserSessions(userId: number, keepSessionId?: string) {
    await end(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))! : eq(sessions.userId, userId),
    );
    evictUser(userId);
  }

  /** Forget cached sessions of a user (after a permission, project, profile or password change). */
  function evictUser(userId: number) {
    forget((entry) => entry.user.id === userId);
  }

  /**
   * Caches a value derived from a resolved session for as long as the session entry lives, so hot
   * reads (GET auth/usuario) cost no database round trip; evictUser/destroy/ttl drop it too.
   * A user object not from the cache (fresh login) is computed uncached.
   */
  async function memo<T>(user: SessionUser, key: string, load: () => Promise<T>): Promise<T> {
    const entry = entryOf.get(user);
    if (!entry || cache.get(entry.token) !== entry) return load();
    if (entry.memo?.has(key)) return entry.memo.get(key) as T;
    const value = await load();
    // Only keep it when no eviction happened while loading, so a change is never masked.
    if (cache.get(entry.token) === entry) (entry.memo ??= new Map()).set(key, value);
    return value;
  }

  return { create, cached, resolve, destroy, endUserSessions, evictUser, memo, clear: () => cache.clear() };
}

export async function loadUser(db: Db, userId: number, sessionId: string): Promise<SessionUser | undefined> {
  // A disabled or deleted user, or a suspended company (docs/product.md §8 'Cuenta suspendida'), has no session.
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(
      and(eq(users.id, userId), eq(users.isActive, true), isNull(users.deletedAt), eq(companies.isBlocked, false)),
    );
  if (!row) return undefined;
  const permissions = row.profile
    ? effectivePermissions(row.profile, await switchedOffModules(db, row.user.companyId))
    : new Set<string>();
  const projectIds = await visibleProjectIds(
    db,
    row.user.companyId,
    userId,
    permissions.has('todos_los_proyectos') || row.user.allProjects,
  );
  return {
    id: row.user.id,
    companyId: row.user.companyId,
    kind: row.user.kind,
    username: row.user.username,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    email: row.user.email,
    locale: row.user.locale,
    profileId: row.user.profileId,
    profileName: row.profile?.name ?? '',
    permissions,
    projectIds,
    sessionId,
  };
}

/** Modules an administrator switched off for the whole company (docs/product.md §6; never configured is not off). */
async function switchedOffModules(db: Db, companyId: number): Promise<CompanyModule[]> {
  const rows = await db
    .select({ module: moduleStatus.module })
    .from(moduleStatus)
    .where(and(eq(moduleStatus.companyId, companyId), eq(moduleStatus.status, 'inactivo')));
  return rows.map((r) => r.module as CompanyModule);
}

async function visibleProjectIds(db: Db, companyId: number, userId: number, all: boolean): Promise<number[]> {
  if (all) {
    const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.companyId, companyId));
    return rows.map((r) => r.id);
  }
  const rows = await db
    .select({ id: userProjects.projectId })
    .from(userProjects)
    .where(and(eq(userProjects.userId, userId), eq(userProjects.companyId, companyId)));
  return rows.map((r) => r.id);
}
