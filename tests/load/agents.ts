/**
 * Load benchmark (docs/architecture.md §7: a script that prints figures, not a timed test):
 *
 *   npm run bench -- load [--quick] [--seconds 180] [--agents 200] [--sockets 1000] [--tickets 4000] [--think 5000]
 *
 * The app on loopback in this process (PGlite and the embedded broker unless DATABASE_URL /
 * MQTT_URL say otherwise; relay, notification consumer and Socket.IO gateway on), the demo seed
 * plus `--tickets` more after-sales tickets, then for `--seconds` (20 with --quick): `--agents`
 * agents working tickets and the agenda through the HTTP API (tests/load/agent-loop.ts), each
 * pausing 0.5–1.5 × `--think` ms between actions (5 s: a busy person's pace), and
 * `--sockets` Socket.IO clients of staff sessions in project rooms (tests/load/socket-fleet.ts).
 * It prints latency by request kind, answers by status, throughput, events published by the
 * outbox against events the sockets received, the event loop's delay and the process's memory.
 * Clients and server share this one thread, so the figures are those of the whole set-up.
 * Each socket holds two descriptors here (client and server side): the bench checks `ulimit -n`.
 */
import { execFileSync } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gt, max } from 'drizzle-orm';
import { outbox } from '../../server/src/db/schema/index.ts';
import { toLiveEvent } from '../../server/src/events/outbox.ts';
import { createRealtimeTestContext } from '../../runtime/test-support.ts';
import { seedPostventaVolume } from '../bench/postventa-seed.ts';
import { agentLoop, prepareAgents } from './agent-loop.ts';
import { connectFleet } from './socket-fleet.ts';
import { createRecorder, fmtMb, fmtMs, printTable, seededRandom, summarize } from './stats.ts';

type Options = { seconds: number; agents: number; sockets: number; tickets: number; thinkMs: number };

function parse(args: string[]): Options {
  const get = (name: string, def: number, min: number, maxValue: number) => {
    const i = args.indexOf(`--${name}`);
    const v = i >= 0 ? Number(args[i + 1]) : def;
    if (!Number.isInteger(v) || v < min || v > maxValue)
      throw new Error(`--${name} must be an integer from ${min} to ${maxValue}`);
    return v;
  };
  // Bounded: the machine is shared (2 cores), and the bench must end by itself.
  return {
    seconds: args.includes('--quick') ? 20 : get('seconds', 180, 5, 900),
    agents: get('agents', 200, 1, 500),
    sockets: get('sockets', 1000, 0, 2000),
    tickets: get('tickets', 4000, 0, 20_000),
    thinkMs: get('think', 5000, 0, 30_000),
  };
}

/** Two descriptors a socket (both ends live here), plus the database, the broker and the agents' connections. */
function checkDescriptors(o: Options) {
  const needed = 2 * o.sockets + 2 * o.agents + 200;
  let limit = Infinity;
  try {
    limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()) || Infinity;
  } catch {
    /* not a POSIX shell */
  }
  if (limit < needed)
    throw new Error(
      `open-file limit ${limit} < ${needed} needed: run \`ulimit -n ${Math.max(4096, needed)}\` in this shell first`,
    );
}

