import { and, eq } from 'drizzle-orm';
import { cmTaskMachine, type CmTaskEvent } from '#machines/cm-task';
import { CM_ENTITY, cmTaskCommands } from '#domain/cmanagement';
import type { Tx } from '../../../db/client.ts';
import { cmTasks } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/errors.ts';
import { runCommand } from '../../../commands/runner.ts';
import { cmTicketCode, loadCmTask, type CmTask, type CmTicket } from '../shared/scope.ts';
import { cmTaskLink } from './events.ts';
import { openSubtaskCount } from './schedule.ts';

/**
 * Progress left on a reopened task (machines/cm-task.ts clearProgressComplete): below 100, which only a completed
 * task shows, and still nearly full, since the work done stays done (docs/decisions.md, Cmanagement schedule).
 */
export const CM_TASK_REOPENED_PROGRESS = 99;

/**
 * Every task state change (POST cmanagement/tareas/{id}/<verb>, and a PATCH that drags the progress to or from 100):
 * the machine decides with the task's open subtasks, this persists the state and the progress its actions name.
 * A subtask cannot be reopened under a completed parent: reopen the parent first.
 */
export async function taskCommand(
  deps: AppDeps,
  user: SessionUser,
  at: { taskId: number; ticketId: number },
  event: CmTaskEvent,
  t: Translate,
): Promise<CmTask> {
  const { result } = await runCommand(deps, {
    machine: cmTaskMachine,
    machineName: 'cmTask',
    entity: { type: CM_ENTITY.task, id: at.taskId, companyId: user.companyId },
    load: async (tx) => {
      const { task, ticket } = await loadCmTask(tx, user, at.taskId, true);
      if (event.type === 'cmTask.reopen' && task.parentId !== null) await assertParentOpen(tx, task);
      return {
        value: task.state,
        context: { openSubtasks: await openSubtaskCount(tx, task.id) },
        row: { task, ticket },
        projectId: ticket.projectId,
      };
    },
    event,
    commands: cmTaskCommands,
    actor: user,
    persist: async (tx, next) => {
      const types = next.actions.map((a) => a.type);
      const { task, ticket } = next.row;
      const progress = types.includes('setProgressComplete')
        ? 100
        : types.includes('clearProgressComplete')
          ? CM_TASK_REOPENED_PROGRESS
          : task.progress;
      const [row] = await tx
        .update(cmTasks)
        .set({ state: next.to, progress, updatedAt: new Date() })
        .where(eq(cmTasks.id, task.id))
        .returning();
      return { task: row, ticket };
    },
    userId: user.id,
    t,
    eventType: 'cm_task.state_changed',
    data: (_next, r: { task: CmTask; ticket: CmTicket }) => ({
      ticket_id: r.ticket.id,
      task_id: r.task.id,
      ref: cmTicketCode(r.ticket.number),
      subject: r.ticket.title,
      task: r.task.name,
    }),
    link: cmTaskLink(at.ticketId),
  });
  return result.task;
}

async function assertParentOpen(tx: Tx, task: CmTask) {
  const [parent] = await tx
    .select({ name: cmTasks.name, state: cmTasks.state })
    .from(cmTasks)
    .where(and(eq(cmTasks.id, task.parentId!), eq(cmTasks.companyId, task.companyId)));
  if (parent?.state === 'completada')
    throw new ApiError(409, 'cmanagement.tasks.errors.parent_completed_reopen', { parent: parent.name });
}
