import { describe, expect, it } from 'vitest';
import { CONCRETE_SETTINGS_DEFAULTS, evaluateBatch, specifiedStrengthOf, typeDesignation } from './concrete.ts';

const rule = CONCRETE_SETTINGS_DEFAULTS; // 3 consecutive, mean ≥ fc + 0, single ≥ fc − 3.5 MPa

describe('the acceptance rule of a batch (docs/decisions.md, the concrete acceptance rule)', () => {
  it('accepts G25 results of 27.1, 24.0, 26.5, 25.8: each window of 3 averages ≥ 25 and none is below 21.5', () => {
    // windows: (27.1+24.0+26.5)/3 = 25.87, (24.0+26.5+25.8)/3 = 25.43
    const v = evaluateBatch([27.1, 24.0, 26.5, 25.8], specifiedStrengthOf('G25'), rule);
    expect(v).toEqual({ conforming: true, mean: 25.9, failures: [] });
  });

  it('refuses a window averaging below the specified strength though every single result passes', () => {
    // (26.0 + 23.0 + 24.5) / 3 = 24.5 < 25; the next window (23.0+24.5+28.0)/3 = 25.17 passes
    const v = evaluateBatch([26.0, 23.0, 24.5, 28.0], 25, rule);
    expect(v.conforming).toBe(false);
    expect(v.failures).toEqual([{ kind: 'mean', from: 0, to: 2, mean: 24.5, required: 25 }]);
  });

  it('refuses one result more than 3.5 MPa below G30 even when the mean is high', () => {
    // 26.0 < 30 − 3.5 = 26.5; windows: (35+26+34)/3 = 31.67 ≥ 30
    const v = evaluateBatch([35.0, 26.0, 34.0], 30, rule);
    expect(v.conforming).toBe(false);
    expect(v.failures).toEqual([{ kind: 'single', index: 1, value: 26.0, required: 26.5 }]);
    expect(v.mean).toBe(31.7);
  });

  it('judges fewer results than the window by the mean of all of them', () => {
    expect(evaluateBatch([25.4, 24.8], 25, rule).conforming).toBe(true); // 25.1
    expect(evaluateBatch([24.0, 25.0], 25, rule).failures).toEqual([
      { kind: 'mean', from: 0, to: 1, mean: 24.5, required: 25 },
    ]);
  });

  it('applies a company margin on the mean: with +1.5 MPa, 26.0 averaged over 3 passes and 26.4 over 3 fails', () => {
    const strict = { ...rule, mean_margin_mpa: 1.5 };
    expect(evaluateBatch([26.5, 26.5, 26.5], 25, strict).conforming).toBe(true);
    expect(evaluateBatch([26.0, 26.6, 26.6], 25, strict).failures[0]).toMatchObject({ kind: 'mean', mean: 26.4 });
  });

  it('writes a type as its dispatch guide does', () => {
    expect(typeDesignation({ grade: 'G25', confidence: 90, aggregate_mm: 20, slump_cm: 10 })).toBe('G25 (90) 20 10');
    expect(typeDesignation({ grade: 'G30', confidence: 95, aggregate_mm: 20, slump_cm: 12.5 })).toBe(
      'G30 (95) 20 12,5',
    );
  });
});
