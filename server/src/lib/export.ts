import ExcelJS from 'exceljs';
import type { Context } from 'hono';
import type { Locale } from './i18n.ts';
import { toCsvText, type CsvValue } from './csv.ts';

/** One column of a list export (docs/product.md §7 exports to xlsx or csv), labelled in the caller's language. */
export type ExportColumn<R> = { header: string; width: number; value: (row: R) => CsvValue };
export type ExportFormat = 'csv' | 'xlsx';

/** The rows as one worksheet: bold header row, frozen under it, the columns' widths. */
export async function toXlsxOf<R>(sheetName: string, columns: ExportColumn<R>[], rows: R[]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(columns.map((c) => c.value(r)));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** The CSV of the caller's language (server/src/lib/csv.ts: ';' and decimal commas for es and pt-BR, BOM, CRLF). */
export function toCsvOf<R>(columns: ExportColumn<R>[], rows: R[], locale: Locale): string {
  return toCsvText(
    columns.map((c) => c.header),
    rows.map((r) => columns.map((c) => c.value(r))),
    locale,
  );
}

/** Answers a download of `rows` in `format`, named `<baseName>-<today>.<format>`. */
export async function exportResponse<R>(
  c: Context,
  opts: {
    format: ExportFormat;
    locale: Locale;
    baseName: string;
    sheetName: string;
    columns: ExportColumn<R>[];
    rows: R[];
  },
) {
  const stamp = new Date().toISOString().slice(0, 10);
  c.header('Content-Disposition', `attachment; filename="${opts.baseName}-${stamp}.${opts.format}"`);
  c.header('X-Total-Rows', String(opts.rows.length));
  if (opts.format === 'csv') {
    c.header('Content-Type', 'text/csv; charset=utf-8');
    return c.body(toCsvOf(opts.columns, opts.rows, opts.locale));
  }
  c.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return c.body((await toXlsxOf(opts.sheetName, opts.columns, opts.rows)) as Uint8Array<ArrayBuffer>);
}
