/** Pure date arithmetic for the date filter (docs/product.md §9: presets all, today, week, month, custom; weeks start on Monday). */
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

/** Why a custom range cannot filter yet: an end is missing (or not a valid date), or it ends before it starts. */
export type CustomRangeIssue = 'incomplete' | 'order';

/** The problem of a custom range, or null when it is complete and in order (or the preset is not custom). */
export function customRangeIssue(value: DateFilterValue): CustomRangeIssue | null {
  if (value.preset !== 'custom') return null;
  if (!isIsoDate(value.from) || !isIsoDate(value.to)) return 'incomplete';
  return value.from <= value.to ? null : 'order';
}

/** True when the value narrows a list: a preset other than all, or a complete custom range in order. */
export function isDateFilterActive(value: DateFilterValue): boolean {
  return value.preset !== 'all' && customRangeIssue(value) === null;
}

/** What a date filter adds to a list or dashboard request (docs/product.md §7); the server resolves the presets in the user's zone. */
export type DateFilterQuery = {
  date_preset?: DatePreset;
  date_field?: DateField;
  date_from?: string;
  date_to?: string;
};

/**
 * The one way a DateFilterValue becomes request parameters: {} while it does not narrow anything —
 * 'all', or a custom range that is incomplete or out of order (the API answers 422 to those) — so a
 * half-typed range keeps the list unfiltered instead of breaking it.
 */
export function dateFilterQuery(value: DateFilterValue): DateFilterQuery {
  if (!isDateFilterActive(value)) return {};
  const query: DateFilterQuery = { date_preset: value.preset, date_field: value.field };
  if (value.preset === 'custom') {
    query.date_from = value.from;
    query.date_to = value.to;
  }
  return query;
}
