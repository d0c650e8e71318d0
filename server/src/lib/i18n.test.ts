import { describe, expect, it } from 'vitest';
import { pickLocale, translator } from './i18n.ts';

describe('translator', () => {
  it('fills params and falls back to Spanish, then to the key', () => {
    expect(translator('pt-BR')('deliveries.errors.import_empty')).toBe('O arquivo não tem linhas para importar');
    expect(translator('es')('no.such.key')).toBe('no.such.key');
  });

  it('picks the plural form by the locale rule when a numeric count is given, as i18next does', () => {
    const es = translator('es');
    expect(es('deliveries.errors.import_rows', { count: 1 })).toBe(
      'El catálogo tiene errores en 1 fila; no se importó nada',
    );
    expect(es('deliveries.errors.import_rows', { count: 3 })).toBe(
      'El catálogo tiene errores en 3 filas; no se importó nada',
    );
    expect(translator('pt-BR')('deliveries.after_sales.message', { count: 2 })).toBe(
      'Solicitação criada a partir da ficha de entrega com 2 falhas pendentes:',
    );
  });

  it('reads Accept-Language', () => {
    expect(pickLocale('pt-PT,pt;q=0.9')).toBe('pt-BR');
    expect(pickLocale('en-US')).toBe('es');
  });
});
