import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { giveOwner, slot, unitsIn, useTempStorage } from '../test/fixtures.ts';

let ctx: TestContext;
let cleanup: () => void;
let sup: string;
let fresh: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx);
  sup = await ctx.login('supervisor');
  fresh = (await unitsIn(ctx, ctx.seed.projectIds[1])).map((u) => u.id);
}, 180_000); // seeding a fresh database is slow on a loaded 2-core machine
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

describe('feeds (docs/product.md#delivery-feeds: dashboards, agenda, my tasks)', () => {
  it('units delivered per week over 12 weeks, pending failures per unit and scheduled deliveries as agenda items', async () => {
    const p1 = ctx.seed.projectIds[1];
    const unitId = fresh[2];
    await giveOwner(ctx, unitId);
    const rev = (await ctx.request('GET', `entregas/fichas/${unitId}/revision`, { cookie: sup })).json.data;
    const item = rev.areas[0].places[0].items.find((i: any) => i.failures.length);
    await ctx.request('PUT', `entregas/fichas/${unitId}/revision`, {
      cookie: sup,
      body: { results: [{ item_id: item.id, outcome: 'falla', failure_type_id: item.failures[0].id }] },
    });
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });
    const owners = (await ctx.request('GET', `entregas/fichas/${unitId}/propietarios`, { cookie: sup })).json.data;
    await ctx.request('POST', `entregas/fichas/${unitId}/entregar`, {
      cookie: sup,
      body: { delivery_date: today, attendees: [{ owner_id: owners[0].id, role: 'propietario' }] },
    });

    const weeks = (await ctx.request('GET', `entregas/dashboard/entregas-semanales?project_id=${p1}`, { cookie: sup }))
      .json.data;
    expect(weeks).toHaveLength(12);
    expect(new Date(`${weeks[11].week_start}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks[11].delivered).toBeGreaterThanOrEqual(1);
    expect(weeks.slice(0, 11).every((w: any) => w.delivered === 0)).toBe(true);

    const pending = (await ctx.request('GET', `entregas/dashboard/fallas-pendientes?project_id=${p1}`, { cookie: sup }))
      .json.data;
    expect(pending.find((p: any) => p.unit_id === unitId)).toMatchObject({
      pending_failures: 1,
      state: 'entregada_obs',
      link: `/warranties/ficha/${unitId}`,
    });

    const start = slot(2);
    await ctx.request('POST', `entregas/fichas/${fresh[3]}/agendar`, { cookie: sup, body: { start_at: start } });
    const day = new Date(start).toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });
    const agenda = (await ctx.request('GET', `entregas/agenda?from=${day}&to=${day}`, { cookie: sup })).json.data;
    expect(agenda.find((a: any) => a.unit.id === fresh[3])).toMatchObject({
      kind: 'entrega',
      state: 'por_confirmar',
      start_at: start,
    });
    const bad = await ctx.request('GET', 'entregas/agenda?from=2030-02-01&to=2030-01-01', { cookie: sup });
    expect(bad.status).toBe(422);
    expect(
      (
        await ctx.request('GET', `entregas/dashboard/entregas-semanales?project_id=${ctx.seed.otherProjectIds[0]}`, {
          cookie: sup,
        })
      ).status,
    ).toBe(404);
  });
});
