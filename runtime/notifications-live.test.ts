import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, LiveEvent, ServerToClientEvents } from '#domain/realtime';
import { notifications, users } from '../server/src/db/schema/index.ts';
import { recordEvent, transactionWithEvents, type DomainEvent } from '../server/src/events/outbox.ts';
import { createRealtimeTestContext, type RealtimeTestContext } from './test-support.ts';

// The live half of notifications (docs/decisions.md, Realtime): the consumer's notification.created
// event travels relay → broker → gateway to the recipient's user room. The consumer alone is tested
// in server/src/modules/notifications/notifications.test.ts.
let ctx: RealtimeTestContext;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};

async function emit(event: Partial<DomainEvent> & { type: string }) {
  const id = await transactionWithEvents(ctx.deps, (tx) =>
    recordEvent(tx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[0], ...event }),
  );
  await ctx.realtime.events.consumer('notifications').idle();
  return id;
}

beforeAll(async () => {
  ctx = await createRealtimeTestContext();
  for (const u of await ctx.db.select().from(users).where(eq(users.companyId, ctx.seed.companyId)))
    ids[u.username] = u.id;
  for (const who of ['admin', 'agente', 'supervisor']) cookies[who] = await ctx.login(who);
});
afterAll(async () => ctx?.close());

describe('notifications pushed live (docs/product.md#notifications)', () => {
  it("pushes each new notification live to the recipient's user room, and only to them", async () => {
    const open = (cookie: string) => {
      const s: Socket<ServerToClientEvents, ClientToServerEvents> = connect(ctx.baseUrl, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { cookie },
      });
      const got: LiveEvent[] = [];
      s.on('event', (e) => got.push(e));
      return { s, got, ready: new Promise<void>((r) => s.once('connect', () => r())) };
    };
    const agente = open(cookies.agente);
    const supervisor = open(cookies.supervisor);
    await Promise.all([agente.ready, supervisor.ready]);
    await emit({ type: 'order.scheduled', actorId: ids.admin, notify: [ids.agente], data: { ref: 'OI-12' } });
    const [n] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.agente), eq(notifications.type, 'order.scheduled')));
    // Events of earlier tests may still be in flight when these sockets connect: match this one.
    const isThis = (e: LiveEvent) =>
      e.type === 'notification.created' && (e.data as { notificationId?: number }).notificationId === n.id;
    const end = Date.now() + 10_000;
    while (!agente.got.some(isThis) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(agente.got.find(isThis)).toMatchObject({
      userId: ids.agente,
      data: { notificationId: n.id, type: 'order.scheduled' },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(supervisor.got.filter(isThis)).toHaveLength(0);
    expect(supervisor.got.filter((e) => e.type === 'notification.created' && e.userId !== ids.supervisor)).toHaveLength(
      0,
    );
    agente.s.disconnect();
    supervisor.s.disconnect();
  });
});
