import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { parseRoom, type LiveEvent, type ParsedRoom } from '#domain/realtime';
import { userTopic } from '#domain/realtime-topics';
import { outbox } from '../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../http/context.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { toLiveEvent } from './outbox.ts';
import { companyEmbeddingOrigins } from '../http/embedding.ts';
import { liveSessionKey } from '../auth/session-end.ts';

/**
 * Whether a user may join a room (docs/architecture.md §5 step 4: rooms joined only after a
 * permission check). Entity rooms ('ticket:12', 'unit:3') are decided by the module that owns the
 * entity, registered with registry.entityRoom (server/src/modules.ts); a type nobody registered is refused.
 */
export async function canJoinRoom(deps: AppDeps, user: SessionUser, room: ParsedRoom): Promise<boolean> {
  switch (room.kind) {
    case 'user':
      return room.id === user.id;
    case 'company':
      return user.kind === 'staff' && room.id === user.companyId;
    case 'project':
      return user.kind === 'staff' && user.projectIds.includes(room.id);
    case 'entity': {
      const check = deps.registry.entityRoomCheck(room.type);
      return check ? check(deps, user, room.id) : false;
    }
  }
}

/**
 * Sites whose pages may open a live connection for this user besides our own: an owner uses the
 * portal inside the sites their company lets embed it; staff pages are never framed elsewhere.
 */
export async function embeddingOriginsOf(deps: AppDeps, user: SessionUser): Promise<string[]> {
  return user.kind === 'owner' ? companyEmbeddingOrigins(deps.database.db, user.companyId) : [];
}

/** What the gateway knows of a session: the user, and the live key its sockets end with. */
export const gatewayUserOf = (user: SessionUser) => ({ ...user, sessionKey: liveSessionKey(user.sessionId) });

/** The session behind a Cookie header (the gateway's handshake authentication). */
export async function userFromCookie(
  deps: AppDeps,
  cookieHeader: string | undefined,
): Promise<SessionUser | undefined> {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      return deps.sessions.resolve(decodeURIComponent(part.slice(eq + 1).trim()));
    }
  }
  return undefined;
}

/**
 * The events after `after` that belong to rooms the user holds (each re-checked), oldest first: the
 * outbox replay for a client whose connection state could not be recovered
 * (docs/architecture.md §5 step 5). complete=false means more than `limit` are missing and the
 * client should refetch instead.
 */
export async function replayEvents(
  deps: AppDeps,
  user: SessionUser,
  after: number,
  roomNames: readonly string[],
  limit: number,
): Promise<{ events: LiveEvent[]; complete: boolean }> {
  const conditions: SQL[] = [];
  const projectIds: number[] = [];
  for (const name of new Set(roomNames)) {
    const room = parseRoom(name);
    if (!room || !(await canJoinRoom(deps, user, room))) continue;
    if (room.kind === 'user') conditions.push(eq(outbox.topic, userTopic(user.companyId, user.id)));
    else if (room.kind === 'project') projectIds.push(room.id);
    else if (room.kind === 'company')
      conditions.push(and(isNull(outbox.projectId), sql`${outbox.payload}->>'userId' is null`)!);
    else
      conditions.push(
        sql`(${outbox.payload}->'entity'->>'type' = ${room.type} and ${outbox.payload}->'entity'->>'id' = ${String(room.id)} and ${outbox.payload}->>'userId' is null)`,
      );
  }
  if (projectIds.length) conditions.push(inArray(outbox.projectId, projectIds));
  if (!conditions.length) return { events: [], complete: true };
  const rows = await deps.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.companyId, user.companyId), gt(outbox.id, after), or(...conditions)))
    .orderBy(asc(outbox.id))
    .limit(limit + 1);
  return { events: rows.slice(0, limit).map(toLiveEvent), complete: rows.length <= limit };
}
