/**
 * Text as list searches compare it (docs/product.md §9 search input): lower case, without accents or the
 * surrounding spaces, so 'Ñuñoa' matches 'nunoa' and 'Pérez' matches 'perez'. The client filters
 * loaded lists with it; the server folds the typed term the same way before comparing in SQL.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}
