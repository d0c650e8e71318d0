/**
 * The load bench's Socket.IO clients: staff sessions, as the web client connects (cookie at the
 * handshake, websocket transport), each joined to one project room with the gateway's own check
 * (realtime/gateway.ts). They count what they receive, so it can be set against what the outbox
 * published and the rooms each event was for (roomsOfEvent in domain/realtime.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { rooms, type LiveEvent } from '#domain/realtime';
import { users } from '../../server/src/db/schema/index.ts';
import type { TestContext } from '../../server/src/test-support.ts';

const LAG_SAMPLE = 50_000;

type Member = { userId: number; projectId: number | undefined };

export async function connectFleet(
  ctx: TestContext,
  origin: string,
  count: number,
  opts: { perSession?: number } = {},
) {
  const { db, deps, seed } = ctx;
  const staff = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, seed.companyId), inArray(users.username, ['admin', 'supervisor', 'gerente'])));
  // Several tabs share a session, as in a browser: one session per `perSession` sockets.
  const perSession = opts.perSession ?? 10;
  const sessions: { cookie: string; userId: number }[] = [];
  for (let i = 0; i < Math.ceil(count / perSession); i++) {
    const user = staff[i % staff.length];
    sessions.push({
      cookie: `qa_session=${await deps.sessions.create(user.id, seed.companyId, { userAgent: `load-socket-${i}` })}`,
      userId: user.id,
    });
  }

  const sockets: Socket[] = [];
  const members: Member[] = [];
  let deliveries = 0;
  const receiptsById = new Map<number, number>();
  // A uniform sample of commit → receipt delays (reservoir): a long run delivers millions.
  const lagMs: number[] = [];
  let fromId = Infinity;
  const onEvent = (e: LiveEvent) => {
    if (e.id <= fromId) return;
    deliveries++;
    receiptsById.set(e.id, (receiptsById.get(e.id) ?? 0) + 1);
    const lag = Date.now() - Date.parse(e.at);
    if (lagMs.length < LAG_SAMPLE) lagMs.push(lag);
    else if (Math.random() < LAG_SAMPLE / deliveries) lagMs[Math.floor(Math.random() * LAG_SAMPLE)] = lag;
  };
  // In waves, so the handshakes (each a session lookup) do not all land at once.
  for (let start = 0; start < count; start += 100) {
    const wave = Array.from({ length: Math.min(100, count - start) }, (_, k) => {
      const session = sessions[Math.floor((start + k) / perSession)];
      return connect(origin, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        timeout: 60_000,
        extraHeaders: { cookie: session.cookie },
      });
    });
    await Promise.all(
      wave.map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            s.once('connect', () => resolve());
            s.once('connect_error', reject);
          }),
      ),
    );
    await Promise.all(
      wave.map(async (s, k) => {
        const i = start + k;
        const projectId = seed.projectIds[i % seed.projectIds.length];
        const joined = (await s.timeout(60_000).emitWithAck('join', rooms.project(projectId))) as { ok: boolean };
        members.push({
          userId: sessions[Math.floor(i / perSession)].userId,
          projectId: joined.ok ? projectId : undefined,
        });
        s.on('event', onEvent);
      }),
    );
    sockets.push(...wave);
  }

  return {
    sockets,
    /** Counts only events after this outbox id (those of the measured run, not of the set-up). */
    countFrom(id: number) {
      fromId = id;
    },
    get deliveries() {
      return deliveries;
    },
    get distinct() {
      return receiptsById.size;
    },
    lagMs,
    /**
     * How many sockets should receive these events. Every socket is in its user's room, the
     * company's (all are staff there) and the project it joined; roomsOfEvent sends an event to
     * its user, else to its project, else to the company (entity rooms have no member here).
     */
    expectedDeliveries(events: LiveEvent[]): number {
      const byUser = new Map<number, number>();
      const byProject = new Map<number, number>();
      for (const m of members) {
        byUser.set(m.userId, (byUser.get(m.userId) ?? 0) + 1);
        if (m.projectId !== undefined) byProject.set(m.projectId, (byProject.get(m.projectId) ?? 0) + 1);
      }
      let total = 0;
      for (const e of events) {
        total +=
          e.userId !== null
            ? (byUser.get(e.userId) ?? 0)
            : e.projectId !== null
              ? (byProject.get(e.projectId) ?? 0)
              : members.length;
      }
      return total;
    },
    joinedRooms: () => members.filter((m) => m.projectId !== undefined).length,
    close() {
      for (const s of sockets) s.disconnect();
    },
  };
}
export type Fleet = Awaited<ReturnType<typeof connectFleet>>;
