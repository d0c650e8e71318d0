import { or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { foldText } from '#domain/search';

// Accented letters of Spanish and Portuguese and their plain forms, for Postgres translate() (both
// PGlite and PostgreSQL have it; the unaccent extension is not always installed).
const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüñç';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuunc';

/** `%term%` for LIKE with the user's % and _ taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * List search (docs/product.md §9 search input): true when any of the columns contains the term, ignoring
 * case and accents on both sides, so 'renaca' finds 'Mirador de Reñaca' and 'Reñaca' finds 'RENACA'.
 */
export function containsText(columns: (SQLWrapper | SQL)[], term: string): SQL | undefined {
  const pattern = containsPattern(foldText(term));
  return or(...columns.map((column) => sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN}) like ${pattern}`));
}
