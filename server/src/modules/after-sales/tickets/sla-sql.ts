import { eq, sql, type SQL } from 'drizzle-orm';
import {
  clocksOf,
  DEFAULT_RESPONSE_TIME_HOURS,
  RESOLUTION_TARGET_HOURS,
  SLA_DUE_SOON_HOURS,
  ticketSla,
  type SlaFilter,
} from '#domain/sla';
import { TICKET_DONE_STATES, TICKET_WORKING_STATES } from '#domain/tickets';
import type { DbOrTx } from '../../../db/client.ts';
import { projectSettings, ticketPauses, tickets } from '../../../db/schema/index.ts';
import { sqlLiterals } from '../../../db/sql-literals.ts';
import { agentSql } from '../shared/people.ts';
import type { Ticket } from '../shared/scope.ts';

/**
 * The ticket clocks of domain/sla.ts measured in SQL, so the list sorts and filters by them in the same statement
 * that reads the page (docs/product.md §4 Ticket clocks). The query joins `projectSettings`, the responsible's
 * `profiles` (through `users`) and the lateral `pausesOf` as `pz`; domain/sla.ts then judges what a row's times
 * mean, and the tests hold the two to the same answer (sla.test.ts).
 */

/** A ticket's pauses merged into one multirange, and whether one is open now: one index probe per ticket. */
export function pausesOf(db: DbOrTx) {
  return db
    .select({
      ranges:
        sql`range_agg(tstzrange(${ticketPauses.startedAt}, greatest(${ticketPauses.startedAt}, coalesce(${ticketPauses.endedAt}, now()))))`.as(
          'ranges',
        ),
      pausedNow:
        sql<boolean>`coalesce(bool_or(${ticketPauses.endedAt} is null and ${ticketPauses.startedAt} <= now()), false)`.as(
          'paused_now',
        ),
    })
    .from(ticketPauses)
    .where(eq(ticketPauses.ticketId, tickets.id))
    .as('pz');
}

const done = sql`${tickets.state} in (${sqlLiterals(TICKET_DONE_STATES)})`;
const working = sql`${tickets.state} in (${sqlLiterals(TICKET_WORKING_STATES)})`;
/** domain/sla.ts clockStops: resolution at resolved_at (the last update for old rows), response at the first answer. */
const resolutionStop = sql`(case when ${done} then coalesce(${tickets.resolvedAt}, ${tickets.updatedAt}) end)`;
const responseStop = sql`coalesce(${tickets.firstResponseAt}, ${resolutionStop})`;

/** Seconds counted from creation to `stop` (now while it runs), the paused intervals taken out. */
const elapsedUntil = (stop: SQL) => {
  const until = sql`greatest(${tickets.createdAt}, coalesce(${stop}, now()))`;
  return sql`(extract(epoch from (${until} - ${tickets.createdAt})) - coalesce((
    select sum(extract(epoch from upper(r) - lower(r))) from unnest(pz.ranges * tstzmultirange(tstzrange(${tickets.createdAt}, ${until}))) r), 0))::float8`;
};

const responseHours = sql`coalesce(${projectSettings.responseTimeHours}, ${sql.raw(String(DEFAULT_RESPONSE_TIME_HOURS))})`;
const resolutionHours = sql`(case ${tickets.priority} ${sql.raw(
  Object.entries(RESOLUTION_TARGET_HOURS)
    .map(([priority, hours]) => `when '${priority}' then ${hours}`)
    .join(' '),
)} end)`;
const isAgent = sql`coalesce(${agentSql}, false)`;

/**
 * Seconds left on the clock a row shows (`ticketSla`): the least of the clocks not stopped (the response clock
 * only when the responsible is no agent). Null once both stopped; negative when late.
 */
export const slaRemaining = sql`(case when ${tickets.state} <> 'fusionada' then least(
  case when ${responseStop} is null and not ${isAgent} then ${responseHours} * 3600 - ${elapsedUntil(responseStop)} end,
  case when ${resolutionStop} is null then ${resolutionHours} * 3600 - ${elapsedUntil(resolutionStop)} end) end)`;

/** The list's clock filter, the same cut as clockStatus: overdue past the target, due soon within 24 h and counting. */
export function slaWhere(filter: SlaFilter | undefined): SQL | undefined {
  if (filter === 'vencidas') return sql`(${working} and ${slaRemaining} < 0)`;
  if (filter === 'por_vencer')
    return sql`(${working} and not coalesce(pz.paused_now, false) and ${slaRemaining} between 0 and ${sql.raw(
      String(SLA_DUE_SOON_HOURS * 3600),
    )})`;
  return undefined;
}

/** Most urgent first; tickets without a running clock (done, merged) last in either direction. */
export const slaOrder = (descending: boolean) =>
  sql`${slaRemaining} ${sql.raw(descending ? 'desc' : 'asc')} nulls last`;

/** What a row needs to judge its clocks in domain/sla.ts. */
export const slaColumns = {
  slaResponseElapsed: sql<number>`${elapsedUntil(responseStop)}`,
  slaResolutionElapsed: sql<number>`${elapsedUntil(resolutionStop)}`,
  slaPausedNow: sql<boolean>`coalesce(pz.paused_now, false)`,
  slaResponseHours: sql<number>`${responseHours}`,
  slaIsAgent: sql<boolean>`${isAgent}`,
};
export type SlaMeasure = { [K in keyof typeof slaColumns]: unknown };

/** Both clocks of a row, judged by domain/sla.ts from what the SQL measured. */
export function clocksOfRow(ticket: Ticket, m: SlaMeasure, now = new Date()) {
  return clocksOf(
    ticket,
    {
      responseElapsedMs: Number(m.slaResponseElapsed) * 1000,
      resolutionElapsedMs: Number(m.slaResolutionElapsed) * 1000,
      pausedNow: Boolean(m.slaPausedNow),
    },
    { responseHours: Number(m.slaResponseHours), responsibleIsAgent: Boolean(m.slaIsAgent), now },
  );
}

/** The row's shown clock. */
export const slaOfRow = (ticket: Ticket, m: SlaMeasure, now = new Date()) =>
  ticketSla(ticket.state, clocksOfRow(ticket, m, now));
