import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from '#locales/es.json';

export const SUPPORTED_LOCALES = ['es', 'pt-BR'] as const;
export type AppLocale = (typeof SUPPORTED_LOCALES)[number];
export const LOCALE_STORAGE_KEY = 'locale';

/** docs/product.md §1: es default and fallback; any pt* loads pt-BR; default is the first supported browser language. */
export function normalizeLocale(lang: string | null | undefined): AppLocale | undefined {
  if (!lang) return undefined;
  const l = lang.toLowerCase();
  if (l.startsWith('es')) return 'es';
  if (l.startsWith('pt')) return 'pt-BR';
  return undefined;
}

export function initialLocale(stored: string | null, browserLanguages: readonly string[]): AppLocale {
  const fromStore = normalizeLocale(stored);
  if (fromStore) return fromStore;
  for (const lang of browserLanguages) {
    const supported = normalizeLocale(lang);
    if (supported) return supported;
  }
  return 'es';
}

/**
 * Catalogue loading, sized for the first load (docs/architecture.md §6). es is the fallback and is bundled, but
 * the client build trims that import to the prefixes the first screens use (client/vite.config.ts);
 * the rest of es comes with `?rest` (tests, without that plugin, have the whole file already and
 * merge it again). pt-BR is one chunk fetched only by those who use it.
 */
const catalogues: Record<AppLocale, () => Promise<Record<string, unknown>>> = {
  es: async () => es,
  'pt-BR': () => import('#locales/pt-BR.json').then((m) => m.default as Record<string, unknown>),
};
let spanishRest: Promise<void> | undefined;
declare const __SPLIT_ES_CATALOGUE__: boolean | undefined;

/** Makes sure a locale's catalogue is loaded; resolves once t() can answer in it. */
export async function loadLocale(locale: AppLocale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const bundle = await catalogues[locale]();
  i18n.addResourceBundle(locale, 'translation', bundle, true, true);
}

/** The whole Spanish catalogue (the fallback of every language): awaited before pages past the first screens. */
export function loadFullCatalogue(): Promise<void> {
  spanishRest ??= (
    typeof __SPLIT_ES_CATALOGUE__ !== 'undefined' ? import('#locales/es.json?rest') : import('#locales/es.json')
  )
    .then((m) => {
      i18n.addResourceBundle('es', 'translation', m.default as Record<string, unknown>, true, false);
    })
    .catch((err: unknown) => {
      spanishRest = undefined;
      throw err;
    });
  return spanishRest;
}

/** Initialises i18next (once) or switches language; a catalogue not loaded yet is fetched first. */
export function setupI18n(locale: AppLocale) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { es: { translation: es } },
      partialBundledLanguages: true,
      lng: locale,
      fallbackLng: 'es',
      supportedLngs: [...SUPPORTED_LOCALES],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  if (i18n.hasResourceBundle(locale, 'translation')) {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  } else {
    void loadLocale(locale).then(() => i18n.changeLanguage(locale));
  }
  return i18n;
}

export { i18n };
