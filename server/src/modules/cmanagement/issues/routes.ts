import { Hono } from 'hono';
import { eventsOfVerb, verbPattern } from '#domain/commands';
import { CM_MANAGE, cmIssueCommands, type CmIssueCommandType } from '#domain/cmanagement';
import { cmIssueCreateSchema, cmIssueListQuerySchema, cmIssueUpdateSchema } from '#domain/schemas/cmanagement';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, requireVerbParam } from '../../../auth/guard.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { loadCmIssue, loadCmTicket } from '../shared/scope.ts';
import { issueCommand } from './commands.ts';
import { ticketPlans } from './plans.ts';
import { issueRowOf, issueRows, ticketIssues } from './rows.ts';
import { createIssue, updateIssue } from './service.ts';

/**
 * A ticket's issues and the plans they are pinned on (docs/api.md, Cmanagement): reading needs the module, writing
 * cmanagement_gestionar, state changes the verbs of domain/cmanagement.ts cmIssueCommands. An issue is reached
 * through its ticket: an issue of another ticket in the path is a 404 (shared/scope.ts loadCmIssue).
 */
export const issueRoutes = new Hono<AppEnv>()
  .get('/tickets/:cmTicketId/planos', async (c) => {
    const db = c.var.deps.database.db;
    const ticket = await loadCmTicket(db, currentUser(c), idParam(c.req.param('cmTicketId')));
    return c.json({ data: await ticketPlans(db, ticket) });
  })
  .get('/tickets/:cmTicketId/issues', async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const ticket = await loadCmTicket(db, user, idParam(c.req.param('cmTicketId')));
    const { state } = queryOf(c, cmIssueListQuerySchema);
    return c.json({ data: await issueRows(db, user, await ticketIssues(db, ticket.id, state)) });
  })
  .post('/tickets/:cmTicketId/issues', requirePermission(CM_MANAGE), async (c) => {
    const user = currentUser(c);
    const deps = c.var.deps;
    const ticketId = idParam(c.req.param('cmTicketId'));
    await loadCmTicket(deps.database.db, user, ticketId);
    const issue = await createIssue(deps, user, ticketId, await jsonBody(c, cmIssueCreateSchema));
    return c.json({ data: await issueRowOf(deps.database.db, user, issue.id) }, 201);
  })
  .get('/tickets/:cmTicketId/issues/:cmIssueId', async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const { issue } = await loadCmIssue(
      db,
      user,
      idParam(c.req.param('cmTicketId')),
      idParam(c.req.param('cmIssueId')),
    );
    return c.json({ data: (await issueRows(db, user, [issue]))[0] });
  })
  .patch('/tickets/:cmTicketId/issues/:cmIssueId', requirePermission(CM_MANAGE), async (c) => {
    const user = currentUser(c);
    const deps = c.var.deps;
    const at = { ticketId: idParam(c.req.param('cmTicketId')), issueId: idParam(c.req.param('cmIssueId')) };
    await loadCmIssue(deps.database.db, user, at.ticketId, at.issueId);
    const issue = await updateIssue(deps, user, at, await jsonBody(c, cmIssueUpdateSchema));
    return c.json({ data: await issueRowOf(deps.database.db, user, issue.id) });
  })
  .post(
    `/tickets/:cmTicketId/issues/:cmIssueId/:action{${verbPattern(cmIssueCommands)}}`,
    requireVerbParam(cmIssueCommands),
    async (c) => {
      const user = currentUser(c);
      const deps = c.var.deps;
      const at = { ticketId: idParam(c.req.param('cmTicketId')), issueId: idParam(c.req.param('cmIssueId')) };
      await loadCmIssue(deps.database.db, user, at.ticketId, at.issueId);
      const [type] = eventsOfVerb(cmIssueCommands, c.req.param('action')) as CmIssueCommandType[];
      await jsonBody(c, cmIssueCommands[type].body);
      await issueCommand(deps, user, at, { type }, c.var.t);
      return c.json({ data: await issueRowOf(deps.database.db, user, at.issueId) });
    },
  );
