import { displayDate } from '../../widgets/display-date.ts';

/**
 * An instant as the company's clock reads it (its time zone, not the phone's): the weekday, then the short
 * date and time of the UI language ('sábado 15-06-2030 10:00'). Unreadable → ''.
 */
export function zonedDateTime(iso: string | null | undefined, language: string, timeZone: string): string {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const weekday = new Intl.DateTimeFormat(language, { timeZone, weekday: 'long' }).format(instant);
  const day = displayDate(`${parts.year}-${parts.month}-${parts.day}`, language, {
    hours: Number(parts.hour),
    minutes: Number(parts.minute),
  });
  return `${weekday} ${day}`;
}
