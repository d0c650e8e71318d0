import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import { CM_DUE_SOON_DAYS, CM_TICKET_OPEN_STATES } from '#domain/cmanagement';
import { formatDate } from '#domain/format';
import { addDays } from '#domain/working-days';
import { cmTasks, cmTickets } from '../../../db/schema/index.ts';
import type { AppDeps, PeriodicTask } from '../../../http/context.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { emitTaskEvent } from './events.ts';

/** Tasks handled per sweep: a backlog is worked off over a few sweeps instead of one long transaction. */
const SWEEP_LIMIT = 200;
export const DUE_SOON_INTERVAL_MS = 15 * 60_000;

/**
 * cm_task.due_soon (docs/product.md §1 Cmanagement, notifications on "due soon"): once an unfinished, assigned task
 * of an open ticket is CM_DUE_SOON_DAYS or fewer days from its end date (and not past it), its assignee is told,
 * once. Each task is claimed by setting due_soon_notified_at in its own transaction, so two server instances never
 * notify twice; moving the end date clears the mark (tasks/service.ts), so the new date is announced again.
 * Days are UTC calendar days.
 */
export async function notifyDueSoonTasks(deps: AppDeps, now = new Date()): Promise<number> {
  const db = deps.database.db;
  const today = now.toISOString().slice(0, 10);
  const due = await db
    .select({ id: cmTasks.id })
    .from(cmTasks)
    .innerJoin(cmTickets, eq(cmTickets.id, cmTasks.ticketId))
    .where(
      and(
        isNull(cmTasks.dueSoonNotifiedAt),
        isNotNull(cmTasks.assigneeId),
        ne(cmTasks.state, 'completada'),
        gte(cmTasks.endDate, today),
        lte(cmTasks.endDate, addDays(today, CM_DUE_SOON_DAYS)),
        inArray(cmTickets.state, [...CM_TICKET_OPEN_STATES]),
      ),
    )
    .orderBy(asc(cmTasks.endDate), asc(cmTasks.id))
    .limit(SWEEP_LIMIT);
  let notified = 0;
  for (const { id } of due) {
    const done = await transactionWithEvents(deps, async (tx) => {
      const [task] = await tx
        .update(cmTasks)
        .set({ dueSoonNotifiedAt: today })
        .where(and(eq(cmTasks.id, id), isNull(cmTasks.dueSoonNotifiedAt), ne(cmTasks.state, 'completada')))
        .returning();
      if (!task?.assigneeId) return false;
      const [ticket] = await tx.select().from(cmTickets).where(eq(cmTickets.id, task.ticketId));
      await emitTaskEvent(tx, ticket, 'cm_task.due_soon', {
        taskId: task.id,
        taskName: task.name,
        actorId: null,
        data: { date: formatDate(task.endDate), end_date: task.endDate },
        notify: [task.assigneeId],
      });
      return true;
    });
    if (done) notified += 1;
  }
  return notified;
}

/** The periodic task of the server process (registered by registerCmanagement, run by the runtime's scheduler). */
export const CM_DUE_SOON_WATCH: PeriodicTask = {
  name: 'cmanagement-due-soon',
  intervalMs: DUE_SOON_INTERVAL_MS,
  run: async (deps, now) => ({ notified: await notifyDueSoonTasks(deps, now) }),
};
