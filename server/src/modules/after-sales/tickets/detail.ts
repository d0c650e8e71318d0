import { and, eq, inArray } from 'drizzle-orm';
import { allowedEvents } from '#machines/engine';
import { ticketMachine, type TicketEvent } from '#machines/ticket';
import { clockStops, DEFAULT_RESPONSE_TIME_HOURS, pausedMs, ticketClocks, ticketSla, type Pause } from '#domain/sla';
import {
  floors,
  owners,
  profiles,
  projects,
  projectSettings,
  ticketPauses,
  towers,
  unitTypes,
  units,
  users,
} from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { userBriefs } from '../../../db/staff.ts';
import { isAgent } from '../shared/people.ts';
import type { Ticket } from '../shared/scope.ts';
import { pendingFailureCount } from './commands.ts';
import { progressFields, progressOf } from './list.ts';
import { ticketCounts } from './service.ts';

/**
 * The detail's clocks (docs/product.md §4 Ticket clocks, domain/sla.ts) and the older `response` block the header
 * and docs/api.md describe, read from the response clock so both say the same.
 */
export function clocksBlock(
  ticket: Ticket,
  hours: number,
  pauses: Pause[],
  responsibleIsAgent: boolean,
  now = new Date(),
) {
  const clocks = ticketClocks(ticket, pauses, { responseHours: hours, responsibleIsAgent, now });
  const response = clocks.response;
  const until = clockStops(ticket).response ?? now;
  // The deadline as the pauses so far moved it: creation + response time + time paused until the answer (or now).
  const dueAt = ticket.createdAt.getTime() + hours * 3_600_000 + pausedMs(pauses, ticket.createdAt, until);
  return {
    response: {
      response_time_hours: hours,
      response_due_at: responsibleIsAgent ? null : new Date(dueAt).toISOString(),
      response_elapsed_minutes: response.elapsed_minutes,
      is_exempt: responsibleIsAgent,
      is_overdue: response.status === 'overdue',
    },
    clocks,
    sla: ticketSla(ticket.state, clocks),
  };
}

/** The ticket events a user might trigger from the detail, with representative payloads. */
export function ticketCandidates(pendingFailures: number, intoTicketId = 1): TicketEvent[] {
  return [
    { type: 'ticket.open' },
    { type: 'ticket.startProgress' },
    { type: 'ticket.saveAs', state: 'abierta' },
    { type: 'ticket.saveAs', state: 'en_proceso' },
    { type: 'ticket.postpone' },
    { type: 'ticket.unpostpone' },
    { type: 'ticket.resolve', pendingFailureCount: pendingFailures },
    { type: 'ticket.close', justification: 'x' },
    { type: 'ticket.markNotApplicable', justification: 'x' },
    { type: 'ticket.reopen' },
    { type: 'ticket.merge', intoTicketId },
  ];
}

/** solicitud/{id}: everything the header and tabs need, including which actions the machine allows now. */
export async function ticketDetail(deps: AppDeps, user: SessionUser, ticket: Ticket) {
  const db = deps.database.db;
  const [[place], [applicant], pauses, counts, progress, pending] = await Promise.all([
    db
      .select({
        unit: units,
        tower: towers,
        floor: floors,
        type: unitTypes,
        project: projects,
        settings: projectSettings,
      })
      .from(units)
      .innerJoin(projects, eq(projects.id, units.projectId))
      .leftJoin(towers, eq(towers.id, units.towerId))
      .leftJoin(floors, eq(floors.id, units.floorId))
      .leftJoin(unitTypes, eq(unitTypes.id, units.unitTypeId))
      .leftJoin(projectSettings, eq(projectSettings.projectId, units.projectId))
      .where(eq(units.id, ticket.unitId)),
    ticket.applicantOwnerId
      ? db
          .select({ owner: owners, account: users })
          .from(owners)
          .leftJoin(users, eq(users.id, owners.userId))
          .where(eq(owners.id, ticket.applicantOwnerId))
      : Promise.resolve([]),
    db.select().from(ticketPauses).where(eq(ticketPauses.ticketId, ticket.id)),
    ticketCounts(deps, ticket.id),
    progressOf(db, [ticket.id]),
    pendingFailureCount(db, ticket.id),
  ]);
  const people = await userBriefs(db, [ticket.responsibleId, ticket.createdBy, ...ticket.cc]);
  const [resp] = ticket.responsibleId
    ? await db
        .select({ permissions: profiles.permissions })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.profileId))
        .where(and(eq(users.id, ticket.responsibleId), inArray(users.companyId, [ticket.companyId])))
    : [];
  const stored = { value: ticket.state, context: { previousState: ticket.previousState } };
  const isOwnerView = user.kind === 'owner';
  return {
    id: ticket.id,
    code: ticket.code,
    number: ticket.number,
    subject: ticket.subject,
    state: ticket.state,
    previous_state: ticket.previousState,
    priority: ticket.priority,
    origin: ticket.origin,
    project: {
      id: place.project.id,
      name: place.project.name,
      municipal_reception_date: place.project.municipalReceptionDate,
    },
    tower: place.tower ? { id: place.tower.id, name: place.tower.name } : null,
    floor: place.floor ? { id: place.floor.id, name: place.floor.name } : null,
    unit: {
      id: place.unit.id,
      number: place.unit.number,
      delivery_date: place.unit.deliveryDate,
      unit_type: place.type ? { id: place.type.id, name: place.type.name } : null,
    },
    applicant: applicant
      ? {
          id: applicant.owner.id,
          name: applicant.owner.name,
          last_name: applicant.owner.lastName,
          ...(isOwnerView
            ? {}
            : {
                mail: applicant.owner.mail,
                phone: applicant.owner.phone,
                has_account: !!applicant.account,
                email_verified: !!applicant.account?.emailVerifiedAt,
              }),
        }
      : null,
    responsible: ticket.responsibleId ? (people.get(ticket.responsibleId) ?? null) : null,
    cc: isOwnerView ? [] : ticket.cc.map((id) => people.get(id)).filter(Boolean),
    created_by: isOwnerView ? null : ticket.createdBy ? (people.get(ticket.createdBy) ?? null) : null,
    merged_into_id: ticket.mergedIntoId,
    close_justification: ticket.closeJustification,
    first_response_at: ticket.firstResponseAt?.toISOString() ?? null,
    resolved_at: ticket.resolvedAt?.toISOString() ?? null,
    created_at: ticket.createdAt.toISOString(),
    updated_at: ticket.updatedAt.toISOString(),
    ...progressFields(ticket, progress.get(ticket.id)),
    counts,
    ...(isOwnerView
      ? {}
      : {
          ...clocksBlock(
            ticket,
            place.settings?.responseTimeHours ?? DEFAULT_RESPONSE_TIME_HOURS,
            pauses,
            isAgent(resp?.permissions ?? []),
          ),
          allowed_events: allowedEvents(ticketMachine, stored, ticketCandidates(pending)),
          // docs/product.md §4 Owner confirmation: the schedulers warn of a visit inside the owner's reply window.
          owner_reply_hours: place.settings?.ownerConfirmationLimitHours ?? 24,
        }),
  };
}
