import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authThrottle } from '../db/schema/index.ts';

/**
 * Failed-login throttling per username from one address, and per address (docs/decisions.md,
 * Throttling). A username alone is not a key: anyone could then lock any account for everyone.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxPerUsernameAndAddress: 5,
  maxPerAddress: 30,
};

export type ThrottleKey = { key: string; max: number };

/** The counters a sign-in attempt (or a current-password check) of `username` from `address` moves. */
export function loginThrottleKeys(username: string, address: string): [pair: ThrottleKey, address: ThrottleKey] {
  // An address has no spaces, so "<address> <username>" cannot collide with another pair.
  return [
    { key: `ua:${address} ${username.trim().toLowerCase()}`, max: THROTTLE.maxPerUsernameAndAddress },
    { key: `ip:${address}`, max: THROTTLE.maxPerAddress },
  ];
}

export async function lockedMinutes(db: Db, keys: string[]): Promise<number> {
  let worst = 0;
  for (const key of keys) {
    const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key));
    const left = row?.lockedUntil ? row.lockedUntil.getTime() - Date.now() : 0;
    worst = Math.max(worst, left);
  }
  return worst > 0 ? Math.ceil(worst / 60_000) : 0;
}

export async function recordFailure(db: Db, key: string, max: number): Promise<void> {
  const windowStart = new Date(Date.now() - THROTTLE.windowMs);
  const lockUntil = new Date(Date.now() + THROTTLE.lockMs);
  await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStart: new Date() })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${authThrottle.windowStart} < ${windowStart} then 1 else ${authThrottle.failures} + 1 end`,
        windowStart: sql`case when ${authThrottle.windowStart} < ${windowStart} then now() else ${authThrottle.windowStart} end`,
      },
    });
  await db
    .update(authThrottle)
    .set({ lockedUntil: lockUntil })
    .where(sql`${authThrottle.key} = ${key} and ${authThrottle.failures} >= ${max}`);
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