export async function run(args: string[]) {
  const o = parse(args);
  checkDescriptors(o);
  const random = seededRandom(42);
  const ctx = await createRealtimeTestContext();
  const origin = ctx.baseUrl;
  try {
    console.log(
      `load: ${o.agents} agents (think ~${o.thinkMs} ms), ${o.sockets} sockets, ${o.seconds} s, ${ctx.deps.database.kind}, loopback ${origin}`,
    );
    const seeded = await seedPostventaVolume(ctx.db, ctx.seed.companyId, {
      tickets: o.tickets,
      failures: o.tickets * 3,
    });
    console.log(
      `seeded ${seeded.tickets} tickets and ${seeded.failures} failures in ${(seeded.ms / 1000).toFixed(1)} s`,
    );
    const fleet = await connectFleet(ctx, origin, o.sockets);
    const agents = await prepareAgents(ctx, origin, o.agents, random);
    console.log(
      `${fleet.sockets.length} sockets connected (${fleet.joinedRooms()} in a project room); ${agents.length} agents, ` +
        `${agents.filter((a) => a.orderId).length} with a visit to schedule`,
    );

    const [{ startId }] = await ctx.db.select({ startId: max(outbox.id) }).from(outbox);
    fleet.countFrom(startId ?? 0);
    const loop = monitorEventLoopDelay({ resolution: 20 });
    loop.enable();
    const memory = { start: process.memoryUsage(), peakRss: 0, peakHeap: 0 };
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      memory.peakRss = Math.max(memory.peakRss, m.rss);
      memory.peakHeap = Math.max(memory.peakHeap, m.heapUsed);
    }, 1000);
    const recorder = createRecorder();
    const started = Date.now();
    const deadline = started + o.seconds * 1000;
    const progress = setInterval(
      () =>
        console.log(
          `  ${Math.round((Date.now() - started) / 1000)} s: ${recorder.total} requests, ${fleet.deliveries} socket events`,
        ),
      30_000,
    );
    const maxIterations = Math.ceil((o.seconds * 1000) / Math.max(1, o.thinkMs)) + 1;
    await Promise.all(
      agents.map((a) => agentLoop({ origin, deadline, maxIterations, thinkMs: o.thinkMs, recorder, random }, a)),
    );
    const elapsed = (Date.now() - started) / 1000;
    clearInterval(progress);
    loop.disable();
    const loopDelay = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };

    // Drain: every event committed during the run published, and delivered where it was due (or 30 s).
    const events = async () =>
      await ctx.db
        .select()
        .from(outbox)
        .where(gt(outbox.id, startId ?? 0));
    const drainEnd = Date.now() + 30_000;
    let rows = await events();
    while (
      Date.now() < drainEnd &&
      (rows.some((r) => !r.publishedAt) || fleet.deliveries < fleet.expectedDeliveries(rows.map(toLiveEvent)))
    ) {
      await new Promise((r) => setTimeout(r, 500));
      rows = await events();
    }
    clearInterval(sampler);
    const end = process.memoryUsage();

    console.log(
      `\nrequests by kind (ms), ${elapsed.toFixed(0)} s, ${recorder.total} requests, ${(recorder.total / elapsed).toFixed(1)} req/s`,
    );
    const kinds = recorder.kinds();
    const statusText = (m: Map<string, number>) =>
      [...m]
        .filter(([s]) => !/^2\d\d$/.test(s))
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ') || '–';
    printTable([
      ['kind', 'count', 'p50', 'p95', 'p99', 'max', 'errors by status'],
      ...kinds.map((k) => [
        k.kind,
        String(k.n),
        fmtMs(k.p50),
        fmtMs(k.p95),
        fmtMs(k.p99),
        fmtMs(k.max),
        statusText(k.statuses),
      ]),
    ]);

    const published = rows.filter((r) => r.publishedAt);
    const expected = fleet.expectedDeliveries(published.map(toLiveEvent));
    const lag = summarize(fleet.lagMs);
    console.log(
      `\nevents: ${rows.length} written to the outbox, ${published.length} published; ` +
        `${fleet.distinct} distinct received; socket deliveries ${fleet.deliveries} of ${expected} due (${expected - fleet.deliveries} missing)`,
    );
    console.log(
      `commit → socket (ms, sample of ${lag.n}): p50 ${fmtMs(lag.p50)}, p95 ${fmtMs(lag.p95)}, p99 ${fmtMs(lag.p99)}, max ${fmtMs(lag.max)}`,
    );
    console.log(
      `event loop delay during the run (ms): p50 ${fmtMs(loopDelay.p50)}, p99 ${fmtMs(loopDelay.p99)}, max ${fmtMs(loopDelay.max)}`,
    );
    console.log(
      `memory: RSS ${fmtMb(memory.start.rss)} at start, peak ${fmtMb(memory.peakRss)}, ${fmtMb(end.rss)} at end; ` +
        `heap used ${fmtMb(memory.start.heapUsed)} → peak ${fmtMb(memory.peakHeap)}` +
        (ctx.deps.database.kind === 'pglite' ? ' (PGlite and the clients run in this process)' : ''),
    );
    fleet.close();
  } finally {
    await ctx.close();
  }
}
