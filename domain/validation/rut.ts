import { fail, isAbsent, type RuleResult } from './rule.ts';

/**
 * Chilean RUT (docs/product.md §5): body of up to 8 digits and a mod-11 check digit (0-9 or K), written with or
 * without thousands dots and with or without the dash: 12.345.678-5, 12345678-5, 123456785.
 */
const SHAPE = /^(\d{1,2}\.\d{3}\.\d{3}|\d{1,3}\.\d{3}|\d{1,8})-?([\dkK])$/;

/** The check digit of a RUT body ("12345678" → "5"), by the mod-11 series 2..7. */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const digit = 11 - (sum % 11);
  return digit === 11 ? '0' : digit === 10 ? 'K' : String(digit);
}

/** "12.345.678-k" → "12345678-K" (the stored form); null when it is not a valid RUT. */
export function normalizeRut(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = SHAPE.exec(value.trim());
  if (!m) return null;
  const body = m[1].replace(/\./g, '').replace(/^0+(?=\d)/, '');
  const dv = m[2].toUpperCase();
  return body !== '0' && rutCheckDigit(body) === dv ? `${body}-${dv}` : null;
}

/** "12345678-5" → "12.345.678-5" for display; an invalid RUT is returned as given. */
export function formatRut(value: string): string {
  const rut = normalizeRut(value);
  if (!rut) return value;
  const [body, dv] = rut.split('-');
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`;
}

/** docs/product.md §5: the field is a RUT only when the company's country is Chile ('CL' or 'Chile'). */
export function isChile(country: string | null | undefined): boolean {
  const c = (country ?? '').trim().toLowerCase();
  return c === 'cl' || c === 'chile';
}

export const rutLabelKey = (country: string | null | undefined): string =>
  isChile(country) ? 'labels.rut' : 'labels.document';

export const rutErrorKey = (country: string | null | undefined): string =>
  isChile(country) ? 'validation.rut' : 'validation.document';

/**
 * docs/product.md §5 "RUT: empty allowed, otherwise a valid Chilean RUT". The check is the same in every
 * country; only the words follow the label ('RUT inválido' or 'Documento de identidade inválido').
 */
export function rut(value: unknown, country: string | null | undefined = 'CL'): RuleResult {
  if (isAbsent(value) || (typeof value === 'string' && value.trim() === '')) return null;
  return normalizeRut(value) ? null : fail(rutErrorKey(country));
}
