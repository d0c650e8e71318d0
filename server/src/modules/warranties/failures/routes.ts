import { Hono } from 'hono';
import { failureCreateSchema, failureNoteSchema, failureOutcomeSchema, failureUpdateSchema } from '#domain/schemas/warranties';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { idParam } from '../shared/scope.ts';
import { createFailure, deleteFailure, failureCommand, listFailures, OUTCOME_EVENT, updateFailure } from './service.ts';
import { loadTicket } from '../shared/scope.ts';
import type { FailureEvent } from '#machines/failure';

const MANAGE = 'postventa_gestionar';

/** SPEC §2 solicitud/{id}/fallas and the failure actions of SPEC §4. Mounted under /solicitudes/:id/fallas. */
export const failureRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const user = currentUser(c);
    const ticket = await loadTicket(c.var.deps.database.db, user, idParam(c.req.param('id')));
    return c.json({ data: await listFailures(c.var.deps, user, ticket) });
  })
  .post('/', requirePermission(MANAGE), async (c) => {
    const row = await createFailure(c.var.deps, currentUser(c), idParam(c.req.param('id')), await jsonBody(c, failureCreateSchema), c.var.t);
    return c.json({ data: { id: row.id, state: row.state } }, 201);
  })
  .patch('/:failureId', requirePermission(MANAGE), async (c) => {
    const row = await updateFailure(c.var.deps, currentUser(c), idParam(c.req.param('id')), idParam(c.req.param('failureId')), await jsonBody(c, failureUpdateSchema), c.var.t);
    return c.json({ data: { id: row.id, state: row.state } });
  })
  .delete('/:failureId', requirePermission(MANAGE), async (c) => {
    await deleteFailure(c.var.deps, currentUser(c), idParam(c.req.param('id')), idParam(c.req.param('failureId')), c.var.t);
    return c.json({ data: { deleted: true } });
  })
  .post('/:failureId/:action{(?:resultado|no-aplica|reabrir|marcar-propietario|reingresar)}', requirePermission(MANAGE), async (c) => {
    const action = c.req.param('action');
    let build: (acReply: boolean) => FailureEvent;
    if (action === 'resultado') {
      const { outcome } = await jsonBody(c, failureOutcomeSchema);
      build = () => ({ type: OUTCOME_EVENT[outcome] } as FailureEvent);
    } else {
      await jsonBody(c, failureNoteSchema);
      build = action === 'no-aplica' ? () => ({ type: 'failure.markNotApplicable' })
        : action === 'reabrir' ? (acHasReply) => ({ type: 'failure.reopen', acHasReply })
        : action === 'reingresar' ? (acHasReply) => ({ type: 'failure.reenter', acHasReply })
        : () => ({ type: 'failure.markToOwner' });
    }
    const row = await failureCommand(c.var.deps, currentUser(c), idParam(c.req.param('id')), idParam(c.req.param('failureId')), build, c.var.t);
    return c.json({ data: { id: row.id, state: row.state, ac_id: row.acId, marked_to_owner_at: row.markedToOwnerAt?.toISOString() ?? null } });
  });
