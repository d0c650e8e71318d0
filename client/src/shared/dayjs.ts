import dayjs from 'dayjs';
import 'dayjs/locale/es';
import ptBr from 'dayjs/locale/pt-br';
import { WEEK_STARTS_ON } from './format.ts';
import type { AppLocale } from './i18n.ts';
import { session } from './session/session-store.ts';

/**
 * dayjs in the UI language with Monday-first weeks (docs/product.md §9), for calendars, pickers and relative
 * dates. dayjs' own pt-br starts weeks on Sunday, so it is re-registered. Import dayjs from here,
 * not from the package, so the locale follows the session; it stays out of the first load.
 */
dayjs.locale({ ...ptBr, weekStart: WEEK_STARTS_ON }, undefined, true);

export const dayjsLocaleOf = (locale: AppLocale) => (locale === 'pt-BR' ? 'pt-br' : 'es');

let applied: AppLocale | undefined;
function apply() {
  const { locale } = session.get();
  if (locale === applied) return;
  applied = locale;
  dayjs.locale(dayjsLocaleOf(locale));
}
apply();
session.subscribe(apply);

export { dayjs };
