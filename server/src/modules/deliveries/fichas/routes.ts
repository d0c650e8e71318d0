import { Hono } from 'hono';
import {
  accessoriesSchema,
  certificatesSchema,
  deliverSchema,
  detailsSchema,
  fichaListQuerySchema,
  fichasAcrossQuerySchema,
  revisionSchema,
} from '#domain/schemas/deliveries';
import { emptyBody, pickCommands, verbPattern } from '#domain/commands';
import { DELIVERY_REVIEW, fichaCommands } from '#domain/fichas';
import type { AppEnv } from '../../../http/context.ts';
import {
  currentUser,
  requirePermission,
  requireVerb,
  requireVerbParam,
  visibleProjectsOf,
} from '../../../auth/guard.ts';
import { jsonBody, queryOf } from '../../../lib/validate.ts';
import { idParam, loadProject, loadUnit, unitOf } from '../shared/scope.ts';
import { listFichas } from './list.ts';
import { fichaActivity, fichaDetail, receptionOf } from './detail.ts';
import { revisionOf, saveRevision } from './revision.ts';
import { accessoriesOf, detailsOf, saveAccessories, saveDetails } from './details.ts';
import { addCertificates, listCertificates, removeCertificate } from './certificates.ts';
import { deliverUnit, passToAfterSales } from './delivery.ts';
import { cleanFicha, returnToNew } from './commands.ts';
import { unitTickets } from './after-sales.ts';
import { fichaPlanBoard, loadPinnableResult, pinRevisionResult } from './plan.ts';
import { planPinSchema } from '#domain/plan-pins';
import { can } from '#domain/permissions';

/** docs/product.md §4 return to new and clean share one route (domain/fichas.ts verbs). */
const UNDO_VERBS = verbPattern(pickCommands(fichaCommands, ['ficha.returnToNew', 'ficha.clean']));

/**
 * docs/product.md §2 /warranties/fichas and ficha/{unitId} with its tabs; docs/product.md §4 ficha actions. The
 * propietarios tab is owners/, the act's tab act/, scheduling and the responsible schedule/.
 */
