import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Local calendar of the company's country: date presets and "today" are counted there. */
const COUNTRY_TZ: Record<string, string> = { CL: 'America/Santiago', BR: 'America/Sao_Paulo', PE: 'America/Lima', CO: 'America/Bogota', MX: 'America/Mexico_City' };

export function timezoneOf(country: string | null | undefined, requested?: string): string {
  if (requested && isTimezone(requested)) return requested;
  return COUNTRY_TZ[country ?? 'CL'] ?? 'America/Santiago';
}

export function isTimezone(tz: string): boolean {
  try { new Intl.DateTimeFormat('en', { timeZone: tz }); return true; } catch { return false; }
}

export type DatePreset = 'all' | 'today' | 'week' | 'month' | 'custom';

/**
 * docs/product.md §9 date filter presets as a half-open [from, to) interval in UTC. Weeks start on Monday;
 * a custom range includes both of its days.
 */
export function presetRange(preset: DatePreset, tz: string, now: Date, from?: string, to?: string): { from?: Date; to?: Date } {
  const local = dayjs(now).tz(tz);
  switch (preset) {
    case 'today': return { from: local.startOf('day').toDate() };
    case 'week': {
      const mondayOffset = (local.day() + 6) % 7;
      return { from: local.startOf('day').subtract(mondayOffset, 'day').toDate() };
    }
    case 'month': return { from: local.startOf('month').toDate() };
    case 'custom': return {
      from: from ? dayjs.tz(from, tz).startOf('day').toDate() : undefined,
      to: to ? dayjs.tz(to, tz).startOf('day').add(1, 'day').toDate() : undefined,
    };
    default: return {};
  }
}

/** Adds whole years to an ISO date; 29 February falls back to 28 February in common years. */
export function addYears(isoDate: string, years: number): string {
  return dayjs.utc(isoDate).add(years, 'year').format('YYYY-MM-DD');
}

export const isoDay = (d: Date, tz = 'UTC') => dayjs(d).tz(tz).format('YYYY-MM-DD');

/** An instant as a wall-clock time in `tz`, in a dayjs format (exports: 'DD-MM-YYYY HH:mm'). */
export const formatIn = (iso: string, tz: string, format: string) => dayjs(iso).tz(tz).format(format);
