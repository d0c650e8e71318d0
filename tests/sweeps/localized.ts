import es from '../../locales/es.json' with { type: 'json' };
import ptBR from '../../locales/pt-BR.json' with { type: 'json' };

type Tree = { [k: string]: string | Tree };
export type Lang = 'es' | 'pt-BR';

function templates(tree: Tree, out: string[] = []): string[] {
  for (const value of Object.values(tree)) {
    if (typeof value === 'string') out.push(value);
    else templates(value, out);
  }
  return out;
}

// A template made only of placeholders ('{{message}}') would match any text: it proves nothing.
const matcher = (tree: Tree) =>
  templates(tree)
    .filter((t) => t.replace(/\{\{\w+\}\}/g, '').replace(/[^\p{L}]/gu, '').length >= 3)
    .map(
      (t) =>
        new RegExp(
          `^${t
            .split(/\{\{\w+\}\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('[\\s\\S]*')}$`,
        ),
    );
const MATCHERS: Record<Lang, RegExp[]> = { es: matcher(es as Tree), 'pt-BR': matcher(ptBR as Tree) };
const RAW_KEY = /^[a-z_]+(\.[a-z0-9_]+)+$/;
const seen = new Map<string, boolean>();

/**
 * Whether a message is a text of the caller's language: it must fill one of that locale's templates,
 * so a raw key ('errors.x') or the Spanish text of a key whose pt-BR text differs fails for pt-BR.
 */
export function isLocalized(message: unknown, lang: Lang): boolean {
  if (typeof message !== 'string' || !message || RAW_KEY.test(message)) return false;
  const key = `${lang}\u0001${message}`;
  let ok = seen.get(key);
  if (ok === undefined) {
    ok = MATCHERS[lang].some((re) => re.test(message));
    seen.set(key, ok);
  }
  return ok;
}
