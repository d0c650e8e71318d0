import { Hono } from 'hono';
import {
  accessoriesSchema, bulkScheduleSchema, certificatesSchema, deliverSchema, detailsSchema, fichaListQuerySchema, ownerPatchSchema, ownerSchema,
  responsibleSchema, revisionSchema, scheduleDecisionSchema, scheduleSchema,
} from '#domain/schemas/deliveries';
import { emptyBody, pickCommands, verbPattern } from '#domain/commands';
import { DELIVERY_MANAGE, DELIVERY_REVIEW, deliveryScheduleCommands, fichaCommands } from '#domain/fichas';
import type { AppEnv } from '../../http/context.ts';
import { currentUser, requireCommand, requirePermission, requireVerb, requireVerbParam } from '../../auth/guard.ts';
import { jsonBody, queryOf } from '../../lib/validate.ts';
import { idParam, loadProject, loadUnit } from './scope.ts';
import { listFichas } from './fichas.ts';
import { fichaActivity, fichaDetail, receptionOf } from './ficha-detail.ts';
import { addOwner, listOwners, removeOwner, updateOwner } from './owners.ts';
import { revisionOf, saveRevision } from './revision.ts';
import { accessoriesOf, detailsOf, saveAccessories, saveDetails } from './details.ts';
import { addCertificates, listCertificates, removeCertificate } from './certificates.ts';
import { answerSchedule, assignResponsible, bulkSchedule, scheduleDelivery } from './schedule.ts';
import { deliverUnit, passToAfterSales } from './delivery.ts';
import { cleanFicha, returnToNew } from './ficha-commands.ts';
import { unitTickets } from './after-sales.ts';
import { actPdf } from './act-pdf.ts';

/** docs/product.md §4 return to new and clean share one route (domain/fichas.ts verbs). */
const UNDO_VERBS = verbPattern(pickCommands(fichaCommands, ['ficha.returnToNew', 'ficha.clean']));

const unitOf = (c: { req: { param: (k: string) => string | undefined } }) => idParam(c.req.param('unitId'));

