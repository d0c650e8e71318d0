import { useEffect } from 'react';
import { loadLocale, normalizeLocale, setupI18n, type AppLocale } from './i18n.ts';
import { session, useSession } from './session/session-store.ts';

/** Keeps i18next and <html lang> in step with the session locale (shared/dayjs.ts follows the session itself). */
export function useLocaleSync() {
  const locale = useSession((s) => s.locale);
  useEffect(() => {
    setupI18n(locale);
    document.documentElement.lang = locale;
  }, [locale]);
}

/** Switches this tab to `locale` (kept in browser storage) once its catalogue is in. */
export async function applyLocale(locale: AppLocale) {
  await loadLocale(locale).catch(() => undefined); // offline: es (the fallback) keeps answering
  session.setLocale(locale);
  setupI18n(locale);
}

/**
 * On sign-in, the language saved on the account (PUT auth/locale) wins over this browser's: the
 * user chose it in /config/cuenta. Nothing changes when the account has none or it is unsupported.
 */
export async function adoptAccountLocale(saved: string | null | undefined) {
  const locale = normalizeLocale(saved);
  if (locale && session.get().locale !== locale) await applyLocale(locale);
}
