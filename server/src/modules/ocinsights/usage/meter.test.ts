import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../../../http/context.ts';
import { loadUser } from '../../../auth/session.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { clearUsage, countsOf, userDaysOf, userId } from '../test/fixtures.ts';
import { createUsageMeter, rowsOf } from './meter.ts';
import { FLUSH_CHUNK, flushUsage, meterOf } from './flush.ts';
import { usageMeter } from './middleware.ts';
import { usageDay } from './today.ts';

/**
 * The meter (docs/decisions.md D-285): real API calls and screen reports of two users, counted in memory and written
 * by flushUsage, checked row by row; reads, failed writes and the report itself are never actions.
 */
let ctx: TestContext;
let admin: string;
let agente: string;
let today: string;
let ids: { admin: number; agente: number };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  agente = await ctx.login('agente');
  today = await usageDay(ctx.deps, ctx.seed.companyId);
  ids = { admin: await userId(ctx, 'admin'), agente: await userId(ctx, 'agente') };
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await flushUsage(ctx.deps);
  await clearUsage(ctx);
});

describe('the usage meter', () => {
  it('counts successful writes of staff and reported screens, per user, project, module and name', async () => {
    const [p0, , , p3] = ctx.seed.projectIds;
    for (const cookie of [admin, admin, agente])
      expect((await ctx.request('POST', 'notificaciones/leer-todas', { cookie })).status).toBe(200);
    const report = async (cookie: string, screens: unknown[]) =>
      (await ctx.request('POST', 'ocinsights/uso/pantallas', { cookie, body: { screens } })).status;
    expect(
      await report(admin, [
        { route: 'warranties.solicitudes', project_id: p0 },
        { route: 'warranties.solicitudes', project_id: p0 },
        { route: 'home.proyectos' },
      ]),
    ).toBe(204);
    // Agente is not assigned to the fourth project: the screen counts, without it.
    expect(await report(agente, [{ route: 'warranties.solicitud.actividad', project_id: p3 }])).toBe(204);
    expect(await countsOf(ctx, today)).toEqual([]);

    expect(await flushUsage(ctx.deps)).toEqual({ counts: 5, user_days: 3 });
    const action = (userId: number, count: number) => ({
      userId,
      projectId: 0,
      module: 'notificaciones',
      kind: 'action',
      name: 'POST /notificaciones/leer-todas',
      count,
    });
    const screen = (userId: number, projectId: number, name: string, count: number) => ({
      userId,
      projectId,
      module: name.split('.')[0],
      kind: 'screen',
      name,
      count,
    });
    const expected = [
      action(ids.admin, 2),
      screen(ids.admin, 0, 'home.proyectos', 1),
      screen(ids.admin, p0, 'warranties.solicitudes', 2),
      action(ids.agente, 1),
      screen(ids.agente, 0, 'warranties.solicitud.actividad', 1),
    ].sort((a, b) => a.userId - b.userId || a.projectId - b.projectId || a.kind.localeCompare(b.kind));
    expect(await countsOf(ctx, today)).toEqual(expected);
    expect(await userDaysOf(ctx, today)).toEqual(
      [
        { userId: ids.admin, projectId: 0, events: 3 },
        { userId: ids.admin, projectId: p0, events: 2 },
        { userId: ids.agente, projectId: 0, events: 2 },
      ].sort((a, b) => a.userId - b.userId || a.projectId - b.projectId),
    );

    // A second flush adds to the same rows.
    await ctx.request('POST', 'notificaciones/leer-todas', { cookie: agente });
    expect(await flushUsage(ctx.deps)).toEqual({ counts: 1, user_days: 1 });
    expect((await countsOf(ctx, today)).find((r) => r.userId === ids.agente && r.kind === 'action')?.count).toBe(2);
    expect((await userDaysOf(ctx, today)).find((r) => r.userId === ids.agente)?.events).toBe(3);
  });

  it('never counts reads, refused or failed writes, nor owners', async () => {
    await ctx.request('GET', 'notificaciones', { cookie: admin });
    await ctx.request('GET', 'notificaciones/resumen', { cookie: admin });
    expect((await ctx.request('PATCH', 'notificaciones/999999', { cookie: admin, body: { read: true } })).status).toBe(
      404,
    );
    expect(
      (await ctx.request('PUT', 'notificaciones/configuracion', { cookie: admin, body: { nope: 1 } })).status,
    ).toBeGreaterThanOrEqual(400);
    // A bad report is a 422 and counts nothing either.
    expect(
      (await ctx.request('POST', 'ocinsights/uso/pantallas', { cookie: admin, body: { screens: [] } })).status,
    ).toBe(422);
    const owner = await ctx.login('propietario');
    await ctx.request('POST', 'auth/logout', { cookie: owner });
    expect(meterOf(ctx.deps).pending).toBe(0);
    expect(await flushUsage(ctx.deps)).toEqual({ counts: 0, user_days: 0 });
  });

  it('keeps the counts of a failed flush for the next one, and never throws', async () => {
    await ctx.request('POST', 'notificaciones/leer-todas', { cookie: admin });
    const spy = vi.spyOn(ctx.deps.database.db, 'transaction').mockRejectedValueOnce(new Error('database away'));
    const error = vi.spyOn(ctx.deps.log, 'error');
    expect(await flushUsage(ctx.deps)).toEqual({ counts: 0, user_days: 0, kept: 1 });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('usage flush failed'), expect.anything());
    spy.mockRestore();
    error.mockRestore();
    await ctx.request('POST', 'notificaciones/leer-todas', { cookie: admin });
    expect(await flushUsage(ctx.deps)).toEqual({ counts: 1, user_days: 1 });
    expect((await countsOf(ctx, today))[0].count).toBe(2);
  });

  it('names an action by the route template it matched, a verb parameter by its verb', async () => {
    const user = (await loadUser(ctx.db, ids.admin, 'meter-test'))!;
    const sub = new Hono<AppEnv>()
      .post('/tickets/:id/:action{cerrar|reabrir}', (c) => c.json({ ok: true }))
      .put('/proyectos/:projectId/ajustes/:key{[a-z]+}', (c) => c.json({ ok: true }));
    const api = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('deps', ctx.deps);
        c.set('user', user);
        await next();
      })
      .use(usageMeter)
      .route('/postventa', sub);
    const app = new Hono<AppEnv>().route('/api/v2/public/api', api);
    expect((await app.request('/api/v2/public/api/postventa/tickets/41/cerrar', { method: 'POST' })).status).toBe(200);
    const p1 = ctx.seed.projectIds[1];
    const put = await app.request(`/api/v2/public/api/postventa/proyectos/${p1}/ajustes/plazo`, { method: 'PUT' });
    expect(put.status).toBe(200);
    await flushUsage(ctx.deps);
    expect((await countsOf(ctx, today)).map((r) => [r.projectId, r.module, r.name])).toEqual([
      [0, 'warranties', 'POST /postventa/tickets/:id/cerrar'],
      [p1, 'warranties', 'PUT /postventa/proyectos/:projectId/ajustes/:key'],
    ]);
  });
});

