import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCRETE_CONFIG_CHANGED_EVENT, CONCRETE_SETTINGS_DEFAULTS } from '#domain/concrete';
import { concreteSettingsResponseSchema } from '#domain/concrete-responses';
import { createTestContext, staffWith, type TestContext } from '../../../test-support.ts';
import { lastEvent } from '../test/fixtures.ts';

/** docs/api.md Concrete: hormigon/configuracion (m3, batches, acceptance rule) through the real routes. */
let ctx: TestContext;
let admin: string;
let viewer: string;
let foreign: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, foreign] = await Promise.all([ctx.login('admin'), ctx.login('otra')]);
  viewer = await staffWith(ctx, 'miradora', ['modulo_hormigon', 'todos_los_proyectos']);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const get = (cookie = admin) => ctx.request('GET', 'hormigon/configuracion', { cookie });
const put = (body: unknown, cookie = admin, headers?: Record<string, string>) =>
  ctx.request('PUT', 'hormigon/configuracion', { cookie, body, headers });

/** What a form sends: every field, as typed (decimal comma). */
const typed = {
  truck_m3_max: '7,5',
  placement_m3_max: '250',
  m3_tolerance_pct: '4,5',
  batch_m3_max: '100',
  batch_days_max: '10',
  acceptance_age_days: 28,
  acceptance_consecutive: '4',
  mean_margin_mpa: '1,5',
  single_margin_mpa: '3,5',
};

describe('concrete settings', () => {
  it('answers the defaults with updated_at null until the company saves its own', async () => {
    const res = await get(viewer);
    expect(res.status).toBe(200);
    expect(concreteSettingsResponseSchema.parse(res.json.data)).toEqual({
      ...CONCRETE_SETTINGS_DEFAULTS,
      updated_at: null,
    });
  });

  it('saves every field typed with a decimal comma, and answers them as numbers', async () => {
    const res = await put(typed);
    expect(res.status, res.text).toBe(200);
    const saved = concreteSettingsResponseSchema.parse(res.json.data);
    expect(saved).toEqual({
      truck_m3_max: 7.5,
      placement_m3_max: 250,
      m3_tolerance_pct: 4.5,
      batch_m3_max: 100,
      batch_days_max: 10,
      acceptance_age_days: 28,
      acceptance_consecutive: 4,
      mean_margin_mpa: 1.5,
      single_margin_mpa: 3.5,
      updated_at: expect.any(String),
    });
    expect((await get(viewer)).json.data).toEqual(saved);
    const event = await lastEvent(ctx);
    expect(event).toMatchObject({ type: CONCRETE_CONFIG_CHANGED_EVENT, projectId: null });
    expect((event.payload as { data: unknown }).data).toEqual({ catalogue: 'settings', id: null });

    // Saved again: the same row, later.
    const again = await put({ ...typed, single_margin_mpa: 4 });
    expect(again.json.data.single_margin_mpa).toBe(4);
    expect(Date.parse(again.json.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(saved.updated_at!));
  });

  it('refuses each field on its own, in the caller language', async () => {
    const res = await put({
      ...typed,
      truck_m3_max: '0',
      batch_days_max: '2,5',
      acceptance_age_days: 400,
      mean_margin_mpa: 'mucho',
      single_margin_mpa: '1,25',
      placement_m3_max: undefined,
    });
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({
      truck_m3_max: 'El valor mínimo es 1',
      placement_m3_max: 'Este campo es obligatorio',
      batch_days_max: 'Debe ser un número entero',
      acceptance_age_days: 'El valor máximo es 90',
      mean_margin_mpa: 'Ingrese un número válido',
      single_margin_mpa: 'Se permiten como máximo 1 decimales',
    });
    const pt = await put({ ...typed, acceptance_consecutive: '0', truck_m3_max: '' }, admin, {
      'Accept-Language': 'pt-BR',
    });
    expect(pt.status).toBe(422);
    expect(pt.json.fields).toEqual({
      truck_m3_max: 'Este campo é obrigatório',
      acceptance_consecutive: 'O valor mínimo é 1',
    });
    expect(pt.json.message).toBe('Os dados enviados não são válidos');
    // Nothing was written by the refused saves.
    expect((await get()).json.data.single_margin_mpa).toBe(4);
  });

  it("is the company's own: another company still runs on the defaults, and a viewer cannot save", async () => {
    expect((await get(foreign)).json.data).toEqual({ ...CONCRETE_SETTINGS_DEFAULTS, updated_at: null });
    expect((await put(typed, viewer)).status).toBe(403);
    expect((await put(typed, await ctx.login('revisor'))).status).toBe(403);
    expect((await get(await ctx.login('revisor'))).status).toBe(403);
    const theirs = await put({ ...typed, truck_m3_max: 9 }, foreign);
    expect(theirs.json.data.truck_m3_max).toBe(9);
    expect((await get()).json.data.truck_m3_max).toBe(7.5);
  });
});
