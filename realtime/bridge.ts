import type { LiveEvent } from '#domain/realtime';
import { connectMqtt, type MqttLink, type MqttTarget } from './mqtt-link.ts';
import { allEventsFilter } from '#domain/realtime-topics';

/** Claims an event for this gateway; with several gateways only one may broadcast it. */
export type EventClaim = (eventId: number) => Promise<boolean>;

export type BridgeOptions = {
  mqtt: MqttTarget;
  clientId: string;
  namespace?: string;
  onEvent: (event: LiveEvent) => void;
  /** After every (re)subscription: events published while unsubscribed were not received. */
  onSubscribed?: () => void;
  claim?: EventClaim;
  onError?: (error: unknown) => void;
};

// Ids remembered against MQTT redelivery (QoS 1 is at least once).
const RECENT_MAX = 5000;

function isLiveEvent(v: unknown): v is LiveEvent {
  const e = v as LiveEvent;
  return (
    !!e &&
    Number.isSafeInteger(e.id) &&
    typeof e.type === 'string' &&
    Number.isSafeInteger(e.companyId) &&
    (e.projectId === null || Number.isSafeInteger(e.projectId)) &&
    (e.userId === null || Number.isSafeInteger(e.userId))
  );
}

/**
 * The gateway's MQTT side (docs/architecture.md §5 step 4): subscribes to every domain-event topic with QoS 1
 * and hands each event once to `onEvent`. Duplicates from redelivery are dropped by id; with
 * `claim` (Redis) an event is emitted by one gateway only, which the Redis adapter then fans
 * out to the sockets of every gateway.
 */
export function startBridge(opts: BridgeOptions) {
  // We subscribe on every connect ourselves, to know when the subscription is back (onSubscribed).
  const link: MqttLink = connectMqtt(opts.mqtt, opts.clientId, {
    reconnectMs: 500,
    resubscribe: false,
    onError: opts.onError,
  });
  const recent = new Set<number>();
  const order: number[] = [];
  let received = 0;

  const subscribe = () => {
    link.client.subscribe(allEventsFilter(opts.namespace), { qos: 1 }, (err) => {
      if (err) opts.onError?.(err);
      else opts.onSubscribed?.();
    });
  };
  link.onConnect(subscribe);

  link.client.on('message', (_topic, payload) => {
    let event: unknown;
    try {
      event = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    if (isLiveEvent(event)) accept(event);
  });

  /** Each event once: a repeat (MQTT redelivery, or the broker's copy of one delivered locally) is dropped. */
  function accept(event: LiveEvent) {
    if (recent.has(event.id)) return;
    recent.add(event.id);
    order.push(event.id);
    if (order.length > RECENT_MAX) recent.delete(order.shift()!);
    received++;
    const e = event;
    if (!opts.claim) return opts.onEvent(e);
    // Redis unreachable: better a duplicate (clients drop it by id) than an event nobody gets.
    opts.claim(e.id).then(
      (mine) => {
        if (mine) opts.onEvent(e);
      },
      (err) => {
        opts.onError?.(err);
        opts.onEvent(e);
      },
    );
  }

  return {
    link,
    get connected() {
      return link.connected;
    },
    get received() {
      return received;
    },
    /** An event from the relay of this process, before the broker has it (server/src/events/relay.ts deliverLocally). */
    deliver: (event: LiveEvent) => accept(event),
    close: () => link.close(),
  };
}
export type Bridge = ReturnType<typeof startBridge>;
