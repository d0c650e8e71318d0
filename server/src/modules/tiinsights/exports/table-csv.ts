import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';
import type { ExportTable } from './tables.ts';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, or is empty, so an empty text
 * (`""`) and a null (nothing) read apart. Values are PostgreSQL's own text form (`::text`), as COPY writes them.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  return value === '' || /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const csvLine = (values: (string | null)[]) => values.map(csvField).join(',') + '\r\n';

const id = (name: string) => sql.identifier(name);

function scopeCondition(table: ExportTable, companyId: number): SQL {
  const { scope } = table;
  if (scope.kind === 'company_row') return sql`${id('id')} = ${companyId}`;
  if (scope.kind === 'company_id') return sql`${id('company_id')} = ${companyId}`;
  return sql`${id(scope.column)} in (select ${id(scope.parentColumn)} from ${id(scope.parent)} where ${id('company_id')} = ${companyId})`;
}

/** The key the pages walk: the primary key's columns, or the physical row id of a table without one. */
const keyOf = (table: ExportTable) => table.key ?? [{ name: 'ctid', sqlType: 'tid' }];

/** Rows after the cursor, by the key as a row value: `(a, b) > ($1::date, $2::text)`. */
function afterCursor(table: ExportTable, cursor: string[]): SQL {
  const key = keyOf(table);
  const columns = sql.join(
    key.map((k) => id(k.name)),
    sql`, `,
  );
  const values = sql.join(
    key.map((k, i) => sql`${cursor[i]}::${sql.raw(k.sqlType)}`),
    sql`, `,
  );
  return sql`(${columns}) > (${values})`;
}

type Row = Record<string, string | null>;

/**
 * A table's rows of one company as CSV, a header line first, read in keyset pages of `pageRows` rows in key order
 * (never OFFSET, never the whole table at once), so memory holds one page whatever the table's size. Each page is
 * yielded as one chunk; `onRows` is told each page's row count.
 */
export async function* tableCsv(
  db: DbOrTx,
  table: ExportTable,
  companyId: number,
  pageRows: number,
  onRows: (rows: number) => void,
): AsyncGenerator<string> {
  yield csvLine(table.columns);
  const key = keyOf(table);
  const select = sql.join(
    [
      ...table.columns.map((c) => sql`${id(c)}::text as ${id(c)}`),
      ...key.map((k, i) => sql`${id(k.name)}::text as ${id(`__key${i}`)}`),
    ],
    sql`, `,
  );
  // Qualified: a bare name in ORDER BY would be the output column (its text), and '10' sorts before '9'.
  const order = sql.join(
    key.map((k) => sql`${id(table.name)}.${id(k.name)}`),
    sql`, `,
  );
  let cursor: string[] | null = null;
  for (;;) {
    const where: SQL = cursor
      ? sql`${scopeCondition(table, companyId)} and ${afterCursor(table, cursor)}`
      : scopeCondition(table, companyId);
    const rows: Row[] = rowsOf<Row>(
      await db.execute(sql`select ${select} from ${id(table.name)} where ${where} order by ${order} limit ${pageRows}`),
    );
    if (!rows.length) return;
    onRows(rows.length);
    yield rows.map((r) => csvLine(table.columns.map((c) => r[c]))).join('');
    if (rows.length < pageRows) return;
    const last: Row = rows[rows.length - 1];
    cursor = key.map((_, i) => last[`__key${i}`] ?? '');
  }
}
