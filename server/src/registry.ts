import type { AppDeps, SessionUser } from './http/context.ts';
import type { FileAccessCheck } from './modules/files/service.ts';
import type { ConsumerHandler } from './events/consumer.ts';

/** Decides whether a user may watch one entity's room (e.g. 'ticket:12'). */
export type EntityRoomCheck = (deps: AppDeps, user: SessionUser, id: number) => Promise<boolean>;

/** Builds a consumer's batch handler for one process. */
export type ConsumerFactory = (deps: AppDeps) => ConsumerHandler;

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
};

/** The registry of one process (deps.registry): what modules added, read by its owners. */
export type Registry = ModuleRegistry & {
  fileAccessChecks(entityType: string): readonly FileAccessCheck[];
  entityRoomCheck(type: string): EntityRoomCheck | undefined;
  outboxConsumers(): readonly { name: string; handler: ConsumerFactory }[];
};

export function createRegistry(): Registry {
  const files = new Map<string, FileAccessCheck[]>();
  const rooms = new Map<string, EntityRoomCheck>();
  const consumers = new Map<string, ConsumerFactory>();
  return {
    fileAccess(entityType, check) { files.set(entityType, [...(files.get(entityType) ?? []), check]); },
    entityRoom(type, check) { rooms.set(type, check); },
    outboxConsumer(name, handler) {
      if (consumers.has(name)) throw new Error(`outbox consumer '${name}' registered twice`);
      consumers.set(name, handler);
    },
    fileAccessChecks: (entityType) => files.get(entityType) ?? [],
    entityRoomCheck: (type) => rooms.get(type),
    outboxConsumers: () => [...consumers].map(([name, handler]) => ({ name, handler })),
  };
}
