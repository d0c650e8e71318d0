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
    t = (key, params) => {
      const template = lookup(catalogs[locale], key) ?? lookup(catalogs.es, key) ?? key;
      return params ? template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) : template;
    };
    translators.set(locale, t);
  }
  return t;
}