describe('the accumulator', () => {
  it('adds up per key and writes batches of at most FLUSH_CHUNK rows', async () => {
    const meter = createUsageMeter();
    const base = { companyId: 1, day: '2026-01-05', userId: 7, projectId: 0, module: 'home', kind: 'screen' as const };
    meter.record({ ...base, name: 'home.proyectos' });
    meter.record({ ...base, name: 'home.proyectos' }, 2);
    meter.record({ ...base, name: 'home.tareas' });
    const rows = rowsOf(meter.take());
    expect(rows.counts.map((r) => [r.name, r.count])).toEqual([
      ['home.proyectos', 3],
      ['home.tareas', 1],
    ]);
    expect(rows.days).toEqual([{ companyId: 1, day: '2026-01-05', userId: 7, projectId: 0, events: 4 }]);
    expect(meter.pending).toBe(0);

    // Through the real flush: more keys than one chunk holds.
    const real = meterOf(ctx.deps);
    for (let i = 0; i < FLUSH_CHUNK * 2 + 5; i++)
      real.record({ ...base, companyId: ctx.seed.companyId, userId: ids.admin, day: today, name: `home.n${i}` });
    expect(await flushUsage(ctx.deps)).toEqual({ counts: FLUSH_CHUNK * 2 + 5, user_days: 1 });
    expect(await countsOf(ctx, today)).toHaveLength(FLUSH_CHUNK * 2 + 5);
    expect(await userDaysOf(ctx, today)).toEqual([{ userId: ids.admin, projectId: 0, events: FLUSH_CHUNK * 2 + 5 }]);
  });
});
