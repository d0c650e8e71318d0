import { Hono } from 'hono';
import { z } from 'zod';
import { eventsOfVerb, verbPattern } from '#domain/commands';
import { CM_MANAGE, cmTicketCommands, type CmTicketCommandType } from '#domain/cmanagement';
import {
  cmCommentSchema,
  cmTicketCreateSchema,
  cmTicketListQuerySchema,
  cmTicketUpdateSchema,
} from '#domain/schemas/cmanagement';
import { id } from '#domain/schemas/common';
import type { CmTicketEvent } from '#machines/cm-ticket';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, requireVerbParam } from '../../../auth/guard.ts';
import { notFound } from '../../../lib/errors.ts';
import { sheetDownload } from '../../../lib/spreadsheet.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { userBriefs } from '../../../db/staff.ts';
import { staffOfProject } from '../people/people.ts';
import { companyTimezone } from '../shared/dates.ts';
import { loadCmTicket } from '../shared/scope.ts';
import { cmViewRoutes } from '../views/routes.ts';
import { ticketCommand } from './commands.ts';
import { listComments, postComment } from './comments.ts';
import { ticketDetail } from './detail.ts';
import { cmTicketColumns } from './export.ts';
import { fieldsOf } from './fields.ts';
import { exportTickets, listTickets } from './list.ts';
import { createTicket, updateTicket } from './service.ts';

const exportQuery = z.object({
  format: z.enum(['xlsx', 'csv'], { error: 'validation.invalid' }).default('xlsx'),
  tz: z.string().max(64).optional(),
});
const peopleQuery = z.object({ project_id: id() });

/**
 * Cmanagement tickets (docs/api.md, Cmanagement; docs/product.md §2 /cmanagement/tickets): the list and its export,
 * the ticket, its verbs (domain/cmanagement.ts cmTicketCommands), its comments, the people to assign or mention and
 * the saved views of the list. Reading needs the module, writing cmanagement_gestionar.
 */
export const ticketRoutes = new Hono<AppEnv>()
  .get('/tickets', async (c) =>
    c.json(await listTickets(c.var.deps.database.db, currentUser(c), queryOf(c, cmTicketListQuerySchema))),
  )
  .get('/tickets/exportar', async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const q = queryOf(c, cmTicketListQuerySchema);
    const { format, tz } = queryOf(c, exportQuery);
    const { rows, truncated } = await exportTickets(db, user, q);
    // One category filtered: its active fields are columns too (every category has its own).
    const fields =
      q.category?.length === 1 ? (await fieldsOf(db, user.companyId, q.category[0])).filter((f) => f.active) : [];
    const userIds = fields.some((f) => f.type === 'user')
      ? rows.flatMap((r) => fields.filter((f) => f.type === 'user').flatMap((f) => r.custom_values[String(f.id)] ?? []))
      : [];
    const names = new Map([...(await userBriefs(db, userIds as number[]))].map(([k, v]) => [k, v.full_name]));
    return sheetDownload(c, {
      format,
      locale: c.var.locale,
      baseName: 'tickets-cmanagement',
      sheetName: c.var.t('cmanagement.export.sheet'),
      columns: cmTicketColumns(c.var.t, await companyTimezone(db, user.companyId, tz), fields, names),
      rows,
      truncated,
    });
  })
  .post('/tickets', requirePermission(CM_MANAGE), async (c) => {
    const user = currentUser(c);
    const ticket = await createTicket(c.var.deps, user, await jsonBody(c, cmTicketCreateSchema));
    return c.json({ data: await ticketDetail(c.var.deps.database.db, user, ticket) }, 201);
  })
  .get('/tickets/:cmTicketId', async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    return c.json({
      data: await ticketDetail(db, user, await loadCmTicket(db, user, idParam(c.req.param('cmTicketId')))),
    });
  })
  .patch('/tickets/:cmTicketId', requirePermission(CM_MANAGE), async (c) => {
    const user = currentUser(c);
    const ticketId = idParam(c.req.param('cmTicketId'));
    await loadCmTicket(c.var.deps.database.db, user, ticketId);
    const ticket = await updateTicket(c.var.deps, user, ticketId, await jsonBody(c, cmTicketUpdateSchema));
    return c.json({ data: await ticketDetail(c.var.deps.database.db, user, ticket) });
  })
  .get('/tickets/:cmTicketId/comentarios', async (c) => {
    const db = c.var.deps.database.db;
    const ticket = await loadCmTicket(db, currentUser(c), idParam(c.req.param('cmTicketId')));
    return c.json({ data: await listComments(db, ticket) });
  })
  .post('/tickets/:cmTicketId/comentarios', requirePermission(CM_MANAGE), async (c) => {
    const user = currentUser(c);
    const ticket = await loadCmTicket(c.var.deps.database.db, user, idParam(c.req.param('cmTicketId')));
    const { body } = await jsonBody(c, cmCommentSchema);
    return c.json({ data: await postComment(c.var.deps, user, ticket, body) }, 201);
  })
  // docs/product.md §1 Cmanagement ticket lifecycle: verbs, permissions and bodies all come from domain/cmanagement.ts.
  .post(
    `/tickets/:cmTicketId/:action{${verbPattern(cmTicketCommands)}}`,
    requireVerbParam(cmTicketCommands),
    async (c) => {
      const user = currentUser(c);
      const deps = c.var.deps;
      const ticketId = idParam(c.req.param('cmTicketId'));
      await loadCmTicket(deps.database.db, user, ticketId);
      const [type] = eventsOfVerb(cmTicketCommands, c.req.param('action')) as CmTicketCommandType[];
      const body: object = await jsonBody(c, cmTicketCommands[type].body);
      const ticket = await ticketCommand(deps, user, ticketId, { type, ...body } as CmTicketEvent, c.var.t);
      return c.json({ data: await ticketDetail(deps.database.db, user, ticket) });
    },
  )
  .get('/personas', async (c) => {
    const user = currentUser(c);
    const { project_id } = queryOf(c, peopleQuery);
    if (!user.projectIds.includes(project_id)) throw notFound();
    return c.json({ data: await staffOfProject(c.var.deps.database.db, user.companyId, project_id) });
  })
  .route('/vistas', cmViewRoutes);
