import { and, eq, isNull } from 'drizzle-orm';
import { PERMISSIONS_CHANGED_EVENT } from '#domain/realtime';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { recordEvent } from '../../../events/outbox.ts';
import type { AppDeps } from '../../../http/context.ts';

/** The users whose permissions a profile gives (deleted users hold no session). */
export async function usersOfProfile(db: DbOrTx, companyId: number, profileId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.profileId, profileId), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

/**
 * Tells each user of a changed profile (their own room, domain/realtime.ts PERMISSIONS_CHANGED_EVENT), so their
 * open tabs refetch who they are. Call it last in the transaction (recordEvent holds the outbox lock).
 */
export async function announceProfileChange(
  tx: Tx,
  companyId: number,
  actorId: number,
  profileId: number,
  userIds: readonly number[],
) {
  for (const userId of userIds)
    await recordEvent(tx, {
      type: PERMISSIONS_CHANGED_EVENT,
      companyId,
      userId,
      actorId,
      entity: { type: 'profile', id: profileId },
    });
}

/** Tells every staff tab of the company (its room): a module switch changes what every profile gives. */
export async function announceModuleSwitch(
  tx: Tx,
  companyId: number,
  actorId: number | null,
  data: { modulo: string; enabled: boolean },
) {
  await recordEvent(tx, { type: PERMISSIONS_CHANGED_EVENT, companyId, actorId, data });
}

/** After the commit: this process's cached sessions of those users are loaded again on their next request. */
export function forgetSessions(deps: AppDeps, userIds: readonly number[]) {
  for (const id of userIds) deps.sessions.evictUser(id);
}

export async function usersOfCompany(db: DbOrTx, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}