/** docs/product.md §2 /warranties/fichas and ficha/{unitId} with its tabs; docs/product.md §4 ficha and delivery-schedule actions. */
export const fichaRoutes = new Hono<AppEnv>()
  .get('/proyectos/:projectId/fichas', async (c) => {
    const user = currentUser(c);
    const project = await loadProject(c.var.deps.database.db, user, idParam(c.req.param('projectId')));
    return c.json(await listFichas(c.var.deps.database.db, user, project.id, queryOf(c, fichaListQuerySchema)));
  })
  .post('/proyectos/:projectId/fichas/agendar', requireCommand(fichaCommands, 'ficha.schedule'), async (c) => {
    const user = currentUser(c);
    const project = await loadProject(c.var.deps.database.db, user, idParam(c.req.param('projectId')));
    const input = await jsonBody(c, bulkScheduleSchema);
    const { scheduled, warnings } = await bulkSchedule(c.var.deps, user, c.var.t, project.id, input);
    return c.json({ data: { scheduled }, ...(warnings.length ? { message: c.var.t('common.attention'), warnings } : {}) });
  })
  .get('/fichas/:unitId', async (c) => c.json({ data: await fichaDetail(c.var.deps.database.db, currentUser(c), unitOf(c)) }))
  .patch('/fichas/:unitId', requirePermission(DELIVERY_MANAGE), async (c) => {
    const user = currentUser(c);
    const { responsible_id } = await jsonBody(c, responsibleSchema);
    await assignResponsible(c.var.deps, user, unitOf(c), responsible_id);
    return c.json({ data: await fichaDetail(c.var.deps.database.db, user, unitOf(c)) });
  })
  // propietarios
  .get('/fichas/:unitId/propietarios', async (c) => c.json({ data: await listOwners(c.var.deps, currentUser(c), unitOf(c)) }))
  .post('/fichas/:unitId/propietarios', requirePermission(DELIVERY_MANAGE), async (c) => c.json({ data: await addOwner(c.var.deps, currentUser(c), unitOf(c), await jsonBody(c, ownerSchema)) }, 201))
  .patch('/fichas/:unitId/propietarios/:ownerId', requirePermission(DELIVERY_MANAGE), async (c) =>
    c.json({ data: await updateOwner(c.var.deps, currentUser(c), unitOf(c), idParam(c.req.param('ownerId')), await jsonBody(c, ownerPatchSchema)) }))
  .delete('/fichas/:unitId/propietarios/:ownerId', requirePermission(DELIVERY_MANAGE), async (c) => {
    await removeOwner(c.var.deps, currentUser(c), unitOf(c), idParam(c.req.param('ownerId')));
    return c.json({ data: { deleted: true } });
  })
  // revision, detalles, accesorios, archivos
  .get('/fichas/:unitId/revision', async (c) => c.json({ data: await revisionOf(c.var.deps, currentUser(c), unitOf(c)) }))
  .put('/fichas/:unitId/revision', requirePermission(DELIVERY_REVIEW), async (c) => c.json({ data: await saveRevision(c.var.deps, currentUser(c), unitOf(c), await jsonBody(c, revisionSchema)) }))
  .get('/fichas/:unitId/detalles', async (c) => c.json({ data: await detailsOf(c.var.deps.database.db, currentUser(c), unitOf(c)) }))
  .put('/fichas/:unitId/detalles', requirePermission(DELIVERY_REVIEW), async (c) => c.json({ data: await saveDetails(c.var.deps, currentUser(c), unitOf(c), await jsonBody(c, detailsSchema)) }))
  .get('/fichas/:unitId/accesorios', async (c) => c.json({ data: await accessoriesOf(c.var.deps.database.db, currentUser(c), unitOf(c)) }))
  .put('/fichas/:unitId/accesorios', requirePermission(DELIVERY_REVIEW), async (c) => c.json({ data: await saveAccessories(c.var.deps, currentUser(c), unitOf(c), await jsonBody(c, accessoriesSchema)) }))
  .get('/fichas/:unitId/archivos', async (c) => c.json(await listCertificates(c.var.deps, currentUser(c), unitOf(c))))
  .post('/fichas/:unitId/archivos', requirePermission(DELIVERY_REVIEW), async (c) => {
    const { paths } = await jsonBody(c, certificatesSchema);
    return c.json(await addCertificates(c.var.deps, currentUser(c), unitOf(c), paths), 201);
  })
  .delete('/fichas/:unitId/archivos/:certificateId', requirePermission(DELIVERY_REVIEW), async (c) => {
    await removeCertificate(c.var.deps, currentUser(c), unitOf(c), idParam(c.req.param('certificateId')));
    return c.json({ data: { deleted: true } });
  })
  // vista-previa-acta, recepcion, solicitudes, actividad
  .get('/fichas/:unitId/acta', async (c) => {
    const { bytes, filename } = await actPdf(c.var.deps, currentUser(c), c.var.t, unitOf(c));
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `${c.req.query('download') ? 'attachment' : 'inline'}; filename="${filename}"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(bytes as Uint8Array<ArrayBuffer>);
  })
  .get('/fichas/:unitId/recepcion', async (c) => c.json({ data: await receptionOf(c.var.deps.database.db, currentUser(c), unitOf(c)) }))
  .get('/fichas/:unitId/solicitudes', async (c) => {
    const user = currentUser(c);
    const unitId = unitOf(c);
    await loadUnit(c.var.deps.database.db, user, unitId);
    return c.json(await unitTickets(c.var.deps, user, unitId, c.req.query()));
  })
  .get('/fichas/:unitId/actividad', async (c) => c.json({ data: await fichaActivity(c.var.deps.database.db, currentUser(c), unitOf(c)) }))
  // docs/product.md §4 actions
  .post('/fichas/:unitId/agendar', requireVerb(fichaCommands, 'agendar'), async (c) => {
    const user = currentUser(c);
    const r = await scheduleDelivery(c.var.deps, user, c.var.t, unitOf(c), await jsonBody(c, scheduleSchema));
    return c.json({ data: { ...(await fichaDetail(c.var.deps.database.db, user, r.unit.id)), owners_mailed: r.mailed } });
  })
  .post(`/fichas/:unitId/agenda/:decision{${verbPattern(deliveryScheduleCommands)}}`, requireVerbParam(deliveryScheduleCommands, 'decision'), async (c) => {
    const user = currentUser(c);
    const unit = await loadUnit(c.var.deps.database.db, user, unitOf(c));
    const { reason } = await jsonBody(c, scheduleDecisionSchema);
    await answerSchedule(c.var.deps, unit, { kind: c.req.param('decision') === 'confirmar' ? 'confirm' : 'reject', by: 'staff', user, reason }, c.var.t);
    return c.json({ data: await fichaDetail(c.var.deps.database.db, user, unit.id) });
  })
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
    return c.json({ data: { ...(await fichaDetail(c.var.deps.database.db, user, r.unit.id)), ticket: { id: r.ticketId, code: r.code } } }, 201);
  });
