import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TopicGrant } from '#domain/realtime-topics';

/**
 * Short-lived MQTT credentials for mobile apps and devices (docs/decisions.md, Realtime). The password is the grant
 * (user, company, visible projects, the session it belongs to, expiry) signed with the app's
 * signing secret, so any process can issue it and the broker verifies it without a database; the
 * broker asks the app only whether that session is still open (broker.ts).
 */
export const DEFAULT_MQTT_TTL_SECONDS = 15 * 60;
/** The relay, the gateways and other server processes connect with this user. */
export const INTERNAL_MQTT_USER = 'qa-internal';

/** `sid`: the live key of the session the credentials were issued to (they end with it). */
export type SessionGrant = TopicGrant & { sid?: string };
type SignedGrant = SessionGrant & { exp: number };

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(`mqtt:${data}`).digest('base64url');

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const mqttUsername = (userId: number) => `u${userId}`;

export function issueMqttCredentials(
  secret: string,
  grant: SessionGrant,
  ttlSeconds = DEFAULT_MQTT_TTL_SECONDS,
  now = Date.now(),
) {
  const signed: SignedGrant = { ...grant, projectIds: [...grant.projectIds], exp: Math.floor(now / 1000) + ttlSeconds };
  const payload = Buffer.from(JSON.stringify(signed)).toString('base64url');
  return {
    username: mqttUsername(grant.userId),
    password: `${payload}.${sign(secret, payload)}`,
    expiresAt: new Date(signed.exp * 1000),
  };
}

/** The grant behind a user's credentials, or undefined when forged, mangled, foreign or expired. */
export function verifyMqttCredentials(
  secret: string,
  username: string | undefined,
  password: string | undefined,
  now = Date.now(),
): SignedGrant | undefined {
  if (!username || !password || password.length > 4096) return undefined;
  const dot = password.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const payload = password.slice(0, dot);
  if (!safeEqual(password.slice(dot + 1), sign(secret, payload))) return undefined;
  let grant: SignedGrant;
  try {
    grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignedGrant;
  } catch {
    return undefined;
  }
  if (username !== mqttUsername(grant.userId) || !(grant.exp * 1000 > now)) return undefined;
  return grant;
}

/** Credentials of our own server processes on the embedded broker, derived from the secret. */
export function internalMqttCredentials(secret: string) {
  return { username: INTERNAL_MQTT_USER, password: sign(secret, 'internal') };
}

export function isInternalMqtt(secret: string, username: string | undefined, password: string | undefined): boolean {
  return (
    username === INTERNAL_MQTT_USER && typeof password === 'string' && safeEqual(password, sign(secret, 'internal'))
  );
}
