import type { AppConfig } from '../config.ts';

/** Realtime settings read from the environment (README: Configuration). */
export type RealtimeSettings = {
  /** Port of the embedded broker on loopback (unused with MQTT_URL); 0 picks a free one. */
  mqttPort: number;
  /** Topic prefix on the wire, so several deployments can share one broker. */
  mqttNamespace: string;
  /** The address MQTT clients (apps, devices) use; null when unknown (external broker without MQTT_PUBLIC_URL). */
  mqttPublicUrl: string | null;
  /** Lifetime of issued MQTT credentials, seconds. */
  mqttCredentialsTtl: number;
};

export function realtimeSettings(
  config: Pick<AppConfig, 'mqttUrl' | 'publicUrl'>,
  env: NodeJS.ProcessEnv = process.env,
): RealtimeSettings {
  const wsUrl = new URL(config.publicUrl);
  wsUrl.protocol = wsUrl.protocol === 'https:' ? 'wss:' : 'ws:';
  wsUrl.pathname = '/mqtt';
  return {
    mqttPort: Number(env.MQTT_PORT ?? 1884),
    mqttNamespace: env.MQTT_NAMESPACE ?? '',
    mqttPublicUrl: env.MQTT_PUBLIC_URL || (config.mqttUrl ? null : wsUrl.toString()),
    mqttCredentialsTtl: Number(env.MQTT_CREDENTIALS_TTL ?? 900),
  };
}

const KEY = 'realtimeSettings';

/** The settings the running realtime uses (tests override some); the environment's otherwise. */
export function settingsOf(deps: {
  config: Pick<AppConfig, 'mqttUrl' | 'publicUrl'>;
  extras: Record<string, unknown>;
}): RealtimeSettings {
  return (deps.extras[KEY] as RealtimeSettings | undefined) ?? realtimeSettings(deps.config);
}

export function rememberSettings(deps: { extras: Record<string, unknown> }, settings: RealtimeSettings): void {
  deps.extras[KEY] = settings;
}
