import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import type { IsoDate } from '#domain/format';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Today's date in a time zone. */
export const todayIn = (now: Date, tz: string): IsoDate => dayjs(now).tz(tz).format('YYYY-MM-DD');

/** A calendar date moved by whole days. */
export const addDays = (date: IsoDate, days: number): IsoDate => dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');

/** The last instant of a date in a time zone: a deadline "on" that date runs until it ends. */
export const endOfDayIn = (date: IsoDate, tz: string): Date => dayjs.tz(date, tz).endOf('day').toDate();

/** The first instant of a date in a time zone. */
export const startOfDayIn = (date: IsoDate, tz: string): Date => dayjs.tz(date, tz).startOf('day').toDate();

/** An instant written in a time zone, e.g. 'DD-MM-YYYY HH:mm:ss' (24 h). */
export const formatIn = (iso: string, tz: string, format: string) => dayjs(iso).tz(tz).format(format);
