import { describe, expect, it } from 'vitest';
import { toCsvText } from './csv.ts';

describe('CSV of the caller language (docs/product.md §7 exports)', () => {
  it('Spanish: BOM, semicolons and decimal commas, so Excel in Spanish opens one field per column', () => {
    const text = toCsvText(['Código', 'Avance (%)'], [['S-1', 12.5]], 'es');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1)).toBe('Código;Avance (%)\r\nS-1;12,5\r\n');
  });

  it('Portuguese (Brazil) writes the same dialect', () => {
    expect(toCsvText(['Código', 'Progresso (%)'], [['S-1', 0.75]], 'pt-BR').slice(1)).toBe(
      'Código;Progresso (%)\r\nS-1;0,75\r\n',
    );
  });

  it('quotes a text with the separator, quotes or line breaks, and neutralises formulas', () => {
    const text = toCsvText(['a', 'b', 'c', 'd'], [['Baño; cocina', 'dice "hola"', '=1+1', 'línea\nnueva']], 'es');
    expect(text.slice(1).split('\r\n')[1]).toBe('"Baño; cocina";"dice ""hola""";\'=1+1;"línea\nnueva"');
  });

  it('leaves empty values empty and keeps commas inside a text unquoted', () => {
    expect(toCsvText(['a', 'b', 'c'], [[null, undefined, 'uno, dos']], 'es').slice(1)).toBe('a;b;c\r\n;;uno, dos\r\n');
  });
});
