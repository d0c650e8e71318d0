import type { Locale } from './i18n.ts';

/**
 * How a CSV download is written for the caller's language (docs/product.md §7 exports). Excel reads a CSV with the
 * list separator of the computer's regional settings: in Spanish and Portuguese (Brazil) that is ';', because ','
 * is the decimal mark, so a comma-separated file opens as one column. Both languages therefore get ';' fields and
 * decimal commas; a UTF-8 BOM makes Excel read accents right. A new language adds its line here.
 */
export const CSV_DIALECTS: Record<Locale, { separator: string; decimal: string }> = {
  es: { separator: ';', decimal: ',' },
  'pt-BR': { separator: ';', decimal: ',' },
};

export type CsvValue = string | number | null | undefined;

function field(value: CsvValue, dialect: { separator: string; decimal: string }): string {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', dialect.decimal) : '';
  // Neutralise formulas so a spreadsheet never executes a cell, then quote when needed (RFC 4180).
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(dialect.separator) || /["\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header row and data rows → the CSV text of the caller's language: BOM, its separator and decimal mark, CRLF. */
export function toCsvText(header: string[], rows: CsvValue[][], locale: Locale): string {
  const dialect = CSV_DIALECTS[locale];
  const line = (cells: CsvValue[]) => cells.map((c) => field(c, dialect)).join(dialect.separator);
  return '\uFEFF' + [line(header), ...rows.map(line)].join('\r\n') + '\r\n';
}