export const fichaRoutes = new Hono<AppEnv>()
  .get('/proyectos/:projectId/fichas', async (c) => {
    const user = currentUser(c);
    const project = await loadProject(c.var.deps.database.db, user, idParam(c.req.param('projectId')));
    return c.json(await listFichas(c.var.deps.database.db, user, [project.id], queryOf(c, fichaListQuerySchema)));
  })
  // The same list over several projects, or all the caller sees; a project they may not see is a 404.
  .get('/fichas', async (c) => {
    const user = currentUser(c);
    const { project_id, ...q } = queryOf(c, fichasAcrossQuerySchema);
    return c.json(await listFichas(c.var.deps.database.db, user, visibleProjectsOf(user, project_id), q));
  })
  .get('/fichas/:unitId', async (c) =>
    c.json({ data: await fichaDetail(c.var.deps.database.db, currentUser(c), unitOf(c)) }),
  )
  // revision, detalles, accesorios, archivos
  .get('/fichas/:unitId/revision', async (c) =>
    c.json({ data: await revisionOf(c.var.deps, currentUser(c), unitOf(c)) }),
  )
  .put('/fichas/:unitId/revision', requirePermission(DELIVERY_REVIEW), async (c) =>
    c.json({ data: await saveRevision(c.var.deps, currentUser(c), unitOf(c), await jsonBody(c, revisionSchema)) }),
  )
  // docs/product.md#defects-on-plans: the unit type's plans with the unit's failures; revision failures are pinned here.
  .get('/fichas/:unitId/plano', async (c) => {
    const user = currentUser(c);
    return c.json({ data: await fichaPlanBoard(c.var.deps, user, unitOf(c), can(user.permissions, DELIVERY_REVIEW)) });
  })
  .put('/fichas/:unitId/revision/:resultId/plano', requirePermission(DELIVERY_REVIEW), async (c) => {
    const user = currentUser(c);
    const found = await loadPinnableResult(c.var.deps, user, unitOf(c), idParam(c.req.param('resultId')));
    const pin = await jsonBody(c, planPinSchema);
    return c.json({ data: await pinRevisionResult(c.var.deps, user, found, pin) });
  })
  .delete('/fichas/:unitId/revision/:resultId/plano', requirePermission(DELIVERY_REVIEW), async (c) => {
    const user = currentUser(c);
    const found = await loadPinnableResult(c.var.deps, user, unitOf(c), idParam(c.req.param('resultId')));
    return c.json({ data: await pinRevisionResult(c.var.deps, user, found, null) });
  })
  .get('/fichas/:unitId/detalles', async (c) =>
    c.json({ data: await detailsOf(c.var.deps.database.db, currentUser(c), unitOf(c)) }),
  )
  .put('/fichas/:unitId/detalles', requirePermission(DELIVERY_REVIEW), async (c) =>
    c.json({ data: await saveDetails(c.var.deps, currentUser(c), unitOf(c), await jsonBody(c, detailsSchema)) }),
  )
  .get('/fichas/:unitId/accesorios', async (c) =>
    c.json({ data: await accessoriesOf(c.var.deps.database.db, currentUser(c), unitOf(c)) }),
  )
  .put('/fichas/:unitId/accesorios', requirePermission(DELIVERY_REVIEW), async (c) =>
    c.json({
      data: await saveAccessories(c.var.deps, currentUser(c), unitOf(c), await jsonBody(c, accessoriesSchema)),
    }),
  )
  .get('/fichas/:unitId/archivos', async (c) => c.json(await listCertificates(c.var.deps, currentUser(c), unitOf(c))))
  .post('/fichas/:unitId/archivos', requirePermission(DELIVERY_REVIEW), async (c) => {
    const { paths } = await jsonBody(c, certificatesSchema);
    return c.json(await addCertificates(c.var.deps, currentUser(c), unitOf(c), paths), 201);
  })
  .delete('/fichas/:unitId/archivos/:certificateId', requirePermission(DELIVERY_REVIEW), async (c) => {
    await removeCertificate(c.var.deps, currentUser(c), unitOf(c), idParam(c.req.param('certificateId')));
    return c.json({ data: { deleted: true } });
  })
  // recepcion, solicitudes, actividad
  .get('/fichas/:unitId/recepcion', async (c) =>
    c.json({ data: await receptionOf(c.var.deps.database.db, currentUser(c), unitOf(c)) }),
  )
  .get('/fichas/:unitId/solicitudes', async (c) => {
    const user = currentUser(c);
    const unitId = unitOf(c);
    await loadUnit(c.var.deps.database.db, user, unitId);
    return c.json(await unitTickets(c.var.deps, user, unitId, c.req.query()));
  })
  .get('/fichas/:unitId/actividad', async (c) =>
    c.json({ data: await fichaActivity(c.var.deps.database.db, currentUser(c), unitOf(c)) }),
  )
  // docs/product.md §4 actions
  .post('/fichas/:unitId/entregar', requireVerb(fichaCommands, 'entregar'), async (c) => {
    const user = currentUser(c);
    const r = await deliverUnit(c.var.deps, user, c.var.t, unitOf(c), await jsonBody(c, deliverSchema));
    return c.json({ data: await fichaDetail(c.var.deps.database.db, user, r.unit.id) });
  })
  .post(`/fichas/:unitId/:action{${UNDO_VERBS}}`, requireVerbParam(fichaCommands), async (c) => {
    const user = currentUser(c);
    await jsonBody(c, emptyBody);
    const run = c.req.param('action') === 'limpiar' ? cleanFicha : returnToNew;
    const r = await run(c.var.deps, user, c.var.t, unitOf(c));
    return c.json({ data: await fichaDetail(c.var.deps.database.db, user, r.unit.id) });
  })
  .post('/fichas/:unitId/pasar-a-postventa', requireVerb(fichaCommands, 'pasar-a-postventa'), async (c) => {
    const user = currentUser(c);
    await jsonBody(c, emptyBody);
    const r = await passToAfterSales(c.var.deps, user, c.var.t, unitOf(c));
    return c.json(
      {
        data: {
          ...(await fichaDetail(c.var.deps.database.db, user, r.unit.id)),
          ticket: { id: r.ticketId, code: r.code },
        },
      },
      201,
    );
  });
