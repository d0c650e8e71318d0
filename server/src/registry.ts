import type {
  ConsumerFactory,
  DemoFiles,
  EntityRoomCheck,
  FileAccessCheck,
  NotificationType,
  PeriodicTask,
  Registry,
  WorkerFactory,
} from './http/context.ts';

// The contract (what a module may register, what the owners read) is declared beside AppDeps.
export type {
  ConsumerFactory,
  EntityRoomCheck,
  ModuleRegistry,
  NotificationType,
  PeriodicTask,
  Registry,
} from './http/context.ts';

/** The registry of one process, filled by server/src/modules.ts. */
export function createRegistry(): Registry {
  const files = new Map<string, FileAccessCheck[]>();
  const rooms = new Map<string, EntityRoomCheck>();
  const consumers = new Map<string, ConsumerFactory>();
  const notificationTypes = new Map<string, NotificationType>();
  const periodic = new Map<string, PeriodicTask>();
  const workers = new Map<string, WorkerFactory>();
  const demoFiles = new Map<string, DemoFiles>();
  return {
    fileAccess(entityType, check) {
      files.set(entityType, [...(files.get(entityType) ?? []), check]);
    },
    entityRoom(type, check) {
      rooms.set(type, check);
    },
    outboxConsumer(name, handler) {
      if (consumers.has(name)) throw new Error(`outbox consumer '${name}' registered twice`);
      consumers.set(name, handler);
    },
    backgroundWorker(name, factory) {
      if (workers.has(name)) throw new Error(`background worker '${name}' registered twice`);
      workers.set(name, factory);
    },
    notificationType(entry) {
      notificationTypes.set(entry.type, entry);
    },
    periodicTask(task) {
      if (periodic.has(task.name)) throw new Error(`periodic task '${task.name}' registered twice`);
      periodic.set(task.name, task);
    },
    demoFiles(name, write) {
      if (demoFiles.has(name)) throw new Error(`demo files '${name}' registered twice`);
      demoFiles.set(name, write);
    },
    fileAccessChecks: (entityType) => files.get(entityType) ?? [],
    entityRoomCheck: (type) => rooms.get(type),
    outboxConsumers: () => [...consumers].map(([name, handler]) => ({ name, handler })),
    backgroundWorkers: () => [...workers].map(([name, factory]) => ({ name, factory })),
    notificationTypes: () => [...notificationTypes.values()],
    notificationTypeOf: (type) => notificationTypes.get(type),
    periodicTasks: () => [...periodic.values()],
    demoFileWriters: () => [...demoFiles].map(([name, write]) => ({ name, write })),
  };
}
