import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { TICKET_WORKING_STATES } from '#domain/tickets';
import { DEFAULT_RESPONSE_TIME_HOURS } from '#domain/sla';
import { rowsOf, type Tx } from '../../../db/client.ts';
import { tickets } from '../../../db/schema/index.ts';
import type { AppDeps, PeriodicTask } from '../../../http/context.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { overdueSql, responsibleJoin } from '../dashboards/queries.ts';
import { emitTicketEvent } from '../shared/events.ts';
import { supervisorsOf } from '../shared/people.ts';
import type { Ticket } from '../shared/scope.ts';

/** Tickets handled per sweep: a backlog is worked off over a few sweeps instead of one long transaction. */
const SWEEP_LIMIT = 200;
export const RESPONSE_WATCH_INTERVAL_MS = 60_000;

type ResponseAction = 'notificar_responsable' | 'notificar_supervisor' | 'ninguna';

/** Who the project's response action reaches: the responsible (supervisors when nobody is assigned) or the supervisors. */
async function recipientsFor(tx: Tx, ticket: Ticket, action: ResponseAction): Promise<number[]> {
  if (action === 'notificar_responsable' && ticket.responsibleId) return [ticket.responsibleId];
  return supervisorsOf(tx, ticket.companyId, ticket.projectId);
}

/**
 * Runs the project's "acción al vencer el tiempo de respuesta" (docs/product.md §3 project configuration) once
 * for each ticket that got no first answer within the response time: the same overdue rule as the
 * live board (paused time excluded, agents exempt, docs/product.md §6). Each ticket is claimed with
 * response_escalated_at in its own transaction, so two instances never escalate it twice. The
 * event (ticket.response_overdue) reaches the recipients as a notification and the ticket's history.
 */
export async function escalateOverdueResponses(deps: AppDeps): Promise<number> {
  const db = deps.database.db;
  const due =
    await db.execute(sql`select tickets.id, coalesce(s.response_action, 'notificar_supervisor') as action, coalesce(s.response_time_hours, ${DEFAULT_RESPONSE_TIME_HOURS}) as hours
    from tickets left join project_settings s on s.project_id = tickets.project_id ${responsibleJoin}
    where tickets.response_escalated_at is null and ${overdueSql} and coalesce(s.response_action, 'notificar_supervisor') <> 'ninguna'
    order by tickets.created_at limit ${SWEEP_LIMIT}`);
  const rows = rowsOf<{ id: number; action: ResponseAction; hours: number }>(due);
  let escalated = 0;
  for (const row of rows) {
    const done = await transactionWithEvents(deps, async (tx) => {
      const [ticket] = await tx
        .update(tickets)
        .set({ responseEscalatedAt: new Date() })
        .where(
          and(
            eq(tickets.id, row.id),
            isNull(tickets.responseEscalatedAt),
            isNull(tickets.firstResponseAt),
            inArray(tickets.state, [...TICKET_WORKING_STATES]),
          ),
        )
        .returning();
      if (!ticket) return false;
      await emitTicketEvent(tx, ticket, 'ticket.response_overdue', {
        actorId: null,
        action: 'ticket.responseOverdue',
        data: { responseAction: row.action, responseTimeHours: Number(row.hours) },
        notify: await recipientsFor(tx, ticket, row.action),
      });
      return true;
    });
    if (done) escalated += 1;
  }
  return escalated;
}

/** The periodic task of the server process (registered by registerAfterSales, run by runtime/periodic.ts). */
export const RESPONSE_WATCH: PeriodicTask = {
  name: 'response-watch',
  intervalMs: RESPONSE_WATCH_INTERVAL_MS,
  run: async (deps) => ({ escalated: await escalateOverdueResponses(deps) }),
};
