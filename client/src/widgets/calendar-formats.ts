import { dayjsLocalizer, type DateRange, type Formats } from 'react-big-calendar';
import { dayjs } from '../shared/dayjs.ts';

/**
 * react-big-calendar's setup shared by the after-sales agenda and the Cmanagement schedule: the dayjs localizer
 * (Monday-first weeks, docs/product.md §9, from the locales shared/dayjs.ts registers) and the day-first headers below.
 */
export const calendarLocalizer = dayjsLocalizer(dayjs);

type Culture = string | undefined;
const fmt = (date: Date, pattern: string, culture: Culture) =>
  dayjs(date)
    .locale(culture ?? 'es')
    .format(pattern);

/** "16 – 22 de noviembre de 2026", "28 de noviembre – 4 de diciembre de 2026", across years in full. */
function rangeLabel({ start, end }: DateRange, culture: Culture): string {
  const s = dayjs(start);
  const e = dayjs(end);
  if (s.year() !== e.year())
    return `${fmt(start, 'D [de] MMMM [de] YYYY', culture)} – ${fmt(end, 'D [de] MMMM [de] YYYY', culture)}`;
  if (s.month() !== e.month())
    return `${fmt(start, 'D [de] MMMM', culture)} – ${fmt(end, 'D [de] MMMM [de] YYYY', culture)}`;
  return `${fmt(start, 'D', culture)} – ${fmt(end, 'D [de] MMMM [de] YYYY', culture)}`;
}

/**
 * react-big-calendar's defaults are English-ordered ("Sunday Nov 22", "November 16 – 22"). Spanish
 * and Portuguese put the day first, with "de": "domingo 22 de noviembre", "16 – 22 de noviembre".
 */
export const CALENDAR_FORMATS: Formats = {
  dayFormat: (date, culture) => fmt(date, 'ddd D', culture),
  dayHeaderFormat: (date, culture) => fmt(date, 'dddd D [de] MMMM [de] YYYY', culture),
  dayRangeHeaderFormat: (range, culture) => rangeLabel(range, culture),
  agendaHeaderFormat: (range, culture) => rangeLabel(range, culture),
  agendaDateFormat: (date, culture) => fmt(date, 'ddd D [de] MMM', culture),
  monthHeaderFormat: (date, culture) => fmt(date, 'MMMM [de] YYYY', culture),
};
