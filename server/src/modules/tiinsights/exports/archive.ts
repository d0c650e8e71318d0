import { Readable, Transform } from 'node:stream';
import yazl from 'yazl';
import { INSIGHTS_LIMITS } from '#domain/insights';
import type { DbOrTx } from '../../../db/client.ts';
import type { Ref } from '#domain/responses';
import { CREDENTIAL_TABLES } from './credentials.ts';
import { tableCsv } from './table-csv.ts';
import { exportTables, type ExportTable } from './tables.ts';

/** What a finished export carried: the zip's tables (CSV files), their rows and the zip's bytes. */
export type ExportTotals = { tables: number; rows: number; bytes: number };

const scopeText = (t: ExportTable) =>
  t.scope.kind === 'company_row'
    ? 'companies.id'
    : t.scope.kind === 'company_id'
      ? 'company_id'
      : `${t.scope.column} → ${t.scope.parent}.${t.scope.parentColumn}`;

/** manifest.json: the company, when, and each table's file, row count and how its rows were chosen. */
function manifest(company: Ref, generatedAt: Date, tables: ExportTable[], counts: Map<string, number>) {
  return {
    company,
    generated_at: generatedAt.toISOString(),
    format: 'csv (RFC 4180, UTF-8, PostgreSQL text values; an empty field is null, "" an empty text)',
    tables: tables.map((t) => ({
      name: t.name,
      file: `${t.name}.csv`,
      rows: counts.get(t.name) ?? 0,
      scope: scopeText(t),
    })),
    omitted: {
      tables: [...CREDENTIAL_TABLES].sort(),
      columns: tables.flatMap((t) => t.omittedColumns.map((c) => `${t.name}.${c}`)),
    },
  };
}

/**
 * One company's data as a zip stream (docs/api.md, Insights: GET exportaciones/{id}/descarga): a `<table>.csv` per
 * table of tables.ts, each written only when the previous one is done and read in keyset pages (table-csv.ts) as fast
 * as the client takes the zip, then manifest.json with the row counts. Memory holds a page or two, whatever the
 * company's size. `onDone` runs with the totals once the last byte went through, before the stream ends (so whoever
 * read the whole zip finds the export recorded); a client that goes away stops the reading and records nothing.
 * The streaming and error handling follow server/src/modules/cbox/downloads/zip.ts zipStream.
 */
export function exportArchive(
  db: DbOrTx,
  company: Ref,
  onDone: (totals: ExportTotals) => Promise<void>,
  pageRows: number = INSIGHTS_LIMITS.exportPageRows,
): Readable {
  const tables = exportTables();
  const counts = new Map<string, number>();
  const generatedAt = new Date();
  let bytes = 0;
  const output = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      const rows = [...counts.values()].reduce((sum, n) => sum + n, 0);
      onDone({ tables: tables.length, rows, bytes }).then(() => done(), done);
    },
  });
  const zip = new yazl.ZipFile();
  let reading: Readable | undefined;
  const fail = (error: unknown) => {
    reading?.destroy();
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  const zipped = zip.outputStream as Readable;
  zipped.on('error', fail);
  output.on('close', () => {
    reading?.destroy();
    zipped.destroy();
  });
  const lazy = (name: string, open: () => Readable) =>
    zip.addReadStreamLazy(name, { compress: true, mtime: generatedAt }, (done) => {
      if (output.destroyed) return;
      reading = open();
      reading.on('error', fail);
      done(null, reading);
    });
  for (const table of tables) {
    counts.set(table.name, 0);
    const onRows = (n: number) => counts.set(table.name, (counts.get(table.name) ?? 0) + n);
    lazy(`${table.name}.csv`, () =>
      Readable.from(tableCsv(db, table, company.id, pageRows, onRows), { objectMode: false }),
    );
  }
  lazy('manifest.json', () =>
    Readable.from([JSON.stringify(manifest(company, generatedAt, tables, counts), null, 2)], { objectMode: false }),
  );
  zip.end();
  zipped.pipe(output);
  return output;
}
