import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.ts';

// PostgreSQL only (CI runs the server suites again with DATABASE_URL); PGlite has no idle connections.
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) console.log('db client: PostgreSQL cases skipped, DATABASE_URL is not set');

const name = `t_idle_${randomBytes(4).toString('hex')}`;
let database: Database;
const lost: Error[] = [];

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

describe.skipIf(!adminUrl)('PostgreSQL pool', () => {
  beforeAll(async () => {
    await admin((c) => c.query(`create database ${name}`));
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), onIdleError: (e) => lost.push(e) });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  it('survives an idle connection being terminated (a PostgreSQL restart) and reconnects on the next query', async () => {
    expect(await database.ping()).toBe(true);
    const terminated = await admin((c) =>
      c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
        name,
      ]),
    );
    expect(terminated.rowCount).toBeGreaterThan(0);
    for (let i = 0; i < 100 && lost.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(lost[0]?.message).toMatch(/terminating connection/);
    const result = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    const [row] = result.rows;
    expect(row.one).toBe(1);
  });
});
