import es from '#locales/es.json' with { type: 'json' };
import ptBR from '#locales/pt-BR.json' with { type: 'json' };

export type Locale = 'es' | 'pt-BR';
type Tree = { [k: string]: string | Tree };
const catalogs: Record<Locale, Tree> = { es: es as Tree, 'pt-BR': ptBR as Tree };

/** docs/product.md §1: es is default and fallback; any pt* language loads pt-BR. */
export function pickLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return 'es';
  const langs = acceptLanguage.split(',').map((part) => part.split(';')[0].trim().toLowerCase());
  for (const lang of langs) {
    if (lang.startsWith('es')) return 'es';
    if (lang.startsWith('pt')) return 'pt-BR';
  }
  return 'es';
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type Params = Record<string, string | number>;
export type Translate = (key: string, params?: Params) => string;

const translators = new Map<Locale, Translate>();

/** One translator per locale, built once (it is looked up on every request). */
export function translator(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    const plurals = new Intl.PluralRules(locale);
    // As i18next does: with a numeric `count`, 'key_zero' (for 0), then 'key_one' / 'key_other' by the locale's
    // plural rule, come first.
    const find = (tree: Tree, key: string, params?: Params) => {
      const count = params?.count;
      if (typeof count === 'number')
        return (
          (count === 0 ? lookup(tree, `${key}_zero`) : undefined) ??
          lookup(tree, `${key}_${plurals.select(count)}`) ??
          lookup(tree, `${key}_other`) ??
          lookup(tree, key)
        );
      return lookup(tree, key);
    };
    t = (key, params) => {
      const template = find(catalogs[locale], key, params) ?? find(catalogs.es, key, params) ?? key;
      return params ? template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) : template;
    };
    translators.set(locale, t);
  }
  return t;
}
