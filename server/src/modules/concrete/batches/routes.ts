import { Hono } from 'hono';
import { eventsOfVerb, verbPattern } from '#domain/commands';
import { batchCommands } from '#domain/concrete-placements';
import { batchListQuerySchema } from '#domain/schemas/concrete';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requireVerbParam } from '../../../auth/guard.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { transitionNotAllowed } from '../../../commands/runner.ts';
import { assertProjectVisible, loadBatch } from '../shared/scope.ts';
import { judgeBatch, transitionBatch } from './judge.ts';
import { batchDetail, listBatches } from './rows.ts';

/**
 * Concrete batches (docs/api.md, Hormigón: placements and batches): read with the module; closed by hand with
 * hormigon_editar (batchCommands), which judges it at once when its placements are all tested.
 */
export const batchRoutes = new Hono<AppEnv>()
  .get('/lotes', async (c) => {
    const user = currentUser(c);
    const query = queryOf(c, batchListQuerySchema);
    assertProjectVisible(user, query.project_id);
    return c.json(await listBatches(c.var.deps.database.db, user, query));
  })
  .get('/lotes/:batchId', async (c) => {
    const db = c.var.deps.database.db;
    const batch = await loadBatch(db, currentUser(c), idParam(c.req.param('batchId')));
    return c.json({ data: await batchDetail(db, batch.id) });
  })
  .post(`/lotes/:batchId/:action{${verbPattern(batchCommands)}}`, requireVerbParam(batchCommands), async (c) => {
    const user = currentUser(c);
    const deps = c.var.deps;
    const t = c.var.t;
    const found = await loadBatch(deps.database.db, user, idParam(c.req.param('batchId')));
    const [type] = eventsOfVerb(batchCommands, c.req.param('action'));
    await jsonBody(c, batchCommands[type as 'batch.close'].body);
    await transactionWithEvents(deps, async (tx) => {
      const batch = await loadBatch(tx, user, found.id, true);
      const closed = await transitionBatch(tx, { user, t }, batch, { type: 'batch.close' });
      if (!closed) throw transitionNotAllowed(t, 'batch', batch.state, 'batch.close');
      await judgeBatch(tx, { user, t }, batch.id);
    });
    return c.json({ data: await batchDetail(deps.database.db, found.id) });
  });
