import { isoOf, toIsoDate, type IsoDate } from './format.ts';

/**
 * Chilean working days: Monday to Friday minus national public holidays. Courses last 15 working
 * days (docs/product.md §9). Included, by the rules of Chilean law:
 * - fixed: 1 Jan, 1 May, 21 May, 16 Jul, 15 Aug, 18 and 19 Sep, 1 Nov, 8 Dec, 25 Dec;
 * - Good Friday and Holy Saturday (from the Easter computus);
 * - Pueblos Indígenas, on the June solstice in Chilean winter time (Ley 21.357, from 2021);
 * - 29 Jun and 12 Oct, moved to a Monday (Ley 19.668: Tue–Thu to the Monday before, Fri to the next);
 * - 31 Oct Iglesias Evangélicas (Ley 20.299, from 2008: a Tuesday moves to the Friday before,
 *   a Wednesday to the Friday after);
 * - 17 Sep when it is a Monday and 20 Sep when it is a Friday (Ley 20.215, from 2007);
 * - 2 Jan when it is a Monday (Ley 20.983, from 2017).
 * Not included, because no rule computes them: election days and one-off holidays declared by a
 * law for a single year, regional holidays (7 Jun Arica, 20 Aug Chillán) and the 31 Dec bank
 * holiday. Callers pass such dates as `extraHolidays` (e.g. from configuration).
 */
export type WorkingDayOptions = {
  extraHolidays?: Iterable<string>;
  /**
   * The company's country (docs/product.md §3 Config data). Chile ('CL', the default) has its national holidays
   * computed here; a country without a calendar here counts Monday to Friday minus `extraHolidays`.
   */
  country?: string | null;
};

export type DateInput = string | Date;

const DAY_MS = 86_400_000;

function toUtc(iso: IsoDate): number {
  const [y, m, d] = iso.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): IsoDate {
  const d = new Date(ms);
  return isoOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

const weekday = (iso: IsoDate) => new Date(toUtc(iso)).getUTCDay(); // 0 Sunday … 6 Saturday
const shift = (iso: IsoDate, days: number) => fromUtc(toUtc(iso) + days * DAY_MS);

/** Calendar days after (or before, when negative) a day: the schedule's arithmetic (a Gantt counts every day). */
export const addDays = (iso: IsoDate, days: number): IsoDate => shift(iso, days);
/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDate, to: IsoDate): number => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);

/** Easter Sunday of the Gregorian calendar (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoOf(year, month, day);
}

// Meeus, Astronomical Algorithms ch. 27: the June solstice's mean instant and its periodic terms.
const SOLSTICE_TERMS: readonly (readonly [number, number, number])[] = [
  [485, 324.96, 1934.136],
  [203, 337.23, 32964.467],
  [199, 342.08, 20.186],
  [182, 27.85, 445267.112],
  [156, 73.14, 45036.886],
  [136, 171.52, 22518.443],
  [77, 222.54, 65928.934],
  [74, 296.72, 3034.906],
  [70, 243.58, 9037.513],
  [58, 119.81, 33718.147],
  [52, 297.17, 150.678],
  [50, 21.02, 2281.226],
  [45, 247.54, 29929.562],
  [44, 325.15, 31555.956],
  [29, 60.93, 4443.417],
  [18, 155.12, 67555.328],
  [17, 288.79, 4562.452],
  [16, 198.04, 62894.029],
  [14, 199.76, 31436.921],
  [12, 95.39, 14577.848],
  [12, 287.11, 31931.756],
  [12, 320.81, 34777.259],
  [9, 227.73, 1222.114],
  [8, 15.45, 16859.074],
];
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Instant of the June solstice (ms since epoch, within about a minute). */
export function juneSolstice(year: number): number {
  const y = (year - 2000) / 1000;
  const jde0 = 2451716.56767 + 365241.62603 * y + 0.00325 * y ** 2 + 0.00888 * y ** 3 - 0.0003 * y ** 4;
  const t = (jde0 - 2451545.0) / 36525;
  const w = 35999.373 * t - 2.47;
  const dl = 1 + 0.0334 * Math.cos(rad(w)) + 0.0007 * Math.cos(rad(2 * w));
  const s = SOLSTICE_TERMS.reduce((sum, [a, b, c]) => sum + a * Math.cos(rad(b + c * t)), 0);
  const jde = jde0 + (0.00001 * s) / dl;
  // Julian day 2440587.5 is the Unix epoch; the ~69 s between TT and UTC do not move a date.
  return (jde - 2440587.5) * DAY_MS;
}

const CHILE_WINTER_OFFSET_MS = -4 * 3_600_000; // Chile continental time in June is UTC-4

function pueblosIndigenas(year: number): IsoDate | null {
  if (year < 2021) return null;
  if (year === 2021) return '2021-06-21'; // set by the law's transitory article
  return fromUtc(Math.floor((juneSolstice(year) + CHILE_WINTER_OFFSET_MS) / DAY_MS) * DAY_MS);
}

