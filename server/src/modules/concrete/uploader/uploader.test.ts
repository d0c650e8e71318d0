import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADVANCE_STATES } from '#domain/concrete-placements';
import { advanceSchema, concreteModelResponseSchema } from '#domain/concrete-placements-responses';
import { bimModelFiles, bimModels, concreteModels, users } from '../../../db/schema/index.ts';
import { createTestContext, staffWith, type TestContext } from '../../../test-support.ts';
import { concreteModelWithElements } from '../test/fixtures.ts';

/**
 * docs/api.md Hormigón: uploader and advance — the project's one Concrete model (docs/product.md §5) and the advance
 * of the demo pours on it (server/src/db/seed-concrete-placements.ts: 3 conforming G25 pours of 12 m3, 3 failing G30,
 * 3 of this week's open batch, 2 scheduled; 20 walls each, 300 walls in the model).
 */
let ctx: TestContext;
let admin: string;
let viewer: string;
let foreign: string;
let demoProject: number;
let emptyProject: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, foreign] = await Promise.all([ctx.login('admin'), ctx.login('otra')]);
  viewer = await staffWith(ctx, 'mira-modelo', ['modulo_hormigon', 'todos_los_proyectos']);
  [demoProject, , emptyProject] = ctx.seed.projectIds;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const send = (method: string, path: string, body?: unknown, cookie = admin) =>
  ctx.request(method, `hormigon/proyectos/${path}`, { cookie, body });

describe('the Concrete model of a project', () => {
  it('is the demo model in the demo project, read with the module, a 404 for another company', async () => {
    const res = await send('GET', `${demoProject}/modelo`, undefined, viewer);
    expect(res.status).toBe(200);
    expect(concreteModelResponseSchema.parse(res.json).model?.name).toBe('Edificio demo');
    expect((await send('GET', `${demoProject}/modelo`, undefined, foreign)).status).toBe(404);
    expect((await send('PUT', `${demoProject}/modelo`, { model_id: 1 }, viewer)).status).toBe(403);
  });

  it('takes a processed model of the project, refuses one not ready or of another project, and one in use', async () => {
    const [{ id: userId }] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const companyId = ctx.seed.companyId;
    const ready = await concreteModelWithElements(ctx, {
      companyId,
      projectId: emptyProject,
      userId,
      marker: 'modelo-listo',
      globalIds: ['W-1'],
    });
    await ctx.db.delete(concreteModels).where(eq(concreteModels.projectId, emptyProject));
    const [queued] = await ctx.db.select().from(bimModels).where(eq(bimModels.projectId, demoProject));
    const otherProject = await send('PUT', `${emptyProject}/modelo`, { model_id: queued.id });
    expect(otherProject.json.fields).toEqual({ model_id: 'Valor inválido' });
    await ctx.db.update(bimModelFiles).set({ state: 'procesando' }).where(eq(bimModelFiles.modelId, ready.id));
    const notReady = await send('PUT', `${emptyProject}/modelo`, { model_id: ready.id });
    expect(notReady.json.fields).toEqual({ model_id: 'El modelo debe tener todos sus archivos procesados' });
    await ctx.db.update(bimModelFiles).set({ state: 'listo' }).where(eq(bimModelFiles.modelId, ready.id));
    const put = await send('PUT', `${emptyProject}/modelo`, { model_id: ready.id });
    expect(put.status, put.text).toBe(200);
    expect(put.json.model.id).toBe(ready.id);
    // The demo project's model is held by its pours: not removable, nor replaceable.
    const inUse = await send('DELETE', `${demoProject}/modelo`);
    expect(inUse.status).toBe(409);
    expect(inUse.json.message).toBe(
      'Hay hormigonados asociados a elementos de este modelo: no se puede cambiar ni quitar',
    );
    const removed = await send('DELETE', `${emptyProject}/modelo`);
    expect(removed.json).toEqual({ model: null });
  });
});

describe('the advance of the demo pours', () => {
  it('colours each live placement by its and its batch state, and sums m3 by state, element and floor', async () => {
    const res = await send('GET', `${demoProject}/avance`, undefined, viewer);
    expect(res.status).toBe(200);
    const advance = advanceSchema.parse(res.json);
    expect(advance.placements.map((p) => p.state)).toEqual([
      'conforme',
      'conforme',
      'conforme',
      'no_conforme',
      'no_conforme',
      'no_conforme',
      'vaciado',
      'vaciado',
      'vaciado',
      'programado',
      'programado',
    ]);
    expect(advance.by_state.map((s) => s.state)).toEqual([...ADVANCE_STATES]);
    const of = (state: string) => advance.by_state.find((s) => s.state === state)!;
    expect(of('conforme')).toEqual({ state: 'conforme', elements: 60, m3: 36, placements: 3 });
    expect(of('programado')).toMatchObject({ elements: 40, m3: 24 });
    // The demo model is not processed in test contexts: no elements counted, so none left to pour.
    expect(of('sin_vaciar')).toMatchObject({ m3: 0, placements: 0 });
    expect(advance.by_floor.find((f) => f.floor === 'Piso 2')).toMatchObject({ state: 'no_conforme', m3: 36 });
    expect(advance.by_element).toEqual(
      expect.arrayContaining([expect.objectContaining({ element: expect.objectContaining({ name: 'Muro' }) })]),
    );
    expect((await send('GET', `${demoProject}/avance`, undefined, foreign)).status).toBe(404);
  });
});
