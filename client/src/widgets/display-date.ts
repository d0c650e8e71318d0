import { formatDate } from '#domain/format';

/**
 * Short date for the user's language: es-CL '05-03-2024' (domain/format, the same text the server
 * prints) and pt-BR '05/03/2024'; with `time`, ' 14:30' appended. Unreadable → ''.
 */
export function displayDate(value: Date | string, language: string, time?: { hours: number; minutes: number }): string {
  const date = formatDate(value);
  if (!date) return '';
  const local = language.startsWith('pt') ? date.replace(/-/g, '/') : date;
  if (!time) return local;
  return `${local} ${String(time.hours).padStart(2, '0')}:${String(time.minutes).padStart(2, '0')}`;
}
