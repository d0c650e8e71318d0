import ExcelJS from 'exceljs';
import type { Translate } from '../../../lib/i18n.ts';
import type { listRow } from './list.ts';
import { formatIn } from '../shared/dates.ts';

type Row = ReturnType<typeof listRow>;

/** Columns of the export (docs/product.md#ticket-screens: the filtered set to xlsx and csv), labelled in the caller's language. */
function columns(t: Translate, tz: string) {
  const when = (iso: string) => formatIn(iso, tz, 'DD-MM-YYYY HH:mm');
  return [
    { header: t('warranties.export.code'), width: 14, value: (r: Row) => r.code },
    { header: t('warranties.export.subject'), width: 40, value: (r: Row) => r.subject },
    { header: t('warranties.export.state'), width: 14, value: (r: Row) => t(`warranties.states.${r.state}`) },
    { header: t('warranties.export.priority'), width: 10, value: (r: Row) => t(`warranties.priorities.${r.priority}`) },
    { header: t('warranties.export.origin'), width: 10, value: (r: Row) => t(`warranties.origins.${r.origin}`) },
    { header: t('warranties.export.project'), width: 28, value: (r: Row) => r.project.name },
    { header: t('warranties.export.tower'), width: 12, value: (r: Row) => r.tower?.name ?? '' },
    { header: t('warranties.export.unit'), width: 10, value: (r: Row) => r.unit.number },
    { header: t('warranties.export.applicant'), width: 28, value: (r: Row) => r.applicant?.name ?? '' },
    { header: t('warranties.export.responsible'), width: 28, value: (r: Row) => r.responsible?.full_name ?? '' },
    { header: t('warranties.export.progress'), width: 10, value: (r: Row) => r.progress.percent },
    { header: t('warranties.export.created_at'), width: 17, value: (r: Row) => when(r.created_at) },
    { header: t('warranties.export.updated_at'), width: 17, value: (r: Row) => when(r.updated_at) },
  ];
}

export async function toXlsx(rows: Row[], t: Translate, tz: string): Promise<Uint8Array> {
  const cols = columns(t, tz);
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const sheet = book.addWorksheet(t('warranties.export.sheet'));
  sheet.columns = cols.map((c, i) => ({ header: c.header, key: String(i), width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(cols.map((c) => c.value(r)));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const cell = (v: string | number) => {
  const s = String(v);
  // Quote when needed (RFC 4180) and neutralise formulas so a spreadsheet never executes a cell.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** UTF-8 with BOM so Excel opens accents right; comma-separated, CRLF lines. */
export function toCsv(rows: Row[], t: Translate, tz: string): string {
  const cols = columns(t, tz);
  const lines = [cols.map((c) => cell(c.header)).join(','), ...rows.map((r) => cols.map((c) => cell(c.value(r))).join(','))];
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}
