import { describe, expect, it } from 'vitest';
import { COURSE_WORKING_DAYS } from './limits.ts';
import {
  addWorkingDays,
  chileanHolidays,
  countWorkingDays,
  easterSunday,
  isChileanHoliday,
  isWorkingDay,
  juneSolstice,
} from './working-days.ts';

const dates = (year: number) => chileanHolidays(year).map((h) => h.date);

describe('easterSunday (Good Friday and Holy Saturday hang on it)', () => {
  it.each([
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i → %s', (year, iso) => expect(easterSunday(year)).toBe(iso));
});

describe('juneSolstice (Día de los Pueblos Indígenas, Ley 21.357)', () => {
  // Published instants (UTC): 2024-06-20 20:51, 2025-06-21 02:42, 2026-06-21 08:24.
  it.each([
    [2024, '2024-06-20T20:51Z'],
    [2025, '2025-06-21T02:42Z'],
    [2026, '2026-06-21T08:24Z'],
  ])('%i is within 3 minutes', (year, instant) => {
    expect(Math.abs(juneSolstice(year) - Date.parse(instant))).toBeLessThan(3 * 60_000);
  });

  it('falls on the Chilean calendar day (UTC-4): 20 Jun 2025 although it is 21 Jun in UTC', () => {
    expect(dates(2025)).toContain('2025-06-20');
    expect(dates(2024)).toContain('2024-06-20');
    expect(dates(2026)).toContain('2026-06-21');
    expect(dates(2021)).toContain('2021-06-21');
    expect(chileanHolidays(2019).some((h) => h.name === 'indigenous_peoples_day')).toBe(false);
  });
});

describe('chileanHolidays (national holidays; see working-days.ts for what is included)', () => {
  it('lists 2024 as published', () => {
    expect(dates(2024)).toEqual([
      '2024-01-01',
      '2024-03-29',
      '2024-03-30',
      '2024-05-01',
      '2024-05-21',
      '2024-06-20',
      '2024-06-29',
      '2024-07-16',
      '2024-08-15',
      '2024-09-18',
      '2024-09-19',
      '2024-09-20',
      '2024-10-12',
      '2024-10-31',
      '2024-11-01',
      '2024-12-08',
      '2024-12-25',
    ]);
  });

  it('moves 29 Jun and 12 Oct to Monday (Ley 19.668)', () => {
    expect(dates(2023)).toEqual(expect.arrayContaining(['2023-06-26', '2023-10-09'])); // Thursdays → Monday before
    expect(dates(2018)).toEqual(expect.arrayContaining(['2018-07-02', '2018-10-15'])); // Fridays → Monday after
    expect(dates(2025)).toEqual(expect.arrayContaining(['2025-06-29', '2025-10-12'])); // Sundays stay
  });

  it('moves 31 Oct from Tuesday to the Friday before and from Wednesday to the Friday after (Ley 20.299)', () => {
    expect(dates(2023)).toContain('2023-10-27');
    expect(dates(2023)).not.toContain('2023-10-31');
    expect(dates(2018)).toContain('2018-11-02');
  });

  it('adds 17 Sep on a Monday, 20 Sep on a Friday and 2 Jan on a Monday', () => {
    expect(dates(2018)).toContain('2018-09-17');
    expect(dates(2019)).toContain('2019-09-20');
    expect(dates(2025)).not.toContain('2025-09-20');
    expect(dates(2023)).toContain('2023-01-02');
    expect(dates(2024)).not.toContain('2024-01-02');
  });

  it('answers in date order', () => {
    const list = dates(2030);
    expect([...list].sort()).toEqual(list);
  });
});

describe('isWorkingDay', () => {
  it.each([
    ['2024-03-28', true],
    ['2024-03-29', false],
    ['2024-03-30', false],
    ['2024-04-06', false],
    ['2024-04-07', false],
    ['2024-04-08', true],
    ['2024-12-25', false],
  ])('%s → %s', (iso, expected) => expect(isWorkingDay(iso)).toBe(expected));

  it('reads DD-MM-YYYY and Date values, and honours extra holidays (elections, one-off laws)', () => {
    expect(isWorkingDay('18/09/2024')).toBe(false);
    expect(isWorkingDay(new Date(2024, 8, 17))).toBe(true);
    expect(isWorkingDay('2022-09-16')).toBe(true);
    expect(isWorkingDay('2022-09-16', { extraHolidays: ['16-09-2022'] })).toBe(false);
    expect(isChileanHoliday('2024-05-21')).toBe(true);
  });

  it('throws on something that is not a date', () => {
    expect(() => isWorkingDay('2024-02-30')).toThrow(RangeError);
  });
});

describe('addWorkingDays (docs/product.md §9: courses last 15 working days)', () => {
  it('skips weekends: Friday + 1 is Monday', () => {
    expect(addWorkingDays('2024-01-05', 1)).toBe('2024-01-08');
    expect(addWorkingDays('2024-01-06', 1)).toBe('2024-01-08');
  });

  it('skips Fiestas Patrias: a course assigned on Fri 13 Sep 2024 is due on Wed 9 Oct', () => {
    expect(addWorkingDays('2024-09-13', COURSE_WORKING_DAYS)).toBe('2024-10-09');
  });

  it('skips Holy Week: 15 working days from Wed 27 Mar 2024 end on Thu 18 Apr (only Good Friday is a weekday off)', () => {
    expect(addWorkingDays('2024-03-27', 15)).toBe('2024-04-18');
  });

  it('crosses the year: Mon 23 Dec 2024 + 5 is Tue 31 Dec, + 6 is Thu 2 Jan', () => {
    expect(addWorkingDays('2024-12-23', 5)).toBe('2024-12-31');
    expect(addWorkingDays('2024-12-23', 6)).toBe('2025-01-02');
  });

  it('goes back with a negative count and stays put with zero', () => {
    expect(addWorkingDays('2024-01-08', -1)).toBe('2024-01-05');
    expect(addWorkingDays('2024-04-01', -1)).toBe('2024-03-28');
    expect(addWorkingDays('2024-01-06', 0)).toBe('2024-01-06');
  });

  it('honours extra holidays and refuses fractional counts', () => {
    expect(addWorkingDays('2024-01-05', 1, { extraHolidays: ['2024-01-08'] })).toBe('2024-01-09');
    expect(() => addWorkingDays('2024-01-05', 1.5)).toThrow(RangeError);
  });

  it('countWorkingDays is the inverse of addWorkingDays', () => {
    expect(countWorkingDays('2024-09-13', '2024-10-09')).toBe(15);
    expect(countWorkingDays('2024-10-09', '2024-09-13')).toBe(-15);
    expect(countWorkingDays('2024-01-05', '2024-01-05')).toBe(0);
    for (const start of ['2023-12-20', '2024-03-25', '2024-06-14', '2024-10-28']) {
      expect(countWorkingDays(start, addWorkingDays(start, 15))).toBe(15);
    }
  });
});
