import { Hono } from 'hono';
import { failureCreateSchema, failureUpdateSchema } from '#domain/schemas/after-sales';
import { eventsOfVerb, verbPattern } from '#domain/commands';
import { failureCommands } from '#domain/failures';
import { TICKET_MANAGE } from '#domain/tickets';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, requireVerbParam } from '../../../auth/guard.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { idParam } from '../shared/scope.ts';
import { planPinSchema } from '#domain/plan-pins';
import { can } from '#domain/permissions';
import { loadTicketFailure, pinFailure, ticketPlanBoard } from './plan-pins.ts';
import { createFailure, deleteFailure, failureCommand, listFailures, OUTCOME_EVENT, updateFailure } from './service.ts';
import { loadTicket } from '../shared/scope.ts';
import type { FailureEvent, FailureEventType } from '#machines/failure';

/** Events whose guard reads whether the failure's AC was answered (docs/product.md §4 reopen, re-enter). */
const NEEDS_AC_REPLY: FailureEventType[] = ['failure.reopen', 'failure.reenter'];

/** docs/product.md §2 solicitud/{id}/fallas and the failure actions of docs/product.md §4. Mounted under /solicitudes/:id/fallas. */
export const failureRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const user = currentUser(c);
    const ticket = await loadTicket(c.var.deps.database.db, user, idParam(c.req.param('id')));
    return c.json({ data: await listFailures(c.var.deps, user, ticket) });
  })
  // docs/product.md#defects-on-plans: the unit type's plans with every failure of the unit, and the pin of one failure.
  .get('/plano', async (c) => {
    const user = currentUser(c);
    const ticket = await loadTicket(c.var.deps.database.db, user, idParam(c.req.param('id')));
    return c.json({ data: await ticketPlanBoard(c.var.deps, ticket, can(user.permissions, TICKET_MANAGE)) });
  })
  .put('/:failureId/plano', requirePermission(TICKET_MANAGE), async (c) => {
    const user = currentUser(c);
    const ticket = await loadTicket(c.var.deps.database.db, user, idParam(c.req.param('id')));
    const failure = await loadTicketFailure(c.var.deps, ticket, idParam(c.req.param('failureId')));
    const pin = await jsonBody(c, planPinSchema);
    return c.json({ data: await pinFailure(c.var.deps, user, ticket, failure, pin) });
  })
  .delete('/:failureId/plano', requirePermission(TICKET_MANAGE), async (c) => {
    const user = currentUser(c);
    const ticket = await loadTicket(c.var.deps.database.db, user, idParam(c.req.param('id')));
    const failure = await loadTicketFailure(c.var.deps, ticket, idParam(c.req.param('failureId')));
    return c.json({ data: await pinFailure(c.var.deps, user, ticket, failure, null) });
  })
  .post('/', requirePermission(TICKET_MANAGE), async (c) => {
    const row = await createFailure(
      c.var.deps,
      currentUser(c),
      idParam(c.req.param('id')),
      await jsonBody(c, failureCreateSchema),
      c.var.t,
    );
    return c.json({ data: { id: row.id, state: row.state } }, 201);
  })
  .patch('/:failureId', requirePermission(TICKET_MANAGE), async (c) => {
    const row = await updateFailure(
      c.var.deps,
      currentUser(c),
      idParam(c.req.param('id')),
      idParam(c.req.param('failureId')),
      await jsonBody(c, failureUpdateSchema),
      c.var.t,
    );
    return c.json({ data: { id: row.id, state: row.state } });
  })
  .delete('/:failureId', requirePermission(TICKET_MANAGE), async (c) => {
    await deleteFailure(
      c.var.deps,
      currentUser(c),
      idParam(c.req.param('id')),
      idParam(c.req.param('failureId')),
      c.var.t,
    );
    return c.json({ data: { deleted: true } });
  })
  // docs/product.md §4 failure actions: verbs, permissions and bodies come from domain/failures.ts; 'resultado'
  // sends the outcome its body names.
  .post(`/:failureId/:action{${verbPattern(failureCommands)}}`, requireVerbParam(failureCommands), async (c) => {
    const [first] = eventsOfVerb(failureCommands, c.req.param('action')) as FailureEventType[];
    const body = await jsonBody(c, failureCommands[first].body);
    const type = 'outcome' in body ? OUTCOME_EVENT[body.outcome] : first;
    const build = (acHasReply: boolean) =>
      (NEEDS_AC_REPLY.includes(type) ? { type, acHasReply } : { type }) as FailureEvent;
    const row = await failureCommand(
      c.var.deps,
      currentUser(c),
      idParam(c.req.param('id')),
      idParam(c.req.param('failureId')),
      build,
      c.var.t,
    );
    return c.json({
      data: {
        id: row.id,
        state: row.state,
        ac_id: row.acId,
        marked_to_owner_at: row.markedToOwnerAt?.toISOString() ?? null,
      },
    });
  });
