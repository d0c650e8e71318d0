/**
 * Webhook delivery benchmark (docs/architecture.md §7): N outbox events delivered to a local receiver through the app's
 * path (commit → outbox consumer → webhook_deliveries → sender → signed POST), measuring throughput and the time from
 * each event's commit to its receipt; beside it, in the same run, a bare loop POSTing the same signed bodies to the same
 * receiver with the same concurrency. Then the receiver goes down and the RSS is sampled while events keep coming:
 * deliveries wait in the table, so memory must stay flat.
 *
 *   npm run bench -- webhooks [--events 10000] [--paced-events 1000] [--down-events 5000]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { recordEvent, transactionWithEvents } from '../../server/src/events/outbox.ts';
import { webhookTuning } from '../../server/src/modules/integrations/webhooks/tuning.ts';

const arg = (args: string[], name: string, def: number, max: number) => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : def;
  if (!Number.isInteger(v) || v < 1 || v > max) throw new Error(`--${name} must be an integer from 1 to ${max}`);
  return v;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99) };
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** A receiver that verifies every signature and notes the first receipt of each webhook-id. */
async function receiver(secret: () => string) {
  const received = new Map<string, number>();
  let duplicates = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      new Webhook(secret()).verify(body, req.headers as Record<string, string>);
      const id = String(req.headers['webhook-id']);
      if (received.has(id)) duplicates++;
      else received.set(id, performance.now());
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    get duplicates() {
      return duplicates;
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/**
 * Commits `n` ticket.created events in transactions of `per` (every `gapMs`, when paced); the commit instant of each
 * message id.
 */
async function emit(ctx: TestContext, n: number, committed: Map<string, number>, per = 200, gapMs = 0) {
  for (let start = 0; start < n; start += per) {
    if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
    const ids: number[] = [];
    await transactionWithEvents(ctx.deps, async (tx) => {
      for (let i = start; i < Math.min(n, start + per); i++) {
        ids.push(
          await recordEvent(tx, {
            type: 'ticket.created',
            companyId: ctx.seed.companyId,
            projectId: ctx.seed.projectIds[0],
            entity: { type: 'ticket', id: i + 1 },
            action: 'created',
            data: { code: `PV-${i + 1}`, subject: 'Bench' },
          }),
        );
      }
    });
    const at = performance.now();
    for (const id of ids) committed.set(`msg_${id}`, at);
  }
}

/** The same signed bodies POSTed straight to the receiver, `concurrency` at a time. */
async function bareLoop(url: string, secret: string, n: number, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const wh = new Webhook(secret);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const post = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({ type: 'ticket.created', timestamp: new Date().toISOString(), data: { id: i } });
      const id = `msg_bare_${i}`;
      const t0 = performance.now();
      const req = http.request(url, {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': wh.sign(id, new Date(), body),
        },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - t0);
          resolve();
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await post(next++);
    }),
  );
  agent.destroy();
  return { seconds: (performance.now() - started) / 1000, ...stats(latencies) };
}

export async function run(args: string[]) {
  const events = arg(args, 'events', 10_000, 50_000);
  const downEvents = arg(args, 'down-events', 5_000, 50_000);
  const pacedEvents = arg(args, 'paced-events', 1_000, 10_000);
  const ctx = await createTestContext({ events: true });
  ctx.deps.config.outboundAllow = ['127.0.0.1'];
  ctx.deps.extras.webhookTuning = {
    retryDelaysMs: [1000, 1000, 1000, 1000, 1000, 1000, 1000],
    batch: 200,
    concurrency: 32,
  };
  let secret = '';
  const rx = await receiver(() => secret);
  const admin = await ctx.login('admin');
  await ctx.request('PUT', 'configuracion/integraciones/webhooks/ajustes', { cookie: admin, body: { enabled: true } });
  const created = await ctx.request('POST', 'configuracion/integraciones/webhooks/aplicaciones', {
    cookie: admin,
    body: { name: 'Bench', hooks: [{ event: 'ticket.created', url: rx.url }] },
  });
  secret = created.json.secret;

  const bare = await bareLoop(rx.url, secret, events, webhookTuning(ctx.deps).concurrency);

  const committed = new Map<string, number>();
  const started = performance.now();
  await emit(ctx, events, committed);
  while ([...committed.keys()].some((id) => !rx.received.has(id))) {
    if (performance.now() - started > 900_000) throw new Error('not every event arrived within 15 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const app = stats([...committed].map(([id, at]) => rx.received.get(id)! - at));

  console.log(`\nWebhooks: ${events} events, one application, concurrency ${webhookTuning(ctx.deps).concurrency}`);
  console.log(`${'path'.padEnd(34)} ${'events/s'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)}`);
  const line = (label: string, perSecond: number, p50: number, p99: number) =>
    console.log(
      `${label.padEnd(34)} ${perSecond.toFixed(0).padStart(9)} ${p50.toFixed(1).padStart(9)} ${p99.toFixed(1).padStart(9)}`,
    );
  line('bare POST loop (send → answer)', bare.n / bare.seconds, bare.p50, bare.p99);
  line('app (commit → receipt)', events / seconds, app.p50, app.p99);
  // Below that throughput, the latency of one event rather than of a backlog: 5 events every 100 ms.
  const paced = new Map<string, number>();
  await emit(ctx, pacedEvents, paced, 5, 100);
  while ([...paced.keys()].some((id) => !rx.received.has(id))) await new Promise((r) => setTimeout(r, 50));
  const steady = stats([...paced].map(([id, at]) => rx.received.get(id)! - at));
  line(`app at 50 events/s (${pacedEvents} events)`, 50, steady.p50, steady.p99);
  console.log(`duplicates at the receiver: ${rx.duplicates}`);

  // Receiver down: events keep coming and every delivery fails and waits for its retry.
  await rx.close();
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
  await emit(ctx, downEvents, new Map());
  await new Promise((r) => setTimeout(r, 10_000));
  clearInterval(sampler);
  const after = process.memoryUsage().rss;
  console.log(
    `receiver down, ${downEvents} more events for 10 s: RSS ${mb(before)} before, ${mb(peak)} peak, ${mb(after)} after`,
  );
  await ctx.close();
}
