/** The time zone of each country a company may be in: its dates are shown, counted and filtered there. */
const COUNTRY_TZ: Record<string, string> = {
  CL: 'America/Santiago',
  BR: 'America/Sao_Paulo',
  PE: 'America/Lima',
  CO: 'America/Bogota',
  MX: 'America/Mexico_City',
};

/** A company's local calendar from its country (Chile when unknown). */
export const countryTimezone = (country: string | null | undefined) =>
  COUNTRY_TZ[country ?? 'CL'] ?? 'America/Santiago';

export function isTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The one time-zone rule (docs/product.md §9 time zone): a screen and the files downloaded from it count, filter and
 * print times in the zone of the browser that asks (its `tz`); without one (e-mails, PDFs, API callers) the
 * company's country's zone.
 */
export function timezoneOf(country: string | null | undefined, requested?: string): string {
  if (requested && isTimezone(requested)) return requested;
  return countryTimezone(country);
}
