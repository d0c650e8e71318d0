import ExcelJS from 'exceljs';
import type { Context } from 'hono';
import { isoOf, toIsoDate } from '#domain/format';
import type { Locale } from './i18n.ts';
import { toCsvText, type CsvValue } from './csv.ts';

/**
 * Spreadsheet downloads and uploads (docs/product.md §7 exports to xlsx or csv): one writer for every list export,
 * the CSV dialect of server/src/lib/csv.ts, and one reader of an uploaded sheet (xlsx or csv) as rows of text.
 */
export type SheetColumn<Row> = { header: string; width: number; value: (row: Row) => CsvValue };

/** An xlsx workbook of one sheet: bold, frozen header row, one line per row. */
export async function writeXlsx<Row>(sheetName: string, columns: SheetColumn<Row>[], rows: Row[]): Promise<Uint8Array> {
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
export function writeCsv<Row>(columns: SheetColumn<Row>[], rows: Row[], locale: Locale): string {
  return toCsvText(
    columns.map((c) => c.header),
    rows.map((r) => columns.map((c) => c.value(r))),
    locale,
  );
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type SheetFormat = 'csv' | 'xlsx';

/**
 * Answers a list export: `rows` in `format`, named `<baseName>-<today>.<format>`, with `X-Total-Rows` and, when the
 * list was cut at its export cap, `X-Truncated`.
 */
export async function sheetDownload<Row>(
  c: Context,
  opts: {
    format: SheetFormat;
    locale: Locale;
    baseName: string;
    sheetName: string;
    columns: SheetColumn<Row>[];
    rows: Row[];
    truncated?: boolean;
  },
) {
  const stamp = new Date().toISOString().slice(0, 10);
  c.header('Content-Disposition', `attachment; filename="${opts.baseName}-${stamp}.${opts.format}"`);
  c.header('X-Total-Rows', String(opts.rows.length));
  if (opts.truncated) c.header('X-Truncated', 'true');
  if (opts.format === 'csv') {
    c.header('Content-Type', 'text/csv; charset=utf-8');
    return c.body(writeCsv(opts.columns, opts.rows, opts.locale));
  }
  c.header('Content-Type', XLSX_TYPE);
  return c.body((await writeXlsx(opts.sheetName, opts.columns, opts.rows)) as Uint8Array<ArrayBuffer>);
}

/** A cell as the text a person typed: rich text joined, formulas by their result, dates as YYYY-MM-DD. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text).trim();
  }
  return String(value).trim();
}

/** Sheet rows numbered as the spreadsheet numbers them (the header is row 1). */
export type SheetRow = { row: number; cells: string[] };

/** The first sheet of an xlsx, or null when the bytes are not one. */
async function xlsxRows(bytes: Uint8Array): Promise<SheetRow[] | null> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = book.worksheets[0];
  if (!sheet) return null;
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    for (let i = 1; i <= row.cellCount; i++) cells.push(cellText(row.getCell(i).value));
    rows.push({ row: number, cells });
  });
  return rows;
}

/** RFC 4180 fields with the separator the header line uses most (';' from es/pt Excel, ',' elsewhere). */
export function csvRows(text: string): SheetRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  const endRow = () => {
    cells.push(field);
    if (cells.some((c) => c.trim() !== '')) rows.push({ row: line, cells: cells.map((c) => c.trim()) });
    cells = [];
    field = '';
    line++;
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') ((field += '"'), i++);
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === separator) (cells.push(field), (field = ''));
    else if (ch === '\n') endRow();
    else if (ch !== '\r') field += ch;
  }
  if (field !== '' || cells.length) endRow();
  return rows;
}

/** An uploaded sheet, xlsx or csv (by its name or, failing that, its bytes); null when it is neither. */
export async function readSheet(bytes: Uint8Array, fileName = ''): Promise<SheetRow[] | null> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (/\.xlsx$/i.test(fileName) || isZip) return xlsxRows(bytes);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\u0000')) return null;
  return csvRows(text);
}

/** Header cells as column names: a blank one is named by its position, a repeated one gets its position too. */
export function columnNames(cells: string[], width: number): string[] {
  const seen = new Set<string>();
  return Array.from({ length: width }, (_, i) => {
    let name = (cells[i] ?? '').trim() || `#${i + 1}`;
    if (seen.has(name.toLowerCase())) name = `${name} (#${i + 1})`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/** A header folded to compare it with header words: no case, no accents, no punctuation but %. */
export const foldHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();

/**
 * A spreadsheet date cell as YYYY-MM-DD: dd-mm-yyyy or yyyy-mm-dd ('/' too, time ignored, domain/format.ts toIsoDate),
 * an xlsx date cell (cellText writes it YYYY-MM-DD) or an Excel serial; null when it is none of them.
 */
export function sheetDate(text: string): string | null {
  const iso = toIsoDate(text);
  if (iso) return iso;
  // Excel's day numbers (1900 system, counted from 1899-12-30), as a csv export of a date cell writes them.
  if (/^\d{5}(\.\d+)?$/.test(text)) {
    const serial = Math.floor(Number(text));
    if (serial < 10_000 || serial > 100_000) return null;
    const d = new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000);
    return isoOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }
  return null;
}
