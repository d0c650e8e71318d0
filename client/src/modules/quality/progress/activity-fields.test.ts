import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n.ts';
import { historyFieldLabel, historyValueText, moneyText, patchOf } from './activity-fields.ts';
import { activityRow, attribute } from '../test/activities.ts';

const t = i18n.t.bind(i18n);
const row = activityRow(1, { actual_start: '2026-11-10', progress: 20 });

describe('activity fields edited in place', () => {
  it('reads a decimal comma and an empty text as clearing the value', () => {
    expect(patchOf(row, 'progress', '12,5', t)).toEqual({ ok: true, body: { progress: 12.5 } });
    expect(patchOf(row, 'estimated_cost', '1.234.567,89', t)).toEqual({
      ok: true,
      body: { estimated_cost: 1234567.89 },
    });
    expect(patchOf(row, 'estimated_cost', '  ', t)).toEqual({ ok: true, body: { estimated_cost: null } });
  });

  it('answers the schema’s message in the user’s language, with its params', () => {
    expect(patchOf(row, 'progress', '12,55', t)).toEqual({ ok: false, message: 'Se permiten como máximo 1 decimales' });
    expect(patchOf(row, 'actual_end', '2026-11-01', t)).toEqual({
      ok: false,
      message: 'La fecha debe ser igual o posterior a 10-11-2026',
    });
    expect(patchOf(row, 'description', '   ', t)).toEqual({ ok: false, message: 'Este campo es obligatorio' });
  });

  it('prints money by currency: CLP without cents, others with two decimals', () => {
    expect(moneyText(1500000, 'CLP')).toBe('CLP 1.500.000');
    expect(moneyText(5400.25, 'UF')).toBe('UF 5.400,25');
    expect(moneyText(null, 'UF')).toBe('');
  });

  it('names history fields and values in the user’s language', () => {
    const tower = attribute(7, 'Torre', [[71, 'Torre A']]);
    const ctx = { language: 'es', t, attributes: [tower], descriptionOf: () => 'Obra gruesa' };
    expect(historyFieldLabel('actual_end', t, [tower])).toBe('Término real');
    expect(historyFieldLabel('attribute:7', t, [tower])).toBe('Torre');
    expect(historyValueText('attribute:7', 'Torre A', ctx)).toBe('Torre A');
    expect(historyValueText('actual_end', '2026-11-12', ctx)).toBe('12-11-2026');
    expect(historyValueText('progress', 62.5, ctx)).toBe('62,5 %');
    expect(historyValueText('parent_id', 4, ctx)).toBe('Obra gruesa');
    expect(historyValueText('estimated_cost', null, ctx)).toBe('—');
  });
});
