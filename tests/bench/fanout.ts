/**
 * Fan-out benchmark (docs/architecture.md §7): N socket.io clients in R rooms on loopback. For the app's path
 * (commit → outbox relay → gateway → room; the relay hands each event to the gateway of its own process and
 * publishes it to the MQTT broker for the others, docs/decisions.md D-291) it measures the time from the commit to
 * each client's receipt; beside it, in the same run and process, a bare Socket.IO server
 * broadcasting the same payload to the same number of clients and rooms. The ratio of the two is
 * the figure that matters: what the durable path costs over a plain broadcast.
 *
 *   npm run bench -- fanout [--clients 1000] [--rooms 50] [--events 200] [--gap 20]
 *
 * DATABASE_URL and MQTT_URL select PostgreSQL and an external broker, as in the test suites. With
 * the default embedded PGlite the database runs in this same thread as the broker and the gateway,
 * so its queries show up in the latency; PostgreSQL runs beside it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { and, eq, inArray } from 'drizzle-orm';
import type { LiveEvent } from '#domain/realtime';
import { tickets, users } from '../../server/src/db/schema/index.ts';
import { recordEvent, transactionWithEvents } from '../../server/src/events/outbox.ts';
import { startFaultApp } from '../fault/fault-support.ts';
import { intOption, summary } from './support/figures.ts';

type Options = { clients: number; rooms: number; events: number; gapMs: number; timeoutMs: number };

function parse(args: string[]): Options {
  const get = (name: string, def: number, max: number) => intOption(args, name, def, 1, max);
  // Bounded: a bench must not take the machine (2 cores shared with others) for long.
  return {
    clients: get('clients', 1000, 2000),
    rooms: get('rooms', 50, 200),
    events: get('events', 200, 2000),
    gapMs: get('gap', 20, 1000),
    timeoutMs: 300_000,
  };
}

const ms = (v: number) => `${v.toFixed(2)} ms`;

async function connectAll(
  url: string,
  n: number,
  optsFor: (i: number) => Parameters<typeof connect>[1],
): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // In waves, so the handshakes (each a session lookup) do not all land at once.
  for (let start = 0; start < n; start += 100) {
    const wave = Array.from({ length: Math.min(100, n - start) }, (_, k) =>
      connect(url, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        timeout: 60_000,
        ...optsFor(start + k),
      }),
    );
    await Promise.all(
      wave.map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            s.once('connect', () => resolve());
            s.once('connect_error', reject);
          }),
      ),
    );
    sockets.push(...wave);
  }
  return sockets;
}

async function waitFor(check: () => boolean, deadline: number, what: string) {
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The app's path: commit to receipt through relay, broker and gateway. */
async function measureApp(o: Options, deadline: number) {
  const app = await startFaultApp();
  try {
    const { db, deps, seed } = app.ctx;
    const [admin] = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, seed.companyId), eq(users.username, 'admin')));
    const roomTickets = await db
      .select({ id: tickets.id, projectId: tickets.projectId })
      .from(tickets)
      .where(and(eq(tickets.companyId, seed.companyId), inArray(tickets.projectId, seed.projectIds)))
      .limit(o.rooms);
    if (roomTickets.length < o.rooms) throw new Error(`only ${roomTickets.length} tickets for ${o.rooms} rooms`);
    // One session per room, shared by its clients (as tabs of one browser would): handshakes hit
    // the session cache the way a busy board does, instead of 1000 cold lookups.
    const cookies: string[] = [];
    for (let i = 0; i < o.rooms; i++)
      cookies.push(`qa_session=${await deps.sessions.create(admin.id, seed.companyId, { userAgent: 'bench' })}`);

    const received: number[] = [];
    const sentAt = new Map<number, number>();
    const sockets = await connectAll(app.baseUrl, o.clients, (i) => ({
      extraHeaders: { cookie: cookies[i % o.rooms] },
    }));
    for (const s of sockets)
      s.on('event', (e: LiveEvent) => {
        const t0 = sentAt.get(e.id);
        if (t0 !== undefined) received.push(performance.now() - t0);
      });
    // Each join is checked by the gateway (the ticket's project against the session); wait for every ack.
    const joins = await Promise.all(
      sockets.map(
        (s, i) =>
          s.timeout(60_000).emitWithAck('join', `ticket:${roomTickets[i % o.rooms].id}`) as Promise<{ ok: boolean }>,
      ),
    );
    if (!joins.every((j) => j.ok)) throw new Error('a room join was refused');

    for (let i = 0; i < o.events; i++) {
      const t = roomTickets[i % o.rooms];
      const id = await transactionWithEvents(deps, (tx) =>
        recordEvent(tx, {
          type: 'ticket.state_changed',
          companyId: seed.companyId,
          projectId: t.projectId,
          entity: { type: 'ticket', id: t.id },
          data: { i, pad: 'x'.repeat(200) },
        }),
      );
      sentAt.set(id, performance.now()); // committed
      await new Promise((r) => setTimeout(r, o.gapMs));
    }
    const expected = o.events * (o.clients / o.rooms);
    await waitFor(
      () => received.length >= expected,
      Math.min(deadline, Date.now() + 60_000),
      `app receipts (${received.length}/${expected})`,
    );
    sockets.forEach((s) => s.disconnect());
    return { ...summary(received), broker: app.broker.kind, database: deps.database.kind };
  } finally {
    await app.close();
  }
}

