import { Hono } from 'hono';
import { eventsOfVerb, verbPattern } from '#domain/commands';
import { CM_MANAGE, cmTaskCommands, type CmTaskCommandType } from '#domain/cmanagement';
import {
  cmScheduleQuerySchema,
  cmTaskCreateSchema,
  cmTaskLinkSchema,
  cmTaskUpdateSchema,
} from '#domain/schemas/cmanagement';
import type { CmTaskEvent } from '#machines/cm-task';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, requireVerbParam } from '../../../auth/guard.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { loadCmTask, loadCmTicket } from '../shared/scope.ts';
import { loadSchedule, taskRowOf, linkRow } from './schedule.ts';
import { createTask, deleteTask, updateTask } from './service.ts';
import { createLink, deleteLink } from './links.ts';
import { taskCommand } from './commands.ts';

/**
 * Tasks, their links and the schedule (docs/api.md, Cmanagement; docs/product.md §2 schedule): reading needs the
 * module, writing cmanagement_gestionar, state changes the verbs of domain/cmanagement.ts cmTaskCommands.
 */
export const taskRoutes = new Hono<AppEnv>()
  .get('/cronograma', async (c) =>
    c.json({ data: await loadSchedule(c.var.deps.database.db, currentUser(c), queryOf(c, cmScheduleQuerySchema)) }),
  )
  .get('/tickets/:cmTicketId/tareas', async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const ticket = await loadCmTicket(db, user, idParam(c.req.param('cmTicketId')));
    return c.json({ data: await loadSchedule(db, user, { ticket: [ticket.id] }) });
  })
  .post('/tickets/:cmTicketId/tareas', requirePermission(CM_MANAGE), async (c) => {
    const user = currentUser(c);
    const deps = c.var.deps;
    const ticketId = idParam(c.req.param('cmTicketId'));
    await loadCmTicket(deps.database.db, user, ticketId);
    const task = await createTask(deps, user, ticketId, await jsonBody(c, cmTaskCreateSchema));
    return c.json({ data: await taskRowOf(deps.database.db, user, task.id) }, 201);
  })
  /**
   * The Gantt drags progress like any other field: to 100 completes the task, from 100 reopens it, above 0 starts a
   * pending one — each through the machine, so a task with open subtasks cannot be dragged to 100 (409).
   */
  .patch('/tareas/:cmTaskId', requirePermission(CM_MANAGE), async (c) => {
    const user = currentUser(c);
    const deps = c.var.deps;
    const { task, ticket } = await loadCmTask(deps.database.db, user, idParam(c.req.param('cmTaskId')));
    const body = await jsonBody(c, cmTaskUpdateSchema);
    const at = { taskId: task.id, ticketId: ticket.id };
    const send = (type: CmTaskEvent['type']) => taskCommand(deps, user, at, { type }, c.var.t);
    const { progress, ...fields } = body;
    // The other fields first: a refused date or assignee leaves the state untouched.
    if (progress === undefined || Object.keys(fields).length) await updateTask(deps, user, task.id, fields);
    if (progress === 100) {
      if (task.state !== 'completada') await send('cmTask.complete');
    } else if (progress !== undefined) {
      if (task.state === 'completada') await send('cmTask.reopen');
      else if (task.state === 'pendiente' && progress > 0) await send('cmTask.start');
      await updateTask(deps, user, task.id, { progress });
    }
    return c.json({ data: await taskRowOf(deps.database.db, user, task.id) });
  })
  .delete('/tareas/:cmTaskId', requirePermission(CM_MANAGE), async (c) => {
    const id = await deleteTask(c.var.deps, currentUser(c), idParam(c.req.param('cmTaskId')));
    return c.json({ data: { id } });
  })
  .post(`/tareas/:cmTaskId/:action{${verbPattern(cmTaskCommands)}}`, requireVerbParam(cmTaskCommands), async (c) => {
    const user = currentUser(c);
    const deps = c.var.deps;
    const { task, ticket } = await loadCmTask(deps.database.db, user, idParam(c.req.param('cmTaskId')));
    const [type] = eventsOfVerb(cmTaskCommands, c.req.param('action')) as CmTaskCommandType[];
    await jsonBody(c, cmTaskCommands[type].body);
    await taskCommand(deps, user, { taskId: task.id, ticketId: ticket.id }, { type }, c.var.t);
    return c.json({ data: await taskRowOf(deps.database.db, user, task.id) });
  })
  .post('/enlaces', requirePermission(CM_MANAGE), async (c) => {
    const link = await createLink(c.var.deps, currentUser(c), await jsonBody(c, cmTaskLinkSchema));
    return c.json({ data: linkRow(link) }, 201);
  })
  .delete('/enlaces/:cmLinkId', requirePermission(CM_MANAGE), async (c) => {
    const id = await deleteLink(c.var.deps, currentUser(c), idParam(c.req.param('cmLinkId')));
    return c.json({ data: { id } });
  });
