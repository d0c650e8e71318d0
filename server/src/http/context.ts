import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { files } from '../db/schema/index.ts';
import type { Logger } from '../lib/logger.ts';
import type { Locale, Translate } from '../lib/i18n.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SessionCache } from '../auth/session.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { BackgroundTasks } from '../lib/background.ts';
import type { TopicGrant } from '#domain/realtime-topics';
import type { ConsumerHandler } from '../events/consumer.ts';

export type { SessionUser };

/** Services the app is built from; tests pass their own. Extra services hang off `extras`. */
export type AppDeps = {
  config: AppConfig;
  database: Database;
  log: Logger;
  mailer: Mailer;
  sessions: SessionCache;
  /** Work started by a request and finished after its answer (shutdown waits for it). */
  background: BackgroundTasks;
  /** What the modules registered (server/src/modules.ts): file access, entity rooms, outbox consumers, notification types. */
  registry: Registry;
  /** Liveness of the broker for /ready; absent when the process runs without one. */
  brokerReady?: () => boolean;
  /** Wakes the outbox relay and consumers after a commit that wrote events (docs/architecture.md §5); absent when none run. */
  wakeOutbox?: () => void;
  /**
   * Signs MQTT credentials for a grant (POST auth/mqtt-credentials): given by the runtime that runs
   * the broker (runtime/realtime.ts), since server/ does not import realtime/; absent without one.
   */
  mqttCredentials?: (
    grant: TopicGrant & { sid: string },
    ttlSeconds: number,
  ) => { username: string; password: string; expiresAt: Date };
  extras: Record<string, unknown>;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    log: Logger;
    locale: Locale;
    t: Translate;
    user: SessionUser | undefined;
  };
};

// The registry's contract lives beside AppDeps because each names the other (a check receives the
// deps; the deps hold the registry); registry.ts builds one. Here, neither file imports the other's importers.

/** Decides whether a user may watch one entity's room (e.g. 'ticket:12'). */
export type EntityRoomCheck = (deps: AppDeps, user: SessionUser, id: number) => Promise<boolean>;

/**
 * Whether a user may read a file attached to one record: the module that owns the record decides
 * from the record itself (its project for staff, its unit's owners for owners). `file.entityId` is
 * the record's id as the module linked it; `file.path` lets a module find the record by path.
 */
export type FileAccessCheck = (
  db: Db,
  user: SessionUser,
  file: typeof files.$inferSelect & { entityId: number },
) => Promise<boolean>;

/** Builds a consumer's batch handler for one process. */
export type ConsumerFactory = (deps: AppDeps) => ConsumerHandler;

/** A loop a module runs beside the outbox consumers (e.g. the webhook sender), started and stopped by the event flow. */
export type BackgroundWorker = {
  name: string;
  start(): void;
  /** New work may be due. */
  wake(): void;
  /** Resolves the next time it finds nothing due. */
  idle(): Promise<void>;
  stop(): Promise<void>;
};
export type WorkerFactory = (deps: AppDeps, opts: { pollMs?: number }) => BackgroundWorker;

/**
 * Bytes of the demo data the seed cannot write (it has rows only, no storage): written by createDeps
 * (server/src/deps.ts) at every start of a process that seeds its empty database (npm start), never in test
 * contexts (server/src/test-support.ts seeds rows only). It must do nothing when its files are already there.
 */
export type DemoFiles = (deps: AppDeps) => Promise<void>;

/**
 * An event type a user can be notified about and choose channels for (docs/product.md §2
 * notificaciones/configuracion); its texts live under notifications.types.<type with _>.{label,title,body}.
 */
export type NotificationType = {
  type: string;
  /** Settings-page group: notifications.groups.<group>. */
  group: string;
  defaults: { inApp: boolean; email: boolean };
};

/**
 * A sweep the server process runs every `intervalMs` (the first soon after start, so what fell due while it was
 * down is not left waiting). Each pass claims its rows with conditional writes, so several processes may run it. A
 * pass returns counts worth logging (all zero: nothing logged).
 */
export type PeriodicTask = {
  name: string;
  intervalMs: number;
  run: (deps: AppDeps, now?: Date) => Promise<Record<string, number>>;
  /** One last pass when the process stops (runtime/periodic.ts): a flush of what memory still holds. */
  atStop?: boolean;
};

/**
 * What a module adds to checks and processes another part owns. Each module's `register<Module>`
 * (its service.ts) receives it from server/src/modules.ts, where the process is assembled: nothing
 * is added by importing a file.
 */
export type ModuleRegistry = {
  /** Who may read files attached to one kind of record (files/access.ts asks; several checks add up). */
  fileAccess(entityType: string, check: FileAccessCheck): void;
  /** Who may join one kind of entity room (events/access.ts asks; a type nobody registered is refused). */
  entityRoom(type: string, check: EntityRoomCheck): void;
  /** An outbox consumer the event flow runs (events/flow.ts), under a name that keeps its cursor. */
  outboxConsumer(name: string, handler: ConsumerFactory): void;
  /** A background worker the event flow runs (events/flow.ts) beside the consumers. */
  backgroundWorker(name: string, factory: WorkerFactory): void;
  /** An event type users may be notified about (the notifications consumer and settings page read them). */
  notificationType(entry: NotificationType): void;
  /** Work the server process repeats on a clock (runtime/periodic.ts runs each, one pass at a time). */
  periodicTask(task: PeriodicTask): void;
  /** Files of the demo data, written once the demo is seeded (DemoFiles). */
  demoFiles(name: string, write: DemoFiles): void;
};

/** The registry of one process (deps.registry): what modules added, read by its owners. */
export type Registry = ModuleRegistry & {
  fileAccessChecks(entityType: string): readonly FileAccessCheck[];
  entityRoomCheck(type: string): EntityRoomCheck | undefined;
  outboxConsumers(): readonly { name: string; handler: ConsumerFactory }[];
  backgroundWorkers(): readonly { name: string; factory: WorkerFactory }[];
  notificationTypes(): readonly NotificationType[];
  notificationTypeOf(type: string): NotificationType | undefined;
  periodicTasks(): readonly PeriodicTask[];
  demoFileWriters(): readonly { name: string; write: DemoFiles }[];
};
