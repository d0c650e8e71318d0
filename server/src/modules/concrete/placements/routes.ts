import { Hono } from 'hono';
import { eventsOfVerb, verbPattern } from '#domain/commands';
import { CONCRETE_EDIT } from '#domain/concrete';
import { PLACEMENTS_EXPORT_MAX, placementCommands } from '#domain/concrete-placements';
import {
  placementCreateSchema,
  placementExportQuerySchema,
  placementListQuerySchema,
  placementUpdateSchema,
} from '#domain/schemas/concrete';
import { sampleResultsSchema } from '#domain/concrete-placements';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission, requireVerbParam } from '../../../auth/guard.ts';
import { sheetDownload } from '../../../lib/spreadsheet.ts';
import { idParam, jsonBody, queryOf } from '../../../lib/validate.ts';
import { assertProjectVisible, loadPlacement, loadSample } from '../shared/scope.ts';
import { placementCommand, writeSampleResults, type PlacementCommandInput } from './commands.ts';
import { placementColumns } from './export.ts';
import { listPlacements, placementDetail } from './rows.ts';
import { createPlacement, updatePlacement } from './service.ts';

/**
 * Concrete placements (docs/api.md, Hormigón: placements and batches): reading needs the module, every write
 * hormigon_editar; state changes are the verbs of domain/concrete-placements.ts placementCommands. A placement of
 * another company or project is a 404 (shared/scope.ts).
 */
export const placementRoutes = new Hono<AppEnv>()
  .get('/vaciados', async (c) => {
    const user = currentUser(c);
    const query = queryOf(c, placementListQuerySchema);
    assertProjectVisible(user, query.project_id);
    return c.json(await listPlacements(c.var.deps.database.db, user, query));
  })
  .get('/vaciados/exportar', async (c) => {
    const user = currentUser(c);
    const { format, ...filters } = queryOf(c, placementExportQuerySchema);
    assertProjectVisible(user, filters.project_id);
    const list = await listPlacements(c.var.deps.database.db, user, {
      ...filters,
      page: 1,
      rows: PLACEMENTS_EXPORT_MAX,
    });
    return sheetDownload(c, {
      format,
      locale: c.var.locale,
      baseName: 'hormigonados',
      sheetName: c.var.t('concrete.export.sheet'),
      columns: placementColumns(c.var.t),
      rows: list.data,
    });
  })
  .post('/vaciados', requirePermission(CONCRETE_EDIT), async (c) => {
    const deps = c.var.deps;
    const id = await createPlacement(deps, currentUser(c), await jsonBody(c, placementCreateSchema));
    return c.json({ data: await placementDetail(deps.database.db, id) }, 201);
  })
  .get('/vaciados/:placementId', async (c) => {
    const db = c.var.deps.database.db;
    const placement = await loadPlacement(db, currentUser(c), idParam(c.req.param('placementId')));
    return c.json({ data: await placementDetail(db, placement.id) });
  })
  .patch('/vaciados/:placementId', requirePermission(CONCRETE_EDIT), async (c) => {
    const user = currentUser(c);
    const deps = c.var.deps;
    const placement = await loadPlacement(deps.database.db, user, idParam(c.req.param('placementId')));
    await updatePlacement(deps, user, placement.id, await jsonBody(c, placementUpdateSchema));
    return c.json({ data: await placementDetail(deps.database.db, placement.id) });
  })
  .post(
    `/vaciados/:placementId/:action{${verbPattern(placementCommands)}}`,
    requireVerbParam(placementCommands),
    async (c) => {
      const user = currentUser(c);
      const deps = c.var.deps;
      const placement = await loadPlacement(deps.database.db, user, idParam(c.req.param('placementId')));
      const [type] = eventsOfVerb(placementCommands, c.req.param('action')) as PlacementCommandInput['type'][];
      const body = await jsonBody(c, placementCommands[type].body);
      await placementCommand(deps, user, placement.id, { type, body } as PlacementCommandInput, c.var.t);
      return c.json({ data: await placementDetail(deps.database.db, placement.id) });
    },
  )
  .put('/muestras/:sampleId/resultados', requirePermission(CONCRETE_EDIT), async (c) => {
    const user = currentUser(c);
    const deps = c.var.deps;
    const { sample } = await loadSample(deps.database.db, user, idParam(c.req.param('sampleId')));
    const body = await jsonBody(c, sampleResultsSchema);
    const placementId = await writeSampleResults(deps, user, sample.id, body, c.var.t);
    return c.json({ data: await placementDetail(deps.database.db, placementId) });
  });
