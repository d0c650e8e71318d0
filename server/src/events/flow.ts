import type { LiveEvent } from '#domain/realtime';
import type { AppDeps } from '../http/context.ts';
import { createOutboxConsumer, type OutboxConsumer } from './consumer.ts';
import { createOutboxRelay, type EventPublisher, type OutboxRelay } from './relay.ts';

export type EventFlowOptions = {
  /** The broker connection the relay publishes to; without one only the consumers run. */
  publisher?: EventPublisher;
  /** Topic prefix on the wire (MQTT_NAMESPACE). */
  namespace?: string;
  /** Faster polls for tests. */
  pollMs?: number;
  /** The gateway of this process, if any (relay.ts deliverLocally). */
  deliverLocally?: (event: LiveEvent) => void;
};

/**
 * The server's half of the event path in one process (docs/architecture.md §5 step 3): the outbox
 * relay, given a publisher, the outbox consumers and background workers the modules registered (server/src/modules.ts). Wires deps.wakeOutbox (a commit that wrote
 * events is handled at once, not at the next poll) and deps.brokerReady (/ready). The runtime
 * (runtime/realtime.ts) starts it with its MQTT link; tests of consumers alone start it bare.
 */
export function startEventFlow(deps: AppDeps, opts: EventFlowOptions = {}) {
  const log = deps.log.child({ component: 'realtime' });
  const { publisher } = opts;
  const relay: OutboxRelay | undefined = publisher
    ? createOutboxRelay({
        db: deps.database.db,
        publisher,
        log,
        namespace: opts.namespace,
        pollMs: opts.pollMs,
        deliverLocally: opts.deliverLocally,
      })
    : undefined;
  const consumers: OutboxConsumer[] = deps.registry.outboxConsumers().map(({ name, handler }) =>
    createOutboxConsumer({
      db: deps.database.db,
      name,
      log: deps.log,
      handle: handler(deps),
      pollMs: opts.pollMs,
      onEventsWritten: () => deps.wakeOutbox?.(),
    }),
  );
  const workers = deps.registry.backgroundWorkers().map(({ factory }) => factory(deps, { pollMs: opts.pollMs }));
  deps.wakeOutbox = () => {
    relay?.wake();
    // On PGlite one query runs at a time: the live path first, the consumers a moment later.
    for (const consumer of consumers) consumer.wake(25);
  };
  deps.brokerReady = publisher ? () => publisher.connected : undefined;
  relay?.start();
  for (const consumer of consumers) consumer.start();
  for (const worker of workers) worker.start();

  return {
    relay,
    consumers,
    workers,
    /** The background worker of that name (e.g. 'webhooks'). */
    worker(name: string) {
      const found = workers.find((w) => w.name === name);
      if (!found) throw new Error(`no background worker '${name}'`);
      return found;
    },
    /** The consumer of that name (e.g. 'notifications'). */
    consumer(name: string): OutboxConsumer {
      const found = consumers.find((c) => c.name === name);
      if (!found) throw new Error(`no outbox consumer '${name}'`);
      return found;
    },
    async stop() {
      deps.wakeOutbox = undefined;
      deps.brokerReady = undefined;
      await Promise.all([relay?.stop(), ...consumers.map((c) => c.stop()), ...workers.map((w) => w.stop())]);
    },
  };
}
export type EventFlow = ReturnType<typeof startEventFlow>;
