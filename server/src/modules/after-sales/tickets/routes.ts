import { Hono } from 'hono';
import { z } from 'zod';
import {
  bulkSchema,
  mergeSchema,
  messageSchema,
  ticketCreateSchema,
  ticketListQuerySchema,
  ticketUpdateSchema,
} from '#domain/schemas/after-sales';
import { eventsOfVerb, verbPattern } from '#domain/commands';
import {
  BULK_ANY_PERMISSION,
  TICKET_CREATE,
  TICKET_MANAGE,
  ticketCommands,
  type TicketCommandType,
} from '#domain/tickets';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requireCommand, requirePermission, requireVerbParam } from '../../../auth/guard.ts';
import { jsonBody, queryOf } from '../../../lib/validate.ts';
import { eq } from 'drizzle-orm';
import { companies } from '../../../db/schema/index.ts';
import { idParam, loadTicket } from '../shared/scope.ts';
import { timezoneOf } from '../shared/dates.ts';
import { exportRows, listTickets } from './list.ts';
import { ticketColumns } from './export.ts';
import { sheetDownload } from '../../../lib/spreadsheet.ts';
import { createTicket, updateTicket } from './service.ts';
import { ticketDetail } from './detail.ts';
import { ticketPdf } from './pdf.ts';
import { timeline } from './timeline.ts';
import { postMessage } from './messages.ts';
import { bulkAction, mergeCandidates, mergeTickets } from './actions.ts';
import { ticketCommand, ticketEventFor } from './commands.ts';
const pageOnly = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
const exportQuery = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

/** docs/product.md §2 solicitudes, solicitud/crear and solicitud/{id} (actividad and the ticket actions of docs/product.md §4). */
export const ticketRoutes = new Hono<AppEnv>()
  .get('/', async (c) =>
    c.json(await listTickets(c.var.deps.database.db, currentUser(c), queryOf(c, ticketListQuerySchema))),
  )
  .get('/export', async (c) => {
    const user = currentUser(c);
    const q = queryOf(c, ticketListQuerySchema);
    const { format } = queryOf(c, exportQuery);
    const db = c.var.deps.database.db;
    const [company] = await db
      .select({ country: companies.country })
      .from(companies)
      .where(eq(companies.id, user.companyId));
    const tz = timezoneOf(company?.country, q.tz);
    const { rows, truncated } = await exportRows(db, user, q);
    return sheetDownload(c, {
      format,
      locale: c.var.locale,
      baseName: 'solicitudes',
      sheetName: c.var.t('after_sales.export.sheet'),
      columns: ticketColumns(c.var.t, tz),
      rows,
      truncated,
    });
  })
  .post('/', requirePermission(TICKET_CREATE), async (c) => {
    const user = currentUser(c);
    const ticket = await createTicket(c.var.deps, user, await jsonBody(c, ticketCreateSchema), c.var.t);
    return c.json({ data: await ticketDetail(c.var.deps, user, ticket) }, 201);
  })
  .post('/bulk', requirePermission(BULK_ANY_PERMISSION), async (c) => {
    const result = await bulkAction(c.var.deps, currentUser(c), await jsonBody(c, bulkSchema), c.var.t);
    return c.json({
      data: { done: result.done },
      ...(result.warnings.length ? { message: c.var.t('common.attention'), warnings: result.warnings } : {}),
    });
  })
  .get('/:id', async (c) => {
    const user = currentUser(c);
    return c.json({
      data: await ticketDetail(
        c.var.deps,
        user,
        await loadTicket(c.var.deps.database.db, user, idParam(c.req.param('id'))),
      ),
    });
  })
  .patch('/:id', requirePermission(TICKET_MANAGE), async (c) => {
    const user = currentUser(c);
    const ticket = await updateTicket(
      c.var.deps,
      user,
      idParam(c.req.param('id')),
      await jsonBody(c, ticketUpdateSchema),
      c.var.t,
    );
    return c.json({ data: await ticketDetail(c.var.deps, user, ticket) });
  })
  // docs/product.md#defects-on-plans: the ticket, its failures and its plan with the pins, as a PDF.
  .get('/:id/pdf', async (c) => {
    const user = currentUser(c);
    const ticket = await loadTicket(c.var.deps.database.db, user, idParam(c.req.param('id')));
    const { bytes, filename } = await ticketPdf(c.var.deps, user, c.var.t, ticket);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `${c.req.query('download') ? 'attachment' : 'inline'}; filename="${filename}"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(bytes as Uint8Array<ArrayBuffer>);
  })
  .get('/:id/actividad', async (c) => {
    const user = currentUser(c);
    const ticket = await loadTicket(c.var.deps.database.db, user, idParam(c.req.param('id')));
    const { page } = queryOf(c, pageOnly);
    return c.json(
      await timeline(c.var.deps.database.db, {
        companyId: user.companyId,
        ticketId: ticket.id,
        ownerView: false,
        page,
        t: c.var.t,
      }),
    );
  })
  .post('/:id/mensajes', requirePermission(TICKET_MANAGE), async (c) => {
    const user = currentUser(c);
    const ticket = await loadTicket(c.var.deps.database.db, user, idParam(c.req.param('id')));
    const message = await postMessage(c.var.deps, user, ticket, await jsonBody(c, messageSchema), c.var.t);
    return c.json(
      { data: { id: message.id, visibility: message.visibility, created_at: message.createdAt.toISOString() } },
      201,
    );
  })
  .get('/:id/fusionables', async (c) =>
    c.json({ data: await mergeCandidates(c.var.deps, currentUser(c), idParam(c.req.param('id'))) }),
  )
  .post('/:id/fusionar', requireCommand(ticketCommands, 'ticket.merge'), async (c) => {
    const user = currentUser(c);
    const { ticket_ids } = await jsonBody(c, mergeSchema);
    const ticket = await mergeTickets(c.var.deps, user, idParam(c.req.param('id')), ticket_ids, c.var.t);
    return c.json({ data: await ticketDetail(c.var.deps, user, ticket) });
  })
  // docs/product.md §4 ticket actions: verbs, permissions and bodies all come from domain/tickets.ts.
  .post(`/:id/:action{${verbPattern(ticketCommands)}}`, requireVerbParam(ticketCommands), async (c) => {
    const user = currentUser(c);
    const id = idParam(c.req.param('id'));
    const deps = c.var.deps;
    const [type] = eventsOfVerb(ticketCommands, c.req.param('action')) as TicketCommandType[];
    await loadTicket(deps.database.db, user, id);
    const body = await jsonBody(c, ticketCommands[type].body);
    const ticket = await ticketCommand(deps, user, id, await ticketEventFor(deps.database.db, id, type, body), c.var.t);
    return c.json({ data: await ticketDetail(deps, user, ticket) });
  });
