import { describe, expect, it } from 'vitest';
import {
  betweenLength,
  lengthOf,
  maxLength,
  minLength,
  noDoubleSpaces,
  noSpecialChars,
  noSpecialCharsInText,
  required,
  same,
} from './text.ts';

describe('required (docs/product.md §5 "Este campo es obligatorio": trimmed, non-empty)', () => {
  it.each([null, undefined, '', '   ', '\t\n', [], new Set(), new Map(), Number.NaN, new Date('x')])(
    '%j is missing',
    (value) => {
      expect(required(value)).toEqual({ key: 'validation.required' });
    },
  );

  it.each(['a', ' a ', 0, 12, false, true, ['x'], new Set([1]), { a: 1 }, new Date()])('%j is present', (value) => {
    expect(required(value)).toBeNull();
  });
});

describe('lengths (docs/product.md §5 min, max and between length)', () => {
  it('minLength refuses shorter text and reports {min}', () => {
    expect(minLength('ab', 3)).toEqual({ key: 'validation.min_length', params: { min: 3 } });
    expect(minLength('abc', 3)).toBeNull();
    expect(minLength(1234, 3)).toBeNull();
  });

  it('maxLength refuses longer text and reports {max} (unit type name < 50, docs/product.md §9)', () => {
    expect(maxLength('x'.repeat(50), 49)).toEqual({ key: 'validation.max_length', params: { max: 49 } });
    expect(maxLength('x'.repeat(49), 49)).toBeNull();
  });

  it('betweenLength reports both bounds', () => {
    expect(betweenLength('a', 2, 4)).toEqual({ key: 'validation.between_length', params: { min: 2, max: 4 } });
    expect(betweenLength('abcde', 2, 4)).toEqual({ key: 'validation.between_length', params: { min: 2, max: 4 } });
    expect(betweenLength('abc', 2, 4)).toBeNull();
  });

  it('counts characters as PostgreSQL does (an emoji or ñ is one)', () => {
    expect(lengthOf('👷ñ')).toBe(2);
    expect(maxLength('👷👷', 2)).toBeNull();
  });

  it('leaves absent values to required and refuses values without text', () => {
    expect(minLength('', 3)).toBeNull();
    expect(maxLength(undefined, 3)).toBeNull();
    expect(minLength({}, 3)).toEqual({ key: 'validation.invalid' });
  });
});

describe('noDoubleSpaces (docs/product.md §5: no two or more consecutive whitespace characters)', () => {
  it.each(['Jefe  de obra', 'Jefe\t\tobra', 'Jefe \nobra', '  '])('%j is refused', (value) => {
    expect(noDoubleSpaces(value)).toEqual({ key: 'validation.no_double_spaces' });
  });
  it.each(['Jefe de obra', 'Jefe', '', null])('%j is accepted', (value) => expect(noDoubleSpaces(value)).toBeNull());
});

describe('noSpecialChars (docs/product.md §5 delivery dialog)', () => {
  it.each(['Departamento 101-B, torre Ñuñoa', "O'Higgins", 'João Conceição', 'Ángela Pérez. 2', 'e\u0301'])(
    '%j is accepted',
    (value) => expect(noSpecialChars(value)).toBeNull(),
  );
  it.each(['<script>', 'a@b', 'casa #5', 'precio $100', '50%', 'a;b', 'x_y'])('%j is refused', (value) => {
    expect(noSpecialChars(value)).toEqual({ key: 'validation.no_special_chars' });
  });
});

describe("noSpecialCharsInText (docs/product.md §5 delivery dialog's free texts)", () => {
  it.each([
    'Observaciones: se entregan 2 llaves y 1 control.',
    '¿Falta el manual? ¡Sí! (se envía por correo)',
    'Medidor de gas: 7,25 m³ — lectura "a la vista"; depto. #5, 50% pintado, 3°',
    'Trinca na parede: ver foto',
    'Llaves\nControles',
  ])('%j is accepted', (value) => expect(noSpecialCharsInText(value)).toBeNull());
  it.each(['<script>alert(1)</script>', 'a@b.cl', '{{x}}', 'precio $100', 'x_y', 'a | b', '=SUM(A1)', 'ok 👍'])(
    '%j is refused',
    (value) => expect(noSpecialCharsInText(value)).toEqual({ key: 'validation.no_special_chars' }),
  );
});

describe("same (docs/product.md §5 'Valores no coinciden')", () => {
  it('accepts equal values and refuses different ones, without trimming', () => {
    expect(same('Secreta123', 'Secreta123')).toBeNull();
    expect(same('Secreta123', 'Secreta123 ')).toEqual({ key: 'validation.same' });
    expect(same('1', 1)).toEqual({ key: 'validation.same' });
  });
});
