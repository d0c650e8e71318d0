import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type services use, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw `db.execute(sql…)` result, whichever driver answered (both wrap them in `rows`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DbOptions = {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** Told about errors of idle PostgreSQL connections (a server restart, a terminated backend). */
  onIdleError?: (error: Error) => void;
};

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite; applies the migrations. */
export async function openDatabase(opts: DbOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.onIdleError);
  return openPglite(opts.inMemory ? undefined : path.join(opts.dataDir ?? 'data', 'pglite'));
}

/**
 * PostgreSQL settings of the embedded PGlite, after PGlite's own (which `startParams` replaces). Its shared memory is
 * malloc'd and zeroed inside the WebAssembly memory at start, so every megabyte of shared_buffers is resident from the
 * first query on and the memory never shrinks; initdb's 128 MB made the wasm memory grow to 189 MB. 16 MB holds the
 * hot pages of the demo (its whole database is ~50 MB, read through the OS page cache or, in memory, from JS). A
 * lower maintenance_work_mem bounds what a migration's CREATE INDEX adds for good. Plans do not change
 * (effective_cache_size and work_mem stay). PostgreSQL (DATABASE_URL) is configured by its operator, not here.
 * docs/decisions.md D-288; `npm run bench -- memory`.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
};

async function openPglite(dir?: string): Promise<Database> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const client = new PGlite({ dataDir: dir, startParams });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
      return true;
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, onIdleError?: (error: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_MAX ?? 10) });
  // An idle client whose backend goes away (PostgreSQL restarting, a terminated connection) emits
  // 'error' on the pool; unheard, that is an uncaught exception that ends the process. The pool
  // drops the client and opens a new one on the next query, so reporting it is enough.
  pool.on('error', (error) =>
    (
      onIdleError ??
      ((e: Error) =>
        console.error(JSON.stringify({ level: 'warn', msg: 'idle database connection lost', error: e.message })))
    )(error),
  );
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
      return true;
    },
    close: async () => {
      await pool.end();
    },
  };
}
