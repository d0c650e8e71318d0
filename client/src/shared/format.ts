import { formatCompact as compact, formatNumber as number, type FormatNumberOptions } from '#domain/format';
import type { AppLocale } from './i18n.ts';

/**
 * Display formats. Numbers follow docs/product.md §9 (es-CL: thousands '.', decimal ','; a compact form) via
 * domain/format, so the server's exports and the browser print the same text. Weeks start on
 * Monday: WEEK_STARTS_ON here, and shared/dayjs.ts for calendar code.
 */
export const WEEK_STARTS_ON = 1;

export const formatNumber = (value: number | null | undefined, options?: FormatNumberOptions) => number(value, options);

/** 15300 → "15,3 mil" (es), "15,3 mil" (pt-BR); 3.4e6 → "3,4 M" / "3,4 mi". */
export const formatCompact = (value: number | null | undefined, locale: AppLocale = 'es') => compact(value, { locale });

export const dateLocaleOf = (locale: AppLocale) => (locale === 'pt-BR' ? 'pt-BR' : 'es-CL');

export function formatDate(
  value: string | Date | null | undefined,
  locale: AppLocale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  // Times read on a 24-hour clock in both languages (es-CL alone would print "3:05 p. m.").
  const hasTime = options.timeStyle !== undefined || options.hour !== undefined;
  const clock = hasTime && options.hour12 === undefined && !options.hourCycle ? { hourCycle: 'h23' as const } : {};
  return Number.isNaN(d.getTime())
    ? ''
    : new Intl.DateTimeFormat(dateLocaleOf(locale), { ...options, ...clock }).format(d);
}

/** The Monday that starts the week of `date` (local time). */
export function startOfWeek(date: Date): Date {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  d.setDate(d.getDate() - ((d.getDay() - WEEK_STARTS_ON + 7) % 7));
  return d;
}
