import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { SESSION_ENDED_EVENT } from '#domain/realtime';
import { outbox, sessions } from '../db/schema/index.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { liveSessionKey } from './session-end.ts';
import { sha256 } from './tokens.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});

/** A fresh session of `username`: its token and its stored id. */
async function signIn(username: string) {
  const token = (await ctx.login(username)).split('=')[1];
  return { token, id: sha256(token) };
}

async function endedEventsAfter(lastId: number) {
  return ctx.db
    .select()
    .from(outbox)
    .where(and(gt(outbox.id, lastId), eq(outbox.type, SESSION_ENDED_EVENT)));
}
const lastOutboxId = async () =>
  (await ctx.db.select({ id: outbox.id }).from(outbox)).reduce((max, r) => Math.max(max, r.id), 0);

describe('a session that expires ends like any other (docs/architecture.md §5: its live connections close)', () => {
  it.each([
    ['idle', (now: number) => ({ lastSeenAt: new Date(now - ctx.deps.config.sessionIdleMs - 1000) })],
    ['absolute', (now: number) => ({ expiresAt: new Date(now - 1000) })],
  ] as const)(
    '%s expiry deletes the session and records session.ended for its user, waking the relay',
    async (_, aged) => {
      const session = await signIn('agente');
      const user = await ctx.deps.sessions.resolve(session.token);
      expect(user?.username).toBe('agente');
      await ctx.db.update(sessions).set(aged(Date.now())).where(eq(sessions.id, session.id));
      ctx.deps.sessions.evictUser(user!.id);
      const before = await lastOutboxId();
      const wake = vi.fn();
      ctx.deps.wakeOutbox = wake;
      try {
        expect(await ctx.deps.sessions.resolve(session.token)).toBeUndefined();
      } finally {
        ctx.deps.wakeOutbox = undefined;
      }
      expect(await ctx.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
      const ended = await endedEventsAfter(before);
      expect(ended).toHaveLength(1);
      expect(ended[0]).toMatchObject({ companyId: user!.companyId });
      expect(ended[0].payload).toMatchObject({ userId: user!.id, data: { session: liveSessionKey(session.id) } });
      expect(wake).toHaveBeenCalled();
      // Asked again, the session is simply unknown: no second event.
      expect(await ctx.deps.sessions.resolve(session.token)).toBeUndefined();
      expect(await endedEventsAfter(before)).toHaveLength(1);
    },
  );

  it('an open session is untouched and records nothing', async () => {
    const session = await signIn('agente');
    const before = await lastOutboxId();
    expect((await ctx.deps.sessions.resolve(session.token))?.username).toBe('agente');
    expect(await endedEventsAfter(before)).toEqual([]);
  });
});

describe('the session cache (a hit costs no query; logout, eviction and ending a user drop it at once)', () => {
  it('serves a loaded session synchronously until it is evicted', async () => {
    const session = await signIn('agente');
    expect(ctx.deps.sessions.cached(session.token)).toBeUndefined(); // never resolved in this process yet
    const user = await ctx.deps.sessions.resolve(session.token);
    expect(ctx.deps.sessions.cached(session.token)).toBe(user);
    ctx.deps.sessions.evictUser(user!.id);
    expect(ctx.deps.sessions.cached(session.token)).toBeUndefined();
    expect((await ctx.deps.sessions.resolve(session.token))?.id).toBe(user!.id);
  });

  it('logout forgets the session by its stored id, and the token no longer resolves', async () => {
    const session = await signIn('agente');
    await ctx.deps.sessions.resolve(session.token);
    await ctx.deps.sessions.destroy(session.id);
    expect(ctx.deps.sessions.cached(session.token)).toBeUndefined();
    expect(await ctx.deps.sessions.resolve(session.token)).toBeUndefined();
  });

  it("ending a user's other sessions keeps the current one cached and drops the rest", async () => {
    const [kept, other] = [await signIn('agente'), await signIn('agente')];
    const user = await ctx.deps.sessions.resolve(kept.token);
    await ctx.deps.sessions.resolve(other.token);
    await ctx.deps.sessions.endUserSessions(user!.id, kept.id);
    expect(await ctx.deps.sessions.resolve(other.token)).toBeUndefined();
    expect((await ctx.deps.sessions.resolve(kept.token))?.id).toBe(user!.id);
  });

  it('a value memoised for a session is dropped with it', async () => {
    const session = await signIn('agente');
    const user = (await ctx.deps.sessions.resolve(session.token))!;
    const load = vi.fn(async () => 'payload');
    await ctx.deps.sessions.memo(user, 'k', load);
    await ctx.deps.sessions.memo(user, 'k', load);
    expect(load).toHaveBeenCalledTimes(1);
    ctx.deps.sessions.evictUser(user.id);
    const again = (await ctx.deps.sessions.resolve(session.token))!;
    await ctx.deps.sessions.memo(again, 'k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
