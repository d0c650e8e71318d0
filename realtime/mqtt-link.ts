import mqtt, { type MqttClient } from 'mqtt';
import { internalMqttCredentials } from './credentials.ts';

export type MqttTarget = { url: string; username?: string; password?: string };

/**
 * Where our server processes connect: MQTT_URL (credentials in the URL, as Mosquitto or EMQX are
 * configured) or the embedded broker with the internal credentials derived from the secret.
 */
export function mqttTarget(opts: { mqttUrl?: string; embeddedUrl?: string; secret: string }): MqttTarget {
  if (opts.mqttUrl) {
    const u = new URL(opts.mqttUrl);
    const target: MqttTarget = { url: opts.mqttUrl };
    if (u.username) {
      target.username = decodeURIComponent(u.username);
      target.password = decodeURIComponent(u.password);
      u.username = '';
      u.password = '';
      target.url = u.toString();
    } else if (u.hostname === '127.0.0.1' || u.hostname === 'localhost') {
      // Another process's embedded broker (e.g. `npm run start:realtime` beside `npm start`).
      Object.assign(target, internalMqttCredentials(opts.secret));
    }
    return target;
  }
  if (!opts.embeddedUrl) throw new Error('no MQTT broker: set MQTT_URL or start the embedded broker');
  return { url: opts.embeddedUrl, ...internalMqttCredentials(opts.secret) };
}

export type MqttLink = {
  client: MqttClient;
  readonly connected: boolean;
  /** QoS 1 publish that resolves on the broker's PUBACK and rejects after `timeoutMs`. */
  publish(topic: string, payload: string, timeoutMs?: number): Promise<void>;
  onConnect(listener: () => void): () => void;
  close(): Promise<void>;
};

/** A reconnecting MQTT connection (mqtt.js 5) for the relay and the gateways. */
export function connectMqtt(
  target: MqttTarget,
  clientId: string,
  opts: { reconnectMs?: number; resubscribe?: boolean; onError?: (error: Error) => void } = {},
): MqttLink {
  const client = mqtt.connect(target.url, {
    clientId,
    username: target.username,
    password: target.password,
    clean: true,
    reconnectPeriod: opts.reconnectMs ?? 1000,
    connectTimeout: 5000,
    keepalive: 30,
    // A QoS 0 packet queued while offline would be stale by the time it is sent.
    queueQoSZero: false,
    resubscribe: opts.resubscribe ?? true,
  });
  // mqtt.js emits 'error' on refused or failed connections and keeps retrying on its own: each
  // distinct failure is reported once per outage, not once per retry.
  let lastError = '';
  client.on('error', (error) => {
    if (error.message === lastError) return;
    lastError = error.message;
    opts.onError?.(error);
  });
  client.on('connect', () => {
    lastError = '';
  });
  return {
    client,
    get connected() {
      return client.connected;
    },
    publish(topic, payload, timeoutMs = 5000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('mqtt publish timed out')), timeoutMs);
        client.publish(topic, payload, { qos: 1 }, (err) => {
          clearTimeout(timer);
          if (err) reject(err);
          else resolve();
        });
      });
    },
    onConnect(listener) {
      client.on('connect', listener);
      return () => {
        client.off('connect', listener);
      };
    },
    async close() {
      await client.endAsync(true);
    },
  };
}
