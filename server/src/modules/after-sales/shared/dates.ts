import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { isTimezone, timezoneOf } from '../../../lib/time-zones.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

// The zone rule is written once in server/src/lib/time-zones.ts; after-sales reads it from here.
export { isTimezone, timezoneOf };

export type DatePreset = 'all' | 'today' | 'week' | 'month' | 'custom';

/**
 * docs/product.md §9 date filter presets as a half-open [from, to) interval in UTC. Weeks start on Monday;
 * a custom range includes both of its days.
 */
export function presetRange(
  preset: DatePreset,
  tz: string,
  now: Date,
  from?: string,
  to?: string,
): { from?: Date; to?: Date } {
  const local = dayjs(now).tz(tz);
  switch (preset) {
    case 'today':
      return { from: local.startOf('day').toDate() };
    case 'week': {
      const mondayOffset = (local.day() + 6) % 7;
      return { from: local.startOf('day').subtract(mondayOffset, 'day').toDate() };
    }
    case 'month':
      return { from: local.startOf('month').toDate() };
    case 'custom':
      return {
        from: from ? dayjs.tz(from, tz).startOf('day').toDate() : undefined,
        to: to ? dayjs.tz(to, tz).startOf('day').add(1, 'day').toDate() : undefined,
      };
    default:
      return {};
  }
}

/** Adds whole years to an ISO date; 29 February falls back to 28 February in common years. */
export function addYears(isoDate: string, years: number): string {
  return dayjs.utc(isoDate).add(years, 'year').format('YYYY-MM-DD');
}

export const isoDay = (d: Date, tz = 'UTC') => dayjs(d).tz(tz).format('YYYY-MM-DD');

/** An instant as a wall-clock time in `tz`, in a dayjs format (exports: 'DD-MM-YYYY HH:mm'). */
export const formatIn = (iso: string, tz: string, format: string) => dayjs(iso).tz(tz).format(format);
