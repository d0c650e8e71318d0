import { foldText } from '#domain/search';

/** True when every word of `term` appears in `text` (accent- and case-insensitive). */
export function matchesTerm(text: string, term: string): boolean {
  const words = foldText(term).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldText(text);
  return words.every((w) => haystack.includes(w));
}
