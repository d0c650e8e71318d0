import { describe, expect, it } from 'vitest';
import {
  chronological,
  isOver,
  limitEntries,
  limitShare,
  megabytesText,
  moneyText,
  newestFirst,
  overdueInvoices,
  overLimits,
  periodText,
} from './billing-figures.ts';
import { invoice, month, overview } from './test/fixtures.ts';

describe('billing figures', () => {
  it('reads a limit as a capped share, full at the limit and over past it; no limit, no share', () => {
    expect(limitShare({ limit: 10, used: 4 })).toEqual({ percent: 40, over: false, full: false });
    expect(limitShare({ limit: 5, used: 5 })).toEqual({ percent: 100, over: false, full: true });
    expect(limitShare({ limit: 15, used: 16 })).toEqual({ percent: 100, over: true, full: true });
    expect(limitShare({ limit: null, used: 99 })).toEqual({ percent: null, over: false, full: false });
    expect(limitShare({ limit: 0, used: 0 })).toEqual({ percent: 0, over: false, full: true });
    expect(limitShare({ limit: 0, used: 1 }).over).toBe(true);
  });

  it('lists the company limit first, then groups and projects by name, and names the ones over', () => {
    const o = overview();
    expect(limitEntries(o.limits).map((e) => `${e.scope}:${e.name ?? ''}`)).toEqual([
      'company:',
      'group:Región Metropolitana',
      'project:Condominio Los Robles',
      'project:Edificio Parque',
    ]);
    expect(overLimits(o.limits).map((e) => e.scope)).toEqual(['company']);
  });

  it('keeps invoices newest first and picks the overdue ones', () => {
    const rows = [invoice({ id: 1, period: '2026-08' }), invoice({ id: 2, period: '2026-10', state: 'vencida' })];
    expect(newestFirst(rows).map((i) => i.id)).toEqual([2, 1]);
    expect(overdueInvoices(rows).map((i) => i.id)).toEqual([2]);
  });

  it("marks a month's figure over the plan only when the server said so", () => {
    const m = month('2026-12', { over: ['storage_mb'] });
    expect([isOver(m, 'storage_mb'), isOver(m, 'active_users')]).toEqual([true, false]);
    expect(chronological([month('2026-12'), month('2026-10'), month('2026-11')]).map((x) => x.period)).toEqual([
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
  });

  it('prints money, megabytes and months with the app formats', () => {
    expect(moneyText(1250000, 'CLP')).toBe('CLP 1.250.000');
    expect(moneyText(12.5, 'USD')).toBe('USD 12,5');
    expect(megabytesText(1536)).toBe('1,5 GB');
    expect(megabytesText(200)).toBe('200 MB');
    expect(megabytesText(0)).toBe('0 MB');
    expect(periodText('2026-11', 'es')).toMatch(/nov.*2026/);
    expect(periodText('2026-11', 'pt-BR')).toMatch(/nov.*2026/);
  });
});
