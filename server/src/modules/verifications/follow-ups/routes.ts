import { Hono } from 'hono';
import { followUpListQuerySchema } from '#domain/schemas/verifications';
import { followUpCloseSchema, VERIFICATIONS_INSPECT } from '#domain/verifications';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { assertProjectVisible, loadFollowUp } from '../shared/scope.ts';
import { closeFollowUp } from './commands.ts';
import { followUpRow, followUpRows } from './rows.ts';

/**
 * Follow-ups of failed checkpoints (docs/api.md, Verifications; domain/verifications.ts), under /verificaciones:
 *   GET   seguimientos?project_id&state(abierto|cerrado|vencido)   the project's follow-ups, open first by due date
 *                                                                  (followUpListSchema; vencido = open past due)
 *   POST  seguimientos/{followUpId}/cerrar                           followUpCommands' followUp.close
 *                                                                  (verificaciones_inspeccionar) → {data: followUpRowSchema};
 *                                                                  the reception is approved when its last one closes
 * Reading needs the module only. A follow-up of another company or of a project the caller does not see is a 404.
 */
export const followUpRoutes = new Hono<AppEnv>()
  .get('/seguimientos', async (c) => {
    const user = currentUser(c);
    const query = queryOf(c, followUpListQuerySchema);
    assertProjectVisible(user, query.project_id);
    return c.json({
      data: await followUpRows(c.var.deps.database.db, user, { projectId: query.project_id, state: query.state }),
    });
  })
  .post('/seguimientos/:followUpId/cerrar', requirePermission(VERIFICATIONS_INSPECT), async (c) => {
    const deps = c.var.deps;
    const user = currentUser(c);
    const followUp = await loadFollowUp(deps.database.db, user, idParam(c.req.param('followUpId')));
    await closeFollowUp(deps, user, followUp.id, await jsonBody(c, followUpCloseSchema), c.var.t);
    return c.json({ data: await followUpRow(deps.database.db, user, followUp.id) });
  });
