import { and, desc, eq, inArray } from 'drizzle-orm';
import { GLOBAL_SEARCH_LIMIT } from '#domain/search';
import type { SearchTicket } from '#domain/search-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { projects, tickets, units } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { containsText } from '../../../lib/text-search.ts';

/**
 * The tickets of the global search (docs/product.md §9 Global search and shortcuts): code or subject containing the term,
 * ignoring case and accents, in the caller's company and visible projects, newest first, one query with LIMIT.
 */
export async function searchTickets(db: DbOrTx, user: SessionUser, term: string): Promise<SearchTicket[]> {
  if (!user.projectIds.length) return [];
  const rows = await db
    .select({
      id: tickets.id,
      code: tickets.code,
      subject: tickets.subject,
      projectId: projects.id,
      projectName: projects.name,
      unitNumber: units.number,
    })
    .from(tickets)
    .innerJoin(projects, eq(projects.id, tickets.projectId))
    .innerJoin(units, eq(units.id, tickets.unitId))
    .where(
      and(
        eq(tickets.companyId, user.companyId),
        inArray(tickets.projectId, user.projectIds),
        containsText([tickets.code, tickets.subject], term),
      ),
    )
    .orderBy(desc(tickets.id))
    .limit(GLOBAL_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    subject: r.subject,
    project: { id: r.projectId, name: r.projectName },
    unit_number: r.unitNumber,
  }));
}
