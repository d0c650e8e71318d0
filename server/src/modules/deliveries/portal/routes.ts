import { Hono } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requireOwner } from '../../../auth/guard.ts';
import { notFound } from '../../../lib/errors.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { scheduleDecisionSchema } from '#domain/schemas/deliveries';
import { deliverySchedules, projects, units } from '../../../db/schema/index.ts';
import { answerSchedule, answerWindow, confirmationHours, scheduleByToken } from '../schedule/service.ts';
import { idParam, ownerUnitIds } from '../shared/scope.ts';
import { portalDeliveries } from './service.ts';

/**
 * Owners confirm or reject their delivery appointment like visits (docs/product.md §4): in the owner portal
 * (/portal/entregas, owner accounts only) or through the single-use link e-mailed to them
 * (/entrega/:token, no session: the token is the credential).
 */
export const portalRoutes = new Hono<AppEnv>()
  .get('/portal/entregas', requireOwner, async (c) =>
    c.json({ data: await portalDeliveries(c.var.deps.database.db, currentUser(c)) }),
  )
  .post('/portal/entregas/:scheduleId/:decision{confirmar|rechazar}', requireOwner, async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const { reason } = await jsonBody(c, scheduleDecisionSchema);
    const [row] = await db
      .select({ unit: units })
      .from(deliverySchedules)
      .innerJoin(units, eq(units.id, deliverySchedules.unitId))
      .where(
        and(
          eq(deliverySchedules.id, idParam(c.req.param('scheduleId'))),
          eq(deliverySchedules.companyId, user.companyId),
          isNull(deliverySchedules.cancelledAt),
        ),
      );
    if (!row || !(await ownerUnitIds(db, user)).includes(row.unit.id)) throw notFound();
    const schedule = await answerSchedule(
      c.var.deps,
      row.unit,
      { kind: c.req.param('decision') === 'confirmar' ? 'confirm' : 'reject', by: 'owner', actorId: user.id, reason },
      c.var.t,
    );
    // The appointment as the portal shows it now, so the owner's screen takes the answer as it is.
    const [view] = await portalDeliveries(db, user, schedule.id);
    return c.json({ data: view ?? null });
  })
  .get('/entrega/:token', async (c) => {
    const { schedule, unit } = await scheduleByToken(c.var.deps, c.req.param('token'));
    const [project] = await c.var.deps.database.db
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, unit.projectId));
    const hours = await confirmationHours(c.var.deps.database.db, unit.projectId);
    return c.json({
      data: {
        unit: unit.number,
        project: project.name,
        state: schedule.state,
        start_at: schedule.startAt.toISOString(),
        ...answerWindow(schedule, hours),
      },
    });
  })
  .post('/entrega/:token/:decision{confirmar|rechazar}', async (c) => {
    const { schedule, unit } = await scheduleByToken(c.var.deps, c.req.param('token'));
    const { reason } = await jsonBody(c, scheduleDecisionSchema);
    const answered = await answerSchedule(
      c.var.deps,
      unit,
      {
        kind: c.req.param('decision') === 'confirmar' ? 'confirm' : 'reject',
        by: 'owner',
        actorId: null,
        reason,
        viaToken: true,
      },
      c.var.t,
    );
    if (answered.id !== schedule.id) throw notFound();
    return c.json({ data: { state: answered.state, start_at: answered.startAt.toISOString() } });
  });
