import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { isEmpty, seedDemo } from './db/seed.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createMailer } from './mail/mailer.ts';
import { createSessionCache } from './auth/session.ts';
import { createBackgroundTasks } from './lib/background.ts';
import type { AppDeps } from './http/context.ts';
import { moduleRegistry } from './modules.ts';

/** A signing secret that survives restarts: from SIGNING_SECRET, else generated once under DATA_DIR. */
function signingSecret(config: AppConfig): string {
  if (config.signingSecret) return config.signingSecret;
  const file = path.join(config.dataDir, 'signing-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Builds the services of one process: database (migrated, seeded when empty), mailer, sessions,
 * and the modules' registrations (server/src/modules.ts).
 */
export async function createDeps(
  config: AppConfig,
  opts: { inMemory?: boolean; seed?: boolean; log?: Logger; database?: Database } = {},
): Promise<AppDeps> {
  const log = opts.log ?? createLogger(config.logLevel);
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: opts.inMemory,
      onIdleError: (error) => log.warn('idle database connection lost', { error: error.message }),
    }));
  if (opts.seed !== false && (await isEmpty(database.db))) {
    log.info('seeding demo data');
    await seedDemo(database.db);
  }
  const secret = opts.inMemory && !config.signingSecret ? randomBytes(32).toString('hex') : signingSecret(config);
  const deps: AppDeps = {
    config: { ...config, signingSecret: secret },
    database,
    log,
    mailer: createMailer(database.db, log, config.smtpUrl),
    sessions: createSessionCache(database.db, {
      idleMs: config.sessionIdleMs,
      absoluteMs: config.sessionAbsoluteMs,
      onEnded: () => deps.wakeOutbox?.(),
    }),
    background: createBackgroundTasks(log),
    registry: moduleRegistry(),
    extras: {},
  };
  // What the seed's rows point to in storage (a demo model's IFC…): idempotent, so a start that stopped halfway resumes.
  if (opts.seed !== false) for (const { write } of deps.registry.demoFileWriters()) await write(deps);
  return deps;
}
