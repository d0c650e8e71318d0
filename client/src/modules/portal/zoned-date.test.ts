import { describe, expect, it } from 'vitest';
import { zonedDateTime } from './zoned-date.ts';

describe("delivery times read in the company's time zone, whatever the phone's", () => {
  it('14:00 UTC is 10:00 in Santiago (winter) and 11:00 in São Paulo', () => {
    expect(zonedDateTime('2030-06-15T14:00:00.000Z', 'es', 'America/Santiago')).toBe('sábado 15-06-2030 10:00');
    expect(zonedDateTime('2030-06-15T14:00:00.000Z', 'pt-BR', 'America/Sao_Paulo')).toBe('sábado 15/06/2030 11:00');
  });
  it('the local day can differ from the UTC day', () => {
    expect(zonedDateTime('2030-06-15T02:30:00.000Z', 'es', 'America/Santiago')).toBe('viernes 14-06-2030 22:30');
  });
  it('nothing readable, nothing shown', () => {
    expect(zonedDateTime(null, 'es', 'America/Santiago')).toBe('');
    expect(zonedDateTime('no', 'es', 'America/Santiago')).toBe('');
  });
});
