import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../../db/schema/index.ts';
import { CREDENTIAL_TABLES, isCredentialColumn } from './credentials.ts';

/** A key column of an export's keyset pages: its name and SQL type (the cursor's values are cast back to it). */
export type KeyColumn = { name: string; sqlType: string };

/**
 * How a table's rows are tied to the exported company: its own row in `companies`, a `company_id` column, or a
 * column referencing a table that has one (cbox_upload_parts.upload_id → cbox_uploads.id).
 */
export type TableScope =
  | { kind: 'company_row' }
  | { kind: 'company_id' }
  | { kind: 'parent'; column: string; parent: string; parentColumn: string };

/** One table of a company data export, as read from the Drizzle schema. */
export type ExportTable = {
  name: string;
  /** The columns written, in schema order: every column but credentials (credentials.ts). */
  columns: string[];
  omittedColumns: string[];
  /** The primary key the pages walk in order; null: the table has none and pages walk its physical row ids. */
  key: KeyColumn[] | null;
  scope: TableScope;
};

type Config = ReturnType<typeof getTableConfig>;

/** The type a cursor's text is cast to: a serial column's declared type is no type a cast may name. */
const SERIAL_TYPES: Record<string, string> = { smallserial: 'smallint', serial: 'integer', bigserial: 'bigint' };
const castType = (sqlType: string) => SERIAL_TYPES[sqlType] ?? sqlType;

const primaryKeyOf = (config: Config): KeyColumn[] | null => {
  const own = config.columns.filter((c) => c.primary);
  const composite = config.primaryKeys[0]?.columns ?? [];
  // A composite key names its columns through the table's extra config: their types are read from the table's own.
  const key = (own.length ? own : composite).map((k) => config.columns.find((c) => c.name === k.name)!);
  return key.length ? key.map((c) => ({ name: c.name, sqlType: castType(c.getSQLType()) })) : null;
};

function scopeOf(config: Config, scoped: ReadonlySet<string>): TableScope | null {
  if (config.name === 'companies') return { kind: 'company_row' };
  if (config.columns.some((c) => c.name === 'company_id')) return { kind: 'company_id' };
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    const parent = getTableConfig(ref.foreignTable).name;
    if (ref.columns.length === 1 && scoped.has(parent))
      return { kind: 'parent', column: ref.columns[0].name, parent, parentColumn: ref.foreignColumns[0].name };
  }
  return null;
}

/**
 * Every table a company data export carries, from server/src/db/schema/index.ts: the company's row, each table with
 * a `company_id` column, and each table without one that references such a table by one column (one level: its rows
 * are those whose parent is the company's). A table new in the schema is exported the day it exists; tables and
 * columns of credentials.ts never are. Tables reached by neither way (outbox_consumers) are not company data.
 */
export function exportTables(): ExportTable[] {
  if (cached) return cached;
  const configs = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table))
    .filter((config) => !CREDENTIAL_TABLES.has(config.name));
  const scoped = new Set(configs.filter((c) => c.columns.some((col) => col.name === 'company_id')).map((c) => c.name));
  const tables: ExportTable[] = [];
  for (const config of configs) {
    const scope = scopeOf(config, scoped);
    if (!scope) continue;
    const names = config.columns.map((c) => c.name);
    tables.push({
      name: config.name,
      columns: names.filter((n) => !isCredentialColumn(config.name, n)),
      omittedColumns: names.filter((n) => isCredentialColumn(config.name, n)),
      key: primaryKeyOf(config),
      scope,
    });
  }
  cached = tables.sort((a, b) => a.name.localeCompare(b.name));
  return cached;
}
let cached: ExportTable[] | undefined;