/** Ley 19.668: Tuesday to Thursday move to that week's Monday, Friday to the next Monday. */
function toMonday(iso: IsoDate): IsoDate {
  const wd = weekday(iso);
  if (wd >= 2 && wd <= 4) return shift(iso, 1 - wd);
  if (wd === 5) return shift(iso, 3);
  return iso;
}

function evangelicalDay(year: number): IsoDate {
  const iso = isoOf(year, 10, 31);
  const wd = weekday(iso);
  if (wd === 2) return shift(iso, -4);
  if (wd === 3) return shift(iso, 2);
  return iso;
}

export type Holiday = { date: IsoDate; name: string };
const cache = new Map<number, readonly Holiday[]>();

/** The national holidays of Chile in a year, in date order. */
export function chileanHolidays(year: number): readonly Holiday[] {
  const cached = cache.get(year);
  if (cached) return cached;
  const at = (m: number, d: number) => isoOf(year, m, d);
  const easter = easterSunday(year);
  const list: Holiday[] = [
    { date: at(1, 1), name: 'new_year' },
    { date: shift(easter, -2), name: 'good_friday' },
    { date: shift(easter, -1), name: 'holy_saturday' },
    { date: at(5, 1), name: 'labour_day' },
    { date: at(5, 21), name: 'navy_day' },
    { date: toMonday(at(6, 29)), name: 'saint_peter_and_paul' },
    { date: at(7, 16), name: 'our_lady_of_mount_carmel' },
    { date: at(8, 15), name: 'assumption' },
    { date: at(9, 18), name: 'independence_day' },
    { date: at(9, 19), name: 'army_day' },
    { date: toMonday(at(10, 12)), name: 'meeting_of_two_worlds' },
    { date: at(11, 1), name: 'all_saints' },
    { date: at(12, 8), name: 'immaculate_conception' },
    { date: at(12, 25), name: 'christmas' },
  ];
  const indigenous = pueblosIndigenas(year);
  if (indigenous) list.push({ date: indigenous, name: 'indigenous_peoples_day' });
  if (year >= 2008) list.push({ date: evangelicalDay(year), name: 'evangelical_churches_day' });
  if (year >= 2007 && weekday(at(9, 17)) === 1) list.push({ date: at(9, 17), name: 'national_holiday_bridge' });
  if (year >= 2007 && weekday(at(9, 20)) === 5) list.push({ date: at(9, 20), name: 'national_holiday_bridge' });
  if (year >= 2017 && weekday(at(1, 2)) === 1) list.push({ date: at(1, 2), name: 'new_year_bridge' });
  const sorted = list.sort((a, b) => a.date.localeCompare(b.date));
  cache.set(year, sorted);
  return sorted;
}

export function isChileanHoliday(date: DateInput): boolean {
  const iso = isoOrThrow(date);
  const year = Number(iso.slice(0, 4));
  return chileanHolidays(year).some((h) => h.date === iso);
}

function isoOrThrow(date: DateInput): IsoDate {
  const iso = toIsoDate(date);
  if (!iso) throw new RangeError(`Not a date: ${String(date)}`);
  return iso;
}

type Calendar = { extra: Set<string>; national: boolean };

function extraSet(options: WorkingDayOptions): Calendar {
  const set = new Set<string>();
  for (const d of options.extraHolidays ?? []) {
    const iso = toIsoDate(d);
    if (iso) set.add(iso);
  }
  return { extra: set, national: (options.country ?? 'CL') === 'CL' };
}

function isWorking(iso: IsoDate, calendar: Calendar): boolean {
  const wd = weekday(iso);
  return wd !== 0 && wd !== 6 && !calendar.extra.has(iso) && !(calendar.national && isChileanHoliday(iso));
}

/** Monday to Friday and not a national holiday of the country (Chile by default) nor one of `extraHolidays`. */
export function isWorkingDay(date: DateInput, options: WorkingDayOptions = {}): boolean {
  return isWorking(isoOrThrow(date), extraSet(options));
}

/**
 * The date `n` working days after `date` (before it when n is negative); `date` itself is not
 * counted, so a course assigned on a Friday with n = 1 is due on Monday. n = 0 returns `date`.
 */
export function addWorkingDays(date: DateInput, n: number, options: WorkingDayOptions = {}): IsoDate {
  if (!Number.isInteger(n)) throw new RangeError(`Working days must be a whole number: ${n}`);
  const extra = extraSet(options);
  let iso = isoOrThrow(date);
  const step = n < 0 ? -1 : 1;
  for (let left = Math.abs(n); left > 0;) {
    iso = shift(iso, step);
    if (isWorking(iso, extra)) left--;
  }
  return iso;
}

/** Working days after `from` up to and including `to` (negative when `to` is earlier). */
export function countWorkingDays(from: DateInput, to: DateInput, options: WorkingDayOptions = {}): number {
  const extra = extraSet(options);
  const a = isoOrThrow(from);
  const b = isoOrThrow(to);
  const [start, end, sign] = a <= b ? [a, b, 1] : [b, a, -1];
  let count = 0;
  for (let iso = shift(start, 1); iso <= end; iso = shift(iso, 1)) if (isWorking(iso, extra)) count++;
  return sign * count;
}
