import { sql } from 'drizzle-orm';
import type { LiveEvent } from '#domain/realtime';
import { topicOf } from '#domain/realtime-topics';
import type { Database, Db, Tx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

/** Locale keys naming what changed, so consumers (notifications) can word it in any language. */
export type EventLabels = { entity?: string; action?: string; state?: string };

/** A domain event as producers describe it; written to the outbox in the producer's transaction. */
export type DomainEvent = {
  type: string;
  companyId: number;
  projectId?: number | null;
  entity?: { type: string; id: number } | null;
  /** Addresses the event to one user (their topic) instead of a project or the company. */
  userId?: number | null;
  actorId?: number | null;
  action?: string | null;
  from?: string | null;
  to?: string | null;
  /** Public payload: every client allowed in the event's rooms receives it. */
  data?: Record<string, unknown>;
  /** Users to notify (docs/product.md §6 notifications); never sent to clients. */
  notify?: readonly number[];
  /** Where a notification about this event leads, e.g. /warranties/solicitud/12. */
  link?: string;
  labels?: EventLabels;
};

type StoredPayload = Omit<DomainEvent, 'type' | 'companyId' | 'projectId'>;
export type OutboxRow = typeof outbox.$inferSelect;

// Serialises outbox writers until commit, so ids become visible in id order: a reader that has
// seen id n has seen every committed id below n, and cursors (consumers, replay) never skip one.
const OUTBOX_LOCK = 0x5141_0b0c;

/**
 * Writes one event to the outbox inside the caller's transaction (docs/architecture.md §5 step 2). Call it last
 * in the transaction: it holds the outbox lock until commit. Returns the event id.
 */
export async function recordEvent(tx: Tx, event: DomainEvent): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${OUTBOX_LOCK})`);
  const payload: StoredPayload = {
    entity: event.entity ?? null,
    userId: event.userId ?? null,
    actorId: event.actorId ?? null,
    action: event.action ?? null,
    from: event.from ?? null,
    to: event.to ?? null,
    data: event.data ?? {},
    ...(event.notify?.length ? { notify: [...new Set(event.notify)] } : {}),
    ...(event.link ? { link: event.link } : {}),
    ...(event.labels ? { labels: event.labels } : {}),
  };
  const [row] = await tx
    .insert(outbox)
    .values({
      companyId: event.companyId,
      projectId: event.userId != null ? null : (event.projectId ?? null),
      topic: topicOf(event),
      type: event.type,
      payload: payload as Record<string, unknown>,
    })
    .returning({ id: outbox.id });
  return row.id;
}

/** What writing events needs of the app's deps (AppDeps has both), so this file stays a leaf of the server. */
type EventWriterDeps = { database: Database; wakeOutbox?: () => void };

/**
 * Runs `fn` in one transaction and wakes the relay after the commit. Use it for writes that emit
 * events without a state machine (creations, messages); state changes go through runCommand.
 */
export async function transactionWithEvents<T>(deps: EventWriterDeps, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await (deps.database.db as Db).transaction(fn);
  deps.wakeOutbox?.();
  return result;
}

/** The public shape of an outbox row: what MQTT and Socket.IO clients receive. */
export function toLiveEvent(
  row: Pick<OutboxRow, 'id' | 'type' | 'companyId' | 'projectId' | 'payload' | 'createdAt'>,
): LiveEvent {
  const p = row.payload as StoredPayload;
  return {
    id: row.id,
    type: row.type,
    companyId: row.companyId,
    projectId: row.projectId,
    entity: p.entity ?? null,
    userId: p.userId ?? null,
    actorId: p.actorId ?? null,
    action: p.action ?? null,
    from: p.from ?? null,
    to: p.to ?? null,
    data: p.data ?? {},
    at: row.createdAt.toISOString(),
  };
}

/** Fields only server-side consumers read (recipients, link, labels). */
export function internalsOf(row: Pick<OutboxRow, 'payload'>): Pick<DomainEvent, 'notify' | 'link' | 'labels'> {
  const p = row.payload as StoredPayload;
  return { notify: p.notify ?? [], link: p.link, labels: p.labels };
}
