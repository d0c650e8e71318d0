import { asc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { outbox, outboxConsumers } from '../db/schema/index.ts';
import type { Logger } from '../lib/logger.ts';
import type { OutboxRow } from './outbox.ts';
import { createRunLoop } from './run-loop.ts';

/**
 * Handles a batch of events inside the consumer's transaction. Effects in the database commit
 * together with the cursor (exactly once); what cannot be rolled back (e-mail) goes in the
 * returned after-commit tasks. Return wroteEvents=true when it recorded outbox events itself.
 */
export type ConsumerHandler = (
  tx: Tx,
  events: OutboxRow[],
) => Promise<{ afterCommit?: (() => Promise<void>)[]; wroteEvents?: boolean } | void>;

export type ConsumerOptions = {
  db: Db;
  name: string;
  handle: ConsumerHandler;
  log: Logger;
  batch?: number;
  pollMs?: number;
  /** Called after a commit in which the handler wrote events (wakes the relay). */
  onEventsWritten?: () => void;
};

/**
 * A reader of the outbox that feeds a module from domain events (docs/architecture.md §5: notifications and
 * webhooks are fed from the same events). It keeps a cursor in outbox_consumers, locked FOR
 * UPDATE while a batch is handled, so several processes never handle one event twice; event
 * ids become visible in order (outbox.ts), so the cursor never skips one.
 */
export function createOutboxConsumer(opts: ConsumerOptions) {
  const { db, name, log } = opts;
  const batch = opts.batch ?? 200;
  const pollMs = opts.pollMs ?? 1000;
  let handled = 0;

  let hasCursorRow = false;
  async function step(): Promise<boolean> {
    if (!hasCursorRow) {
      await db.insert(outboxConsumers).values({ name }).onConflictDoNothing();
      hasCursorRow = true;
    }
    const out = await db.transaction(async (tx) => {
      const [cursor] = await tx
        .select({ lastId: outboxConsumers.lastId })
        .from(outboxConsumers)
        .where(eq(outboxConsumers.name, name))
        .for('update');
      const rows = await tx
        .select()
        .from(outbox)
        .where(gt(outbox.id, cursor.lastId))
        .orderBy(asc(outbox.id))
        .limit(batch);
      if (!rows.length) return { count: 0 };
      const result = (await opts.handle(tx, rows)) ?? {};
      await tx
        .update(outboxConsumers)
        .set({ lastId: rows[rows.length - 1].id, updatedAt: sql`now()` })
        .where(eq(outboxConsumers.name, name));
      return { count: rows.length, ...result };
    });
    handled += out.count;
    if ('wroteEvents' in out && out.wroteEvents) opts.onEventsWritten?.();
    for (const task of ('afterCommit' in out ? out.afterCommit : undefined) ?? []) {
      await task().catch((error) => log.error('outbox consumer task failed', { consumer: name, error }));
    }
    return out.count === batch;
  }

  const loop = createRunLoop({
    step,
    pollMs,
    backoffMs: (failures) => Math.min(10_000, 200 * 2 ** failures),
    onError: (error) => log.error('outbox consumer failed; will retry', { consumer: name, error }),
  });

  return {
    name,
    start: () => loop.start(),
    /** New events: handle them after `delayMs` (lets the latency-bound relay take the database first). */
    wake: (delayMs = 0) => loop.wake(delayMs),
    /** Resolves the next time the consumer has caught up with the outbox. */
    idle: () => loop.idle(),
    get handled() {
      return handled;
    },
    stop: () => loop.stop(),
  };
}
export type OutboxConsumer = ReturnType<typeof createOutboxConsumer>;
