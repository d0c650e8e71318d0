import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import type { Locale, Translate } from '../lib/i18n.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SessionCache } from '../auth/session.ts';
import type { BackgroundTasks } from '../lib/background.ts';
import type { TopicGrant } from '#domain/realtime-topics';
import type { Registry } from '../registry.ts';

/** A signed-in person as every route sees them: tenant, permissions and visible projects. */
export type SessionUser = {
  id: number;
  companyId: number;
  kind: 'staff' | 'owner';
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  locale: string | null;
  profileId: number | null;
  profileName: string;
  permissions: ReadonlySet<string>;
  /** Projects this user may see; every company query filters on it (docs/architecture.md §4). */
  projectIds: readonly number[];
  sessionId: string;
};

/** Services the app is built from; tests pass their own. Extra services hang off `extras`. */
export type AppDeps = {
  config: AppConfig;
  database: Database;
  log: Logger;
  mailer: Mailer;
  sessions: SessionCache;
  /** Work started by a request and finished after its answer (shutdown waits for it). */
  background: BackgroundTasks;
  /** What the modules registered (server/src/modules.ts): file access, entity rooms, outbox consumers. */
  registry: Registry;
  /** Liveness of the broker for /ready; absent when the process runs without one. */
  brokerReady?: () => boolean;
  /** Wakes the outbox relay and consumers after a commit that wrote events (docs/architecture.md §5); absent when none run. */
  wakeOutbox?: () => void;
  /**
   * Signs MQTT credentials for a grant (POST auth/mqtt-credentials): given by the runtime that runs
   * the broker (runtime/realtime.ts), since server/ does not import realtime/; absent without one.
   */
  mqttCredentials?: (grant: TopicGrant & { sid: string }, ttlSeconds: number) => { username: string; password: string; expiresAt: Date };
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
