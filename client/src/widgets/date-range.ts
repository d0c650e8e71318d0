/** Pure date arithmetic for the date filter (SPEC §9: presets all, today, week, month, custom; weeks start on Monday). */
import { isoOf, toIsoDate as domainIsoDate } from '#domain/format';

export const DATE_PRESETS = ['all', 'today', 'week', 'month', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const DATE_FIELDS = ['created', 'updated'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

export type DateFilterValue = {
  preset: DatePreset;
  /** Which date the range applies to: creation or last update. */
  field: DateField;
  /** 'YYYY-MM-DD', inclusive; only meaningful for the custom preset. */
  from?: string;
  to?: string;
};

export const DATE_FILTER_ALL: DateFilterValue = { preset: 'all', field: 'created' };

/** Local calendar date as 'YYYY-MM-DD' (never toISOString, which shifts to UTC). */
export function toIsoDate(date: Date): string {
  return isoOf(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** A valid 'YYYY-MM-DD' calendar date (rejects 2025-02-30 and the DD-MM-YYYY form the domain also reads). */
export function isIsoDate(text: string | undefined): text is string {
  return !!text && /^\d{4}-\d{2}-\d{2}$/.test(text) && domainIsoDate(text) === text;
}

export type DateRange = { from?: string; to?: string };

/**
 * The inclusive range a filter value stands for on `today`, or null for 'all' (no date condition).
 * Week runs Monday to Sunday; month is the calendar month. Custom keeps only valid dates, and a
 * custom range with neither end is no condition at all.
 */
export function resolveDateRange(value: DateFilterValue, today: Date = new Date()): DateRange | null {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  switch (value.preset) {
    case 'all':
      return null;
    case 'today':
      return { from: toIsoDate(today), to: toIsoDate(today) };
    case 'week': {
      const sinceMonday = (today.getDay() + 6) % 7; // getDay(): 0 = Sunday
      return { from: toIsoDate(new Date(y, m, d - sinceMonday)), to: toIsoDate(new Date(y, m, d - sinceMonday + 6)) };
    }
    case 'month':
      return { from: toIsoDate(new Date(y, m, 1)), to: toIsoDate(new Date(y, m + 1, 0)) };
    case 'custom': {
      const range: DateRange = {};
      if (isIsoDate(value.from)) range.from = value.from;
      if (isIsoDate(value.to)) range.to = value.to;
      return range.from || range.to ? range : null;
    }
  }
}

/** True when a custom range is in order (or open on a side); ISO dates compare as strings. */
export function isRangeOrdered(from: string | undefined, to: string | undefined): boolean {
  return !isIsoDate(from) || !isIsoDate(to) || from <= to;
}

/** Query parameters for a list request: { date_field, date_from, date_to }, or {} for no condition. */
export function dateFilterQuery(value: DateFilterValue, today: Date = new Date()): Record<string, string> {
  const range = resolveDateRange(value, today);
  if (!range) return {};
  const query: Record<string, string> = { date_field: value.field };
  if (range.from) query.date_from = range.from;
  if (range.to) query.date_to = range.to;
  return query;
}