/** The baseline: a bare Socket.IO server broadcasting to the same shape of rooms. */
async function measureBare(o: Options, deadline: number) {
  const server = http.createServer();
  const io = new Server(server);
  io.on('connection', (s) => {
    void s.join(String(s.handshake.auth.room));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const received: number[] = [];
    const sockets = await connectAll(url, o.clients, (i) => ({ auth: { room: `ticket:${i % o.rooms}` } }));
    for (const s of sockets) s.on('event', (e: { t0: number }) => received.push(performance.now() - e.t0));
    await new Promise((r) => setTimeout(r, 500)); // rooms are joined before each connect; let the loop settle
    for (let i = 0; i < o.events; i++) {
      io.to(`ticket:${i % o.rooms}`).emit('event', {
        id: i,
        type: 'ticket.state_changed',
        data: { i, pad: 'x'.repeat(200) },
        t0: performance.now(),
      });
      await new Promise((r) => setTimeout(r, o.gapMs));
    }
    const expected = o.events * (o.clients / o.rooms);
    await waitFor(() => received.length >= expected, deadline, `bare receipts (${received.length}/${expected})`);
    sockets.forEach((s) => s.disconnect());
    return summary(received);
  } finally {
    await io.close();
  }
}

export async function run(args: string[]) {
  const o = parse(args);
  if (o.clients % o.rooms !== 0) throw new Error('--clients must be a multiple of --rooms');
  const deadline = Date.now() + o.timeoutMs;
  console.log(
    `fan-out: ${o.clients} clients in ${o.rooms} rooms (${o.clients / o.rooms} per room), ${o.events} events, one every ${o.gapMs} ms, loopback`,
  );
  const bare = await measureBare(o, deadline);
  const app = await measureApp(o, deadline);
  const rows = [
    ['path', 'receipts', 'p50', 'p95', 'p99', 'max'],
    ['bare Socket.IO broadcast', String(bare.n), ms(bare.p50), ms(bare.p95), ms(bare.p99), ms(bare.max)],
    [
      `commit (${app.database}) → relay → gateway (+ MQTT ${app.broker})`,
      String(app.n),
      ms(app.p50),
      ms(app.p95),
      ms(app.p99),
      ms(app.max),
    ],
    [
      'ratio (app / bare)',
      '',
      `${(app.p50 / bare.p50).toFixed(1)}×`,
      `${(app.p95 / bare.p95).toFixed(1)}×`,
      `${(app.p99 / bare.p99).toFixed(1)}×`,
      '',
    ],
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const r of rows)
    console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run(process.argv.slice(2)).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
