import { sql, type SQL } from 'drizzle-orm';

/**
 * A constant list of domain/ (a state list) written into SQL as quoted literals, `'a', 'b'`: the text is what a
 * partial index's predicate says, so the planner matches it and drizzle-kit sees no change, while the values
 * still come from the one list.
 */
export const sqlLiterals = (values: readonly string[]): SQL =>
  sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));
