import { and, eq, inArray } from 'drizzle-orm';
import { allowedEvents } from '#machines/engine';
import { ticketMachine, type TicketEvent } from '#machines/ticket';
import {
  floors, owners, profiles, projects, projectSettings, ticketPauses, towers, unitTypes, units, users,
} from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { isAgent, userBrief } from '../shared/people.ts';
import type { Ticket } from '../shared/scope.ts';
import { pendingFailureCount } from './commands.ts';
import { progressOf } from './list.ts';
import { ticketCounts } from './service.ts';

/** Paused milliseconds of a ticket up to `until` (postponed or waiting on the owner; overlaps counted once). */
export function pausedMs(pauses: { startedAt: Date; endedAt: Date | null }[], since: Date, until: Date): number {
  const spans = pauses
    .map((p) => [Math.max(p.startedAt.getTime(), since.getTime()), Math.min((p.endedAt ?? until).getTime(), until.getTime())] as const)
    .filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  let total = 0; let end = -Infinity;
  for (const [a, b] of spans) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

/**
 * The response deadline (Project configuration: response time). The clock pauses while the ticket
 * is postponed or waiting on the owner; agents are exempt from the limit (docs/product.md §6).
 */
export function responseStatus(ticket: Ticket, hours: number, pauses: { startedAt: Date; endedAt: Date | null }[], responsibleIsAgent: boolean, now = new Date()) {
  const answeredAt = ticket.firstResponseAt ?? now;
  const elapsedMs = answeredAt.getTime() - ticket.createdAt.getTime() - pausedMs(pauses, ticket.createdAt, answeredAt);
  const limitMs = hours * 3_600_000;
  const dueAt = new Date(ticket.createdAt.getTime() + limitMs + pausedMs(pauses, ticket.createdAt, answeredAt));
  const unresolved = ['nueva', 'abierta', 'en_proceso'].includes(ticket.state);
  return {
    response_time_hours: hours,
    response_due_at: responsibleIsAgent ? null : dueAt.toISOString(),
    response_elapsed_minutes: Math.max(0, Math.round(elapsedMs / 60_000)),
    is_exempt: responsibleIsAgent,
    is_overdue: !responsibleIsAgent && !ticket.firstResponseAt && unresolved && elapsedMs > limitMs,
  };
}

/** The ticket events a user might trigger from the detail, with representative payloads. */
export function ticketCandidates(pendingFailures: number, intoTicketId = 1): TicketEvent[] {
  return [
    { type: 'ticket.open' }, { type: 'ticket.startProgress' },
    { type: 'ticket.saveAs', state: 'abierta' }, { type: 'ticket.saveAs', state: 'en_proceso' },
    { type: 'ticket.postpone' }, { type: 'ticket.unpostpone' },
    { type: 'ticket.resolve', pendingFailureCount: pendingFailures },
    { type: 'ticket.close', justification: 'x' }, { type: 'ticket.markNotApplicable', justification: 'x' },
    { type: 'ticket.reopen' }, { type: 'ticket.merge', intoTicketId },
  ];
}

/** solicitud/{id}: everything the header and tabs need, including which actions the machine allows now. */
export async function ticketDetail(deps: AppDeps, user: SessionUser, ticket: Ticket) {
  const db = deps.database.db;
  const [[place], [applicant], pauses, counts, progress, pending] = await Promise.all([
    db.select({ unit: units, tower: towers, floor: floors, type: unitTypes, project: projects, settings: projectSettings }).from(units)
      .innerJoin(projects, eq(projects.id, units.projectId))
      .leftJoin(towers, eq(towers.id, units.towerId)).leftJoin(floors, eq(floors.id, units.floorId))
      .leftJoin(unitTypes, eq(unitTypes.id, units.unitTypeId)).leftJoin(projectSettings, eq(projectSettings.projectId, units.projectId))
      .where(eq(units.id, ticket.unitId)),
    ticket.applicantOwnerId
      ? db.select({ owner: owners, account: users }).from(owners).leftJoin(users, eq(users.id, owners.userId)).where(eq(owners.id, ticket.applicantOwnerId))
      : Promise.resolve([]),
    db.select().from(ticketPauses).where(eq(ticketPauses.ticketId, ticket.id)),
    ticketCounts(deps, ticket.id),
    progressOf(db, [ticket.id]),
    pendingFailureCount(db, ticket.id),
  ]);
  const people = await userBrief(db, [ticket.responsibleId, ticket.createdBy, ...ticket.cc]);
  const [resp] = ticket.responsibleId ? await db.select({ permissions: profiles.permissions }).from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId)).where(and(eq(users.id, ticket.responsibleId), inArray(users.companyId, [ticket.companyId]))) : [];
  const stored = { value: ticket.state, context: { previousState: ticket.previousState } };
  const isOwnerView = user.kind === 'owner';
  return {
    id: ticket.id, code: ticket.code, number: ticket.number, subject: ticket.subject, state: ticket.state, previous_state: ticket.previousState,
    priority: ticket.priority, origin: ticket.origin,
    project: { id: place.project.id, name: place.project.name, municipal_reception_date: place.project.municipalReceptionDate },
    tower: place.tower ? { id: place.tower.id, name: place.tower.name } : null,
    floor: place.floor ? { id: place.floor.id, name: place.floor.name } : null,
    unit: { id: place.unit.id, number: place.unit.number, delivery_date: place.unit.deliveryDate, unit_type: place.type ? { id: place.type.id, name: place.type.name } : null },
    applicant: applicant ? {
      id: applicant.owner.id, name: applicant.owner.name, last_name: applicant.owner.lastName,
      ...(isOwnerView ? {} : { mail: applicant.owner.mail, phone: applicant.owner.phone, has_account: !!applicant.account, email_verified: !!applicant.account?.emailVerifiedAt }),
    } : null,
    responsible: ticket.responsibleId ? people.get(ticket.responsibleId) ?? null : null,
    cc: isOwnerView ? [] : ticket.cc.map((id) => people.get(id)).filter(Boolean),
    created_by: isOwnerView ? null : ticket.createdBy ? people.get(ticket.createdBy) ?? null : null,
    merged_into_id: ticket.mergedIntoId,
    close_justification: ticket.closeJustification,
    first_response_at: ticket.firstResponseAt?.toISOString() ?? null,
    resolved_at: ticket.resolvedAt?.toISOString() ?? null,
    created_at: ticket.createdAt.toISOString(), updated_at: ticket.updatedAt.toISOString(),
    progress: progress.get(ticket.id) ?? { total: 0, done: 0, percent: 0 },
    counts,
    ...(isOwnerView ? {} : {
      response: responseStatus(ticket, place.settings?.responseTimeHours ?? 48, pauses, isAgent(resp?.permissions ?? [])),
      allowed_events: allowedEvents(ticketMachine, stored, ticketCandidates(pending)),
    }),
  };
}
