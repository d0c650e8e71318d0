import pg from 'pg';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemo, type SeedResult } from './db/seed.ts';
import { createDeps } from './deps.ts';
import { createApp } from './app.ts';
import { createLogger } from './lib/logger.ts';
import { DEMO_PASSWORD } from './db/seed-data.ts';
import type { AppDeps } from './http/context.ts';
import { profiles, users } from './db/schema/index.ts';
import { startEventFlow, type EventFlow } from './events/flow.ts';

/**
 * One seeded app per test file: in-memory PGlite by default, or a fresh database on the server of
 * DATABASE_URL (dropped afterwards), so the same suites run on both engines. With `events`, the
 * outbox consumers run (server/src/events/flow.ts) without a broker; suites that need the broker
 * and the gateway use runtime/test-support.ts, which adds them (server/ does not import realtime/).
 */
export async function createTestContext(opts: { events?: boolean; clientDir?: string } = {}) {
  const config = { ...loadConfig({ ...process.env, DATA_DIR: '.tmp/test-data' }), logLevel: 'silent' as const };
  let dropDb: (() => Promise<void>) | undefined;
  let database: Database;
  if (process.env.DATABASE_URL) {
    const name = `t_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    // Dropping the database at close() may terminate a connection the pool is still ending.
    database = await openDatabase({ databaseUrl: url.toString(), onIdleError: () => undefined });
    dropDb = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ inMemory: true });
  }
  const seed: SeedResult = await seedDemo(database.db);
  const deps: AppDeps = await createDeps(
    { ...config, databaseUrl: undefined },
    { database, seed: false, inMemory: true, log: createLogger('silent') },
  );
  const app = createApp(deps, { clientDir: opts.clientDir });

  const base = 'http://localhost/api/v2/public/api';
  async function request(
    method: string,
    path: string,
    opts: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = {
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      ...opts.headers,
    };
    if (opts.cookie) headers.Cookie = opts.cookie;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await app.request(path.startsWith('/') ? path : `${base}/${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text, headers: res.headers };
  }

  /** Signs in and returns the session cookie header value. */
  async function login(username: string, password = DEMO_PASSWORD): Promise<string> {
    const res = await app.request(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ username, password }),
    });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${await res.text()}`);
    return res.headers.get('set-cookie')!.split(';')[0];
  }

  const events: EventFlow | undefined = opts.events ? startEventFlow(deps, { pollMs: 100 }) : undefined;

  async function close() {
    await events?.stop();
    await database.close();
    await dropDb?.();
  }

  return { app, deps, db: database.db, seed, request, login, close, events };
}
export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * A staff user of the demo company whose profile holds exactly `permissions` (no demo role splits a module's flags
 * every way a test needs); signs in with the demo password.
 */
export async function staffWith(ctx: TestContext, username: string, permissions: string[]) {
  const [template] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
  const [profile] = await ctx.db
    .insert(profiles)
    .values({ companyId: template.companyId, name: `Prueba ${username}`, permissions })
    .returning();
  await ctx.db.insert(users).values({
    companyId: template.companyId,
    username,
    firstName: 'Prueba',
    lastName: username,
    passwordHash: template.passwordHash,
    profileId: profile.id,
  });
  return ctx.login(username);
}
