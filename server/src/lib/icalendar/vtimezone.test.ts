import { describe, expect, it } from 'vitest';
import { offsetChanges, offsetMinutes, vtimezone } from './vtimezone.ts';

const year = [Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1)] as const;

describe('VTIMEZONE from the platform zone data', () => {
  it('finds the offset and its changes to the minute', () => {
    expect(offsetMinutes('America/Santiago', Date.UTC(2026, 6, 1))).toBe(-240);
    expect(offsetMinutes('America/Santiago', Date.UTC(2026, 0, 15))).toBe(-180);
    const changes = offsetChanges('America/Santiago', ...year);
    expect(changes).toHaveLength(2);
    for (const at of changes)
      expect(offsetMinutes('America/Santiago', at)).not.toBe(offsetMinutes('America/Santiago', at - 60_000));
    expect(offsetChanges('America/Bogota', ...year)).toEqual([]);
  });

  it('writes one observance per change, and one for a zone that keeps its offset', () => {
    const santiago = vtimezone('America/Santiago', ...year);
    expect(santiago).toContain('TZID:America/Santiago');
    expect(santiago.match(/BEGIN:DAYLIGHT/g)).toHaveLength(1);
    expect(santiago).toContain('TZOFFSETFROM:-0400\r\nTZOFFSETTO:-0300');
    expect(santiago).toContain('DTSTART:19700101T000000');
    // Chile moves its clocks at local midnight: whole minutes, no stray seconds, even from an odd window start.
    const odd = vtimezone('America/Santiago', year[0] + 12_345, year[1]);
    expect(odd.match(/DTSTART:\d{8}T\d{6}/g)!.every((d) => d.endsWith('00'))).toBe(true);
    const bogota = vtimezone('America/Bogota', ...year);
    expect(bogota.match(/BEGIN:STANDARD/g)).toHaveLength(1);
    expect(bogota).toContain('TZOFFSETTO:-0500');
  });
});
