import { DATE_YEARS } from './limits.ts';

/**
 * Number and date formatting of docs/product.md §9 ("number format es-CL with a compact form") and docs/product.md §5
 * ("number input: thousands '.', decimal ','"). Written by hand instead of Intl because ICU data
 * differs between Node and browsers (Node's es-CL compact prints "1,2 K" but "12,3 k"); the server
 * (exports, e-mails) and the client must print the same text.
 */

export type FormatNumberOptions = {
  /** Maximum decimal digits (docs/product.md §5 number input default: 2). */
  precision?: number;
  /** Pad with zeros up to `precision` ("1.234,50"), as a money-like input shows it. */
  fixed?: boolean;
};

/** Rounds half away from zero without binary artefacts (1.005 → 1.01, not 1.00). */
export function roundTo(value: number, precision: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const rounded = Number(`${Math.round(Number(`${Math.abs(value)}e${precision}`))}e-${precision}`);
  return Number.isFinite(rounded) ? sign * rounded : value;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** 1234567.891 → "1.234.567,89". null, undefined and NaN print as an empty string. */
export function formatNumber(value: number | null | undefined, options: FormatNumberOptions = {}): string {
  const { precision = 2, fixed = false } = options;
  if (value == null || !Number.isFinite(value)) return '';
  const rounded = roundTo(value, precision);
  const [int, frac = ''] = Math.abs(rounded).toFixed(precision).split('.');
  const decimals = fixed ? frac : frac.replace(/0+$/, '');
  const sign = rounded < 0 ? '-' : '';
  return `${sign}${groupThousands(int)}${decimals ? `,${decimals}` : ''}`;
}

export type CompactLocale = 'es' | 'pt-BR';

/** Suffixes as CLDR gives them for es and pt, smallest first (es: "mil M" is a thousand million). */
const COMPACT_UNITS: Record<CompactLocale, readonly (readonly [number, string])[]> = {
  es: [
    [1, ''],
    [1e3, 'mil'],
    [1e6, 'M'],
    [1e9, 'mil M'],
    [1e12, 'B'],
  ],
  'pt-BR': [
    [1, ''],
    [1e3, 'mil'],
    [1e6, 'mi'],
    [1e9, 'bi'],
    [1e12, 'tri'],
  ],
};

/** 1234 → "1,2 mil", 3_400_000 → "3,4 M" (pt-BR: "3,4 mi"). Below 1000 prints like formatNumber. */
export function formatCompact(
  value: number | null | undefined,
  options: { precision?: number; locale?: CompactLocale } = {},
): string {
  const { precision = 1, locale = 'es' } = options;
  if (value == null || !Number.isFinite(value)) return '';
  const units = COMPACT_UNITS[locale];
  let i = 0;
  while (i < units.length - 1 && Math.abs(value) >= units[i + 1][0]) i++;
  let scaled = roundTo(value / units[i][0], precision);
  // 999_999 would round to "1000 mil": carry it into the next unit ("1 M").
  if (Math.abs(scaled) >= 1000 && i < units.length - 1) {
    i++;
    scaled = roundTo(value / units[i][0], precision);
  }
  const suffix = units[i][1];
  return suffix ? `${formatNumber(scaled, { precision })} ${suffix}` : formatNumber(scaled, { precision });
}

const GROUPED = /^\d{1,3}(\.\d{3})+$/;

/**
 * Reads a number typed the es-CL way: "1.234,5" → 1234.5, "10,5" → 10.5, "1.234" → 1234,
 * "-3" → -3. With no comma, a single dot that does not group thousands is a decimal point
 * ("10.5" → 10.5, as pasted from other software). Anything else → null.
 */
export function parseDecimal(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input !== 'string') return null;
  const text = input.trim();
  const match = /^([+-]?)(.+)$/.exec(text);
  if (!match) return null;
  const [, sign, body] = match;
  let normalized: string;
  if (body.includes(',')) {
    const [int, frac, ...rest] = body.split(',');
    if (rest.length > 0 || !/^\d*$/.test(frac) || (int.includes('.') ? !GROUPED.test(int) : !/^\d*$/.test(int)))
      return null;
    if (int === '' && frac === '') return null;
    normalized = `${int.replace(/\./g, '') || '0'}.${frac || '0'}`;
  } else if (GROUPED.test(body)) {
    normalized = body.replace(/\./g, '');
  } else if (/^\d+(\.\d+)?$/.test(body) || /^\.\d+$/.test(body)) {
    normalized = body;
  } else {
    return null;
  }
  const n = Number(`${sign}${normalized}`);
  return Number.isFinite(n) ? n : null;
}

/** Number of decimal digits the user typed ("10,50" → 2, "1.234" → 0); null when not a number. */
export function decimalDigits(input: unknown): number | null {
  if (parseDecimal(input) === null) return null;
  if (typeof input === 'number') {
    const [mantissa, exponent = '0'] = String(Math.abs(input)).split('e');
    return Math.max(0, (mantissa.split('.')[1] ?? '').length - Number(exponent));
  }
  const text = String(input).trim();
  if (text.includes(',')) return text.split(',')[1].length;
  return GROUPED.test(text.replace(/^[+-]/, '')) ? 0 : (text.split('.')[1] ?? '').length;
}

/** 20971520 → "20 MB" (binary multiples, the way upload limits of docs/product.md §9 are stated). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, { precision: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

export type IsoDate = string;

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < DATE_YEARS.min || y > DATE_YEARS.max) return false;
  const days = new Date(Date.UTC(2000, m, 0)).getUTCDate(); // days of month m in a leap year
  if (m === 2 && d === 29) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= days;
}

/**
 * docs/product.md §5 date rule: the first 10 characters, with '/' replaced by '-', must be a real calendar date,
 * written YYYY-MM-DD or DD-MM-YYYY. A Date gives its local calendar day. Returns "YYYY-MM-DD" or null.
 */
export function toIsoDate(value: unknown): IsoDate | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return isoOf(value.getFullYear(), value.getMonth() + 1, value.getDate());
  }
  if (typeof value !== 'string') return null;
  const head = value.trim().slice(0, 10).replace(/\//g, '-');
  let parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(head)?.slice(1, 4);
  if (!parts) {
    const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(head);
    if (dmy) parts = [dmy[3], dmy[2], dmy[1]];
  }
  if (!parts) return null;
  const [y, m, d] = parts.map(Number);
  return isRealDate(y, m, d) ? isoOf(y, m, d) : null;
}

export function isoOf(y: number, m: number, d: number): IsoDate {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** "2024-03-05" (or any value toIsoDate reads) → "05-03-2024"; unreadable → ''. */
export function formatDate(value: unknown): string {
  const iso = toIsoDate(value);
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${d}-${m}-${y}`;
}
