import { Hono } from 'hono';
import {
  bulkScheduleSchema,
  responsibleSchema,
  scheduleDecisionSchema,
  scheduleSchema,
} from '#domain/schemas/deliveries';
import { verbPattern } from '#domain/commands';
import { DELIVERY_MANAGE, deliveryScheduleCommands, fichaCommands } from '#domain/fichas';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requireCommand, requirePermission, requireVerb, requireVerbParam } from '../../../auth/guard.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { idParam, loadProject, loadUnit, unitOf } from '../shared/scope.ts';
import { fichaDetail } from '../fichas/detail.ts';
import { answerSchedule, assignResponsible, bulkSchedule, scheduleDelivery } from './service.ts';

/**
 * The delivery appointment from the staff side (docs/product.md §4 ficha and delivery-schedule actions): the
 * ficha's responsible, scheduling one unit or many, and answering for the owner. Owners answer in portal/.
 */
export const scheduleRoutes = new Hono<AppEnv>()
  .post('/proyectos/:projectId/fichas/agendar', requireCommand(fichaCommands, 'ficha.schedule'), async (c) => {
    const user = currentUser(c);
    const project = await loadProject(c.var.deps.database.db, user, idParam(c.req.param('projectId')));
    const input = await jsonBody(c, bulkScheduleSchema);
    const { scheduled, warnings } = await bulkSchedule(c.var.deps, user, c.var.t, project.id, input);
    return c.json({
      data: { scheduled },
      ...(warnings.length ? { message: c.var.t('common.attention'), warnings } : {}),
    });
  })
  // The ficha's responsible is the appointment's: reassigning moves the appointment and its task.
  .patch('/fichas/:unitId', requirePermission(DELIVERY_MANAGE), async (c) => {
    const user = currentUser(c);
    const { responsible_id } = await jsonBody(c, responsibleSchema);
    await assignResponsible(c.var.deps, user, unitOf(c), responsible_id);
    return c.json({ data: await fichaDetail(c.var.deps.database.db, user, unitOf(c)) });
  })
  .post('/fichas/:unitId/agendar', requireVerb(fichaCommands, 'agendar'), async (c) => {
    const user = currentUser(c);
    const r = await scheduleDelivery(c.var.deps, user, c.var.t, unitOf(c), await jsonBody(c, scheduleSchema));
    return c.json({
      data: { ...(await fichaDetail(c.var.deps.database.db, user, r.unit.id)), owners_mailed: r.mailed },
    });
  })
  .post(
    `/fichas/:unitId/agenda/:decision{${verbPattern(deliveryScheduleCommands)}}`,
    requireVerbParam(deliveryScheduleCommands, 'decision'),
    async (c) => {
      const user = currentUser(c);
      const unit = await loadUnit(c.var.deps.database.db, user, unitOf(c));
      const { reason } = await jsonBody(c, scheduleDecisionSchema);
      await answerSchedule(
        c.var.deps,
        unit,
        { kind: c.req.param('decision') === 'confirmar' ? 'confirm' : 'reject', by: 'staff', user, reason },
        c.var.t,
      );
      return c.json({ data: await fichaDetail(c.var.deps.database.db, user, unit.id) });
    },
  );
