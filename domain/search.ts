import { z } from 'zod';

/**
 * Text as list searches compare it (docs/product.md §9 search input): lower case, without accents or the
 * surrounding spaces, so 'Ñuñoa' matches 'nunoa' and 'Pérez' matches 'perez'. The client filters
 * loaded lists with it; the server folds the typed term the same way before comparing in SQL.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** Results per kind of the global search (docs/product.md §9 Global search and shortcuts). */
export const GLOBAL_SEARCH_LIMIT = 8;

/** The global search's query: 2 to 100 characters once trimmed, else 422 on `q`. */
export const globalSearchQuerySchema = z.object({ q: z.string().trim().min(2).max(100) });
export type GlobalSearchQuery = z.infer<typeof globalSearchQuerySchema>;
