import { displayDate } from './display-date.ts';

/** Local date and time of an ISO instant, in the UI language's short form ('05-03-2024 14:30'). */
export function dateTimeText(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return displayDate(d, language, { hours: d.getHours(), minutes: d.getMinutes() });
}

/** Local date of an ISO date ('2024-03-05') or instant, in the UI language's short form. */
export function dateText(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? displayDate(iso, language) : displayDate(new Date(iso), language);
}
