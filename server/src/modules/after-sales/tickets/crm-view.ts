import { and, eq } from 'drizzle-orm';
import type { TicketState } from '#domain/tickets';
import type { DbOrTx } from '../../../db/client.ts';
import { owners, projects, tickets, unitOwners, units } from '../../../db/schema/index.ts';

/** What a CRM is told of a ticket (docs/product.md §1 CRM): its code, subject, state, where, and the unit's owners. */
export type TicketForCrm = {
  id: number;
  code: string;
  subject: string;
  state: TicketState;
  origin: string;
  projectName: string;
  unitNumber: string;
  createdAt: Date;
  owners: { id: number; name: string; lastName: string; email: string | null; phone: string | null }[];
};

/** The company's ticket as a CRM sees it; undefined when it is not the company's (or no longer exists). */
export async function ticketForCrm(db: DbOrTx, companyId: number, ticketId: number): Promise<TicketForCrm | undefined> {
  const [row] = await db
    .select({ ticket: tickets, projectName: projects.name, unitNumber: units.number })
    .from(tickets)
    .innerJoin(projects, eq(projects.id, tickets.projectId))
    .innerJoin(units, eq(units.id, tickets.unitId))
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)));
  if (!row) return undefined;
  const people = await db
    .select({ id: owners.id, name: owners.name, lastName: owners.lastName, email: owners.mail, phone: owners.phone })
    .from(unitOwners)
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .where(and(eq(unitOwners.unitId, row.ticket.unitId), eq(owners.companyId, companyId)));
  const t = row.ticket;
  return {
    id: t.id,
    code: t.code,
    subject: t.subject,
    state: t.state,
    origin: t.origin,
    projectName: row.projectName,
    unitNumber: row.unitNumber,
    createdAt: t.createdAt,
    owners: people.sort((a, b) => a.id - b.id),
  };
}
