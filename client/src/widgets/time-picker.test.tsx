import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { orderScheduleSchema } from '#domain/schemas/after-sales';
import { renderWithProviders } from '../test/render.tsx';
import { DURATIONS, isoToSlot, SlotPicker, slotToIso } from './time-picker.tsx';

const optionValues = (testId: string) =>
  [...(screen.getByTestId(testId) as HTMLSelectElement).options].map((o) => o.value);

describe('time picker (docs/product.md §9: hours 0 to 23, minutes 0, 15, 30, 45)', { timeout: 20_000 }, () => {
  it('offers every hour from 00 to 23 and only the four quarter minutes', () => {
    renderWithProviders(
      <SlotPicker label="Inicio" value={{ date: '2026-11-23', hour: 9, minute: 30 }} onChange={() => undefined} />,
    );
    expect(optionValues('slot-hour')).toEqual(Array.from({ length: 24 }, (_, h) => String(h)));
    expect(optionValues('slot-minute')).toEqual(['0', '15', '30', '45']);
    expect([...(screen.getByTestId('slot-minute') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      '00',
      '15',
      '30',
      '45',
    ]);
  });

  it('turns a picked slot into the instant the API accepts (a quarter hour, shared schema)', () => {
    const iso = slotToIso({ date: '2026-11-23', hour: 23, minute: 45 })!;
    const local = new Date(iso);
    expect([local.getFullYear(), local.getMonth() + 1, local.getDate(), local.getHours(), local.getMinutes()]).toEqual([
      2026, 11, 23, 23, 45,
    ]);
    expect(orderScheduleSchema.safeParse({ start_at: iso, duration_minutes: 60 }).success).toBe(true);
    expect(slotToIso({ date: '23-11-2026', hour: 10, minute: 0 })).toBeNull();
  });

  it('shows an existing start snapped down to its quarter, and offers only whole-quarter durations', () => {
    expect(isoToSlot(new Date(2026, 10, 23, 14, 52).toISOString())).toEqual({
      date: '2026-11-23',
      hour: 14,
      minute: 45,
    });
    expect(isoToSlot(new Date(2026, 10, 23, 0, 7).toISOString())).toEqual({ date: '2026-11-23', hour: 0, minute: 0 });
    expect(DURATIONS.every((m) => m % 15 === 0)).toBe(true);
  });
});
