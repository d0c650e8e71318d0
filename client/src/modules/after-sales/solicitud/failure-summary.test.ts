import { describe, expect, it } from 'vitest';
import { i18n, loadLocale, setupI18n } from '../../../shared/i18n.ts';
import { failureSummary } from './fallas-tab.tsx';

describe('failure counts agree with their nouns (i18next plurals, es and pt-BR)', () => {
  it('"1 falla · 1 pendiente", "2 fallas · 0 pendientes"', async () => {
    setupI18n('es');
    await loadLocale('pt-BR');
    const es = i18n.getFixedT('es');
    const pt = i18n.getFixedT('pt-BR');
    expect(failureSummary(es, 1, 1)).toBe('1 falla · 1 pendiente');
    expect(failureSummary(es, 2, 0)).toBe('2 fallas · 0 pendientes');
    expect(failureSummary(pt, 1, 1)).toBe('1 falha · 1 pendente');
    expect(failureSummary(pt, 0, 0)).toBe('0 falhas · 0 pendentes');
    expect(es('after_sales_ui.progress.label', { done: 1, count: 1, percent: 100 })).toBe(
      '1 de 1 falla atendida (100 %)',
    );
  });
});
