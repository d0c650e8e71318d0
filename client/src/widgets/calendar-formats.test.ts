import { describe, expect, it } from 'vitest';
import { CALENDAR_FORMATS } from './calendar-formats.ts';

const call = (name: keyof typeof CALENDAR_FORMATS, arg: unknown, culture: string) =>
  (CALENDAR_FORMATS[name] as (a: unknown, c: string) => string)(arg, culture);

describe('agenda headers read day first, in the user language', () => {
  const sunday = new Date(2026, 10, 22, 10);
  it('day view: "domingo 22 de noviembre de 2026" / "domingo 22 de novembro de 2026"', () => {
    expect(call('dayHeaderFormat', sunday, 'es')).toBe('domingo 22 de noviembre de 2026');
    expect(call('dayHeaderFormat', sunday, 'pt-br')).toBe('domingo 22 de novembro de 2026');
  });

  it('week view: one month, two months, two years', () => {
    expect(call('dayRangeHeaderFormat', { start: new Date(2026, 10, 16), end: new Date(2026, 10, 22) }, 'es')).toBe(
      '16 – 22 de noviembre de 2026',
    );
    expect(call('dayRangeHeaderFormat', { start: new Date(2026, 10, 30), end: new Date(2026, 11, 6) }, 'es')).toBe(
      '30 de noviembre – 6 de diciembre de 2026',
    );
    expect(call('dayRangeHeaderFormat', { start: new Date(2026, 11, 28), end: new Date(2027, 0, 3) }, 'pt-br')).toBe(
      '28 de dezembro de 2026 – 3 de janeiro de 2027',
    );
  });

  it('month view and agenda dates', () => {
    expect(call('monthHeaderFormat', sunday, 'es')).toBe('noviembre de 2026');
    expect(call('agendaDateFormat', sunday, 'es')).toMatch(/^dom\.? 22 de nov/);
  });
});
