import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from '#domain/http-timeouts';
import { API_RATE_PER_MINUTE_DEFAULT } from '#domain/api-apps';
import { CBOX_LIMITS } from '#domain/cbox';

/** Everything configurable comes from the environment (README: Configuration). */
export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  mqttUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  publicUrl: string;
  /** Idle expiry of a session, ms. */
  sessionIdleMs: number;
  /** Absolute expiry of a session, ms. */
  sessionAbsoluteMs: number;
  /** Secret for signing upload URLs and other short-lived tokens. */
  signingSecret: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Proxies in front of the app whose X-Forwarded-For entries are believed (0: none). */
  trustProxy: number;
  /** How long a client may take to send headers and body, or stay silent (docs/decisions.md, Hardening). */
  http: HttpTimeouts;
  s3?: { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string };
  /** docs/product.md §2 module banner: the mobile app's links; null ones are not shown. */
  mobileApps: MobileAppLinks;
  /** docs/product.md §6: who is e-mailed when a company reaches an active-user limit (PROVIDER_EMAIL); null: nobody. */
  providerEmail: string | null;
  /**
   * Outbound targets let through although they are not public (OUTBOUND_ALLOW: IPs or CIDRs, comma separated), for
   * an on-premise receiver; every other loopback, private, link-local or metadata address is refused
   * (server/src/lib/outbound.ts).
   */
  outboundAllow: string[];
  /** Public API requests per minute and API app (PUBLIC_API_RATE_PER_MINUTE), counted per process. */
  publicApiRatePerMinute: number;
  /** A company's Cbox storage quota in bytes when it has none of its own (CBOX_QUOTA_BYTES). */
  cboxQuotaBytes: number;
  /** HubSpot's API root (HUBSPOT_API_URL), the CRM integration calls it (server/src/modules/integrations/hubspot). */
  hubspotApiUrl: string;
  /** The construction platform's API and OAuth server (PROCORE_API_URL, PROCORE_LOGIN_URL; a sandbox in tests). */
  procore: { apiUrl: string; loginUrl: string };
};

export type MobileAppLinks = { android: string | null; ios: string | null; apk: string | null; help: string | null };

/** An http(s) address or a same-site path; anything else (a typo, javascript:) is no link at all. */
function linkOf(value: string | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** One address (trimmed, lower case) or null: a value that is not an address is no recipient at all. */
function emailOf(value: string | undefined): string | null {
  const v = value?.trim().toLowerCase();
  return v && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? v : null;
}

/** IPs and CIDRs from a comma-separated list; entries that are neither are dropped. */
function addressList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => isIP(v) !== 0 || isCidr(v));
}

function isCidr(value: string): boolean {
  const [ip, bits, extra] = value.split('/');
  const n = Number(bits);
  const family = isIP(ip ?? '');
  return extra === undefined && family !== 0 && /^\d{1,3}$/.test(bits ?? '') && n <= (family === 4 ? 32 : 128);
}

/** Seconds from the environment, or the default; anything not a positive number is the default. */
function seconds(value: string | undefined, defaultMs: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? Math.round(n * 1000) : defaultMs;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const s3 =
    env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY && env.S3_SECRET_KEY
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          accessKey: env.S3_ACCESS_KEY,
          secretKey: env.S3_SECRET_KEY,
          region: env.S3_REGION ?? 'us-east-1',
        }
      : undefined;
  return {
    port,
    // Loopback unless asked: a default start must not expose the demo accounts to the network.
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    mqttUrl: env.MQTT_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    sessionIdleMs: Number(env.SESSION_IDLE_MINUTES ?? 120) * 60_000,
    sessionAbsoluteMs: Number(env.SESSION_ABSOLUTE_HOURS ?? 12) * 3_600_000,
    signingSecret: env.SIGNING_SECRET ?? '',
    logLevel: (env.LOG_LEVEL as AppConfig['logLevel']) ?? 'info',
    trustProxy: proxyHops(env.TRUST_PROXY),
    http: {
      headersTimeoutMs: seconds(env.HTTP_HEADERS_TIMEOUT_SECONDS, DEFAULT_HTTP_TIMEOUTS.headersTimeoutMs),
      requestTimeoutMs: seconds(env.HTTP_REQUEST_TIMEOUT_SECONDS, DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs),
      idleTimeoutMs: seconds(env.HTTP_IDLE_TIMEOUT_SECONDS, DEFAULT_HTTP_TIMEOUTS.idleTimeoutMs),
    },
    s3,
    mobileApps: {
      android: linkOf(env.MOBILE_APP_ANDROID_URL),
      ios: linkOf(env.MOBILE_APP_IOS_URL),
      apk: linkOf(env.MOBILE_APP_APK_URL),
      help: linkOf(env.MOBILE_APP_HELP_URL),
    },
    providerEmail: emailOf(env.PROVIDER_EMAIL),
    outboundAllow: addressList(env.OUTBOUND_ALLOW),
    publicApiRatePerMinute: positiveOr(env.PUBLIC_API_RATE_PER_MINUTE, API_RATE_PER_MINUTE_DEFAULT),
    cboxQuotaBytes: bytesOr(env.CBOX_QUOTA_BYTES, CBOX_LIMITS.defaultQuotaBytes),
    hubspotApiUrl: baseUrl(env.HUBSPOT_API_URL, 'https://api.hubapi.com'),
    procore: {
      apiUrl: baseUrl(env.PROCORE_API_URL, 'https://api.procore.com'),
      loginUrl: baseUrl(env.PROCORE_LOGIN_URL, 'https://login.procore.com'),
    },
  };
}

/** A positive whole number from the environment, else the default. */
function positiveOr(value: string | undefined, fallback: number): number {
  return value && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : fallback;
}

/** A size in bytes (at most 2^53 − 1); the fallback when unset or not a whole positive number. */
function bytesOr(value: string | undefined, fallback: number): number {
  return value && /^\d{1,16}$/.test(value) && Number(value) > 0 && Number.isSafeInteger(Number(value))
    ? Number(value)
    : fallback;
}

/** An http(s) base address without its trailing slash; the default when unset or not an address. */
function baseUrl(value: string | undefined, fallback: string): string {
  const link = linkOf(value);
  return link && !link.startsWith('/') ? link.replace(/\/+$/, '') : fallback;
}

/** TRUST_PROXY: a hop count ('1', '2', …; 'true' is one hop). Anything else trusts no proxy. */
function proxyHops(value: string | undefined): number {
  if (value === 'true') return 1;
  return value && /^\d{1,2}$/.test(value) ? Number(value) : 0;
}
