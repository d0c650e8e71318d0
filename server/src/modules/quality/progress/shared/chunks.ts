/**
 * Ids per query of an `in` list: well under PostgreSQL's 65,535 parameters, two queries for a 10,000-activity
 * project. Reading by ids keeps PGlite's planner off the nested loops a join against a grouped subquery or an
 * `in (subquery)` led it to (server/src/modules/cmanagement/tasks/schedule.ts says the same).
 */
export const ID_CHUNK = 5000;

export async function inChunks<T>(ids: readonly number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) out.push(...(await read(ids.slice(i, i + ID_CHUNK))));
  return out;
}
