import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { SESSION_ENDED_EVENT } from '#domain/realtime';
import type { DbOrTx, Tx } from '../db/client.ts';
import { companies, sessions, users } from '../db/schema/index.ts';
import { recordEvent } from '../events/outbox.ts';
import { sha256 } from './tokens.ts';

/**
 * The public name of a session for the live side (Socket.IO sockets, MQTT credentials): derived
 * from the stored id, which is itself the token's hash, so it opens nothing and can travel in
 * events and in MQTT passwords.
 */
export const liveSessionKey = (sessionId: string) => sha256(`live:${sessionId}`).slice(0, 32);

/**
 * Deletes the sessions `where` selects and, in the same transaction, writes one session-ended event
 * per session to its user's topic (docs/architecture.md §5), so every gateway drops that session's sockets and
 * the broker its MQTT clients, whichever process they run in.
 */
export async function endSessionsIn(tx: Tx, where: SQL | undefined) {
  const ended = await tx
    .delete(sessions)
    .where(where)
    .returning({ id: sessions.id, userId: sessions.userId, companyId: sessions.companyId });
  for (const s of ended) {
    await recordEvent(tx, {
      type: SESSION_ENDED_EVENT,
      companyId: s.companyId,
      userId: s.userId,
      data: { session: liveSessionKey(s.id) },
    });
  }
  return ended;
}

/**
 * Whether the session behind a live key is still open: not expired nor idle, its user active and
 * not deleted, its company not blocked (the checks of a request, without loading the user).
 */
export async function isLiveSessionOpen(db: DbOrTx, userId: number, key: string, idleMs: number): Promise<boolean> {
  const now = Date.now();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - idleMs)),
        eq(users.isActive, true),
        isNull(users.deletedAt),
        eq(companies.isBlocked, false),
      ),
    );
  return rows.some((r) => liveSessionKey(r.id) === key);
}
