import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { wireTopic } from '#domain/realtime-topics';
import type { Db } from '../db/client.ts';
import { outbox, outboxConsumers } from '../db/schema/index.ts';
import type { Logger } from '../lib/logger.ts';
import type { LiveEvent } from '#domain/realtime';
import { toLiveEvent } from './outbox.ts';
import { createRunLoop } from './run-loop.ts';

/** What the relay needs from an MQTT connection (realtime/mqtt-link.ts provides it). */
export type EventPublisher = {
  readonly connected: boolean;
  publish(topic: string, payload: string, timeoutMs?: number): Promise<void>;
  onConnect(listener: () => void): () => void;
};

export type RelayOptions = {
  db: Db;
  publisher: EventPublisher;
  log: Logger;
  namespace?: string;
  batch?: number;
  /** Safety-net poll; commits in this process wake the relay at once. */
  pollMs?: number;
  leaseMs?: number;
  maxBackoffMs?: number;
  /**
   * A gateway in this process: each event is handed to it as it is read, before the broker has it, so local
   * sockets do not wait for the MQTT round trip (on PGlite the request still building its answer holds the
   * thread, and the broker's acknowledgement with it). The gateway drops the broker's copy by id.
   */
  deliverLocally?: (event: LiveEvent) => void;
};

const LEASE = 'relay';

/**
 * The outbox relay (docs/architecture.md §5 step 3): publishes committed events in id order with
 * QoS 1, marks each published only after the broker's PUBACK, and on broker loss retries with
 * backoff until acknowledged. Every app process runs one; a lease in outbox_consumers lets one
 * publish at a time, so events leave in order and are not doubled by two relays.
 */
export function createOutboxRelay(opts: RelayOptions) {
  const { db, publisher, log } = opts;
  const batch = opts.batch ?? 200;
  const pollMs = opts.pollMs ?? 500;
  const leaseMs = opts.leaseMs ?? 15_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 5000;
  const holder = randomUUID();
  const deliverLocally = (event: LiveEvent) => {
    try {
      opts.deliverLocally?.(event);
    } catch (error) {
      log.warn('local delivery of an event failed', { id: event.id, error: String(error) });
    }
  };
  let leaseUntil = 0;
  let published = 0;

  async function holdLease(): Promise<boolean> {
    if (Date.now() < leaseUntil - leaseMs / 2) return true;
    const until = new Date(Date.now() + leaseMs);
    const rows = await db
      .insert(outboxConsumers)
      .values({ name: LEASE, leaseHolder: holder, leaseUntil: until })
      .onConflictDoUpdate({
        target: outboxConsumers.name,
        set: { leaseHolder: holder, leaseUntil: until, updatedAt: new Date() },
        setWhere: sql`${outboxConsumers.leaseHolder} = ${holder} or ${outboxConsumers.leaseUntil} is null or ${outboxConsumers.leaseUntil} < now()`,
      })
      .returning({ holder: outboxConsumers.leaseHolder });
    leaseUntil = rows.length ? until.getTime() : 0;
    return rows.length > 0;
  }

  /** Publishes one batch; true when there may be more right away. */
  async function publishBatch(): Promise<boolean> {
    if (!publisher.connected) throw new Error('broker not connected');
    if (!(await holdLease())) return false;
    const rows = await db.select().from(outbox).where(isNull(outbox.publishedAt)).orderBy(asc(outbox.id)).limit(batch);
    if (rows.length === 0) return false;
    // Sent back to back on one connection, so the broker receives them in id order.
    const results = await Promise.allSettled(
      rows.map((row) => {
        const event = toLiveEvent(row);
        deliverLocally(event);
        return publisher.publish(wireTopic(row.topic, opts.namespace), JSON.stringify(event));
      }),
    );
    const acked = rows.filter((_, i) => results[i].status === 'fulfilled').map((r) => r.id);
    if (acked.length) {
      await db
        .update(outbox)
        .set({ publishedAt: new Date() })
        .where(and(inArray(outbox.id, acked), isNull(outbox.publishedAt)));
      published += acked.length;
    }
    if (acked.length < rows.length)
      throw (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
    return rows.length === batch;
  }

  const loop = createRunLoop({
    step: publishBatch,
    pollMs,
    backoffMs: (failures) => Math.min(maxBackoffMs, 100 * 2 ** (failures - 1)),
    // A broker still connecting at start-up is not worth a warning; one that stays away is.
    onError: (error, inMs) =>
      (inMs >= 1000 ? log.warn : log.debug)('outbox relay retrying', { error: (error as Error).message, inMs }),
    onRecovered: () => log.info('outbox relay recovered'),
  });

  let offConnect: (() => void) | undefined;
  return {
    start() {
      if (offConnect) return;
      offConnect = publisher.onConnect(() => loop.retryNow());
      loop.start();
    },
    /** A commit wrote events: publish now, ahead of what the committing request does next. */
    wake: () => loop.wakeNow(),
    /** Resolves the next time the relay finds nothing left to publish (tests, shutdown). */
    idle: () => loop.idle(),
    get published() {
      return published;
    },
    get isRetrying() {
      return loop.failing;
    },
    async stop() {
      offConnect?.();
      offConnect = undefined;
      await loop.stop();
      if (leaseUntil) {
        await db
          .update(outboxConsumers)
          .set({ leaseUntil: new Date(0) })
          .where(and(eq(outboxConsumers.name, LEASE), eq(outboxConsumers.leaseHolder, holder)))
          .catch(() => undefined);
      }
    },
  };
}
export type OutboxRelay = ReturnType<typeof createOutboxRelay>;
