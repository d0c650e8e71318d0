/** Lower-case text without accents, so 'Ñuñoa' matches 'nunoa' and 'Pérez' matches 'perez' in list searches. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** True when every word of `term` appears in `text` (accent- and case-insensitive). */
export function matchesTerm(text: string, term: string): boolean {
  const words = foldText(term).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldText(text);
  return words.every((w) => haystack.includes(w));
}
