import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ProcoreObservationLink } from '#domain/procore-responses';
import { failures, procoreLinks, tickets } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';

/** How many linked observations the page lists (the newest first). */
const LINKS_SHOWN = 100;

/**
 * "Observaciones vinculadas" (docs/product.md §2 config/integraciones/procore): failures sent to Procore with the
 * status Procore last reported, for the projects the caller sees.
 */
export async function listObservationLinks(deps: AppDeps, user: SessionUser): Promise<ProcoreObservationLink[]> {
  if (!user.projectIds.length) return [];
  const rows = await deps.database.db
    .select({
      link: procoreLinks,
      ticketId: tickets.id,
      ticketCode: tickets.code,
      place: failures.placeName,
      item: failures.itemName,
      detail: failures.detailName,
    })
    .from(procoreLinks)
    .innerJoin(failures, and(eq(failures.id, procoreLinks.failureId), eq(failures.companyId, procoreLinks.companyId)))
    .innerJoin(tickets, eq(tickets.id, failures.ticketId))
    .where(and(eq(procoreLinks.companyId, user.companyId), inArray(failures.projectId, user.projectIds)))
    .orderBy(desc(procoreLinks.createdAt), desc(procoreLinks.id))
    .limit(LINKS_SHOWN);
  return rows.map((r) => ({
    id: r.link.id,
    failure_id: r.link.failureId,
    failure_name: [r.place, r.item, r.detail].filter(Boolean).join(' · '),
    ticket_id: r.ticketId,
    ticket_code: r.ticketCode,
    procore_project_id: r.link.procoreProjectId,
    procore_observation_id: r.link.procoreObservationId,
    remote_status: r.link.remoteStatus,
    synced_at: r.link.syncedAt?.toISOString() ?? null,
  }));
}
