import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test-support.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let agent: string;
let supervisor: string;
let admin: string;
let other: string;

const filters = { state: 'nueva,abierta', sla: 'vencidas', sort: 'sla' };
const create = (cookie: string, body: Record<string, unknown>) =>
  ctx.request('POST', 'postventa/vistas', { cookie, body: { list: 'solicitudes', params: filters, ...body } });
const names = async (cookie: string) =>
  ((await ctx.request('GET', 'postventa/vistas?list=solicitudes', { cookie })).json.data as { name: string }[]).map(
    (v) => v.name,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  [agent, supervisor, admin, other] = await Promise.all(
    ['agente', 'supervisor', 'admin', 'otra'].map((u) => ctx.login(u)),
  );
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

describe('saved views of the tickets list (docs/product.md §2 Saved views)', () => {
  it('a personal view is its owner’s alone: listed for them, a 404 for a colleague and for another company', async () => {
    const res = await create(agent, { name: 'Mis vencidas' });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      name: 'Mis vencidas',
      shared: false,
      is_mine: true,
      can_edit: true,
      params: filters,
    });
    const id = res.json.data.id;
    expect(await names(agent)).toContain('Mis vencidas');
    expect(await names(supervisor)).not.toContain('Mis vencidas');
    for (const cookie of [supervisor, other]) {
      expect((await ctx.request('PATCH', `postventa/vistas/${id}`, { cookie, body: { name: 'x' } })).status).toBe(404);
      expect((await ctx.request('DELETE', `postventa/vistas/${id}`, { cookie })).status).toBe(404);
    }
    const renamed = await ctx.request('PATCH', `postventa/vistas/${id}`, { cookie: agent, body: { name: 'Urgentes' } });
    expect(renamed.json.data).toMatchObject({ name: 'Urgentes', owner: { full_name: expect.any(String) } });
    expect((await ctx.request('DELETE', `postventa/vistas/${id}`, { cookie: agent })).status).toBe(200);
    expect(await names(agent)).not.toContain('Urgentes');
  });

  it('sharing needs postventa_supervisar or config_usuarios; a shared view is read by all, changed by its owner or them', async () => {
    expect((await create(agent, { name: 'Para todos', shared: true })).status).toBe(403);
    const mine = (await create(agent, { name: 'Solo mía' })).json.data;
    expect(
      (await ctx.request('PATCH', `postventa/vistas/${mine.id}`, { cookie: agent, body: { shared: true } })).status,
    ).toBe(403);
    const shared = await create(supervisor, { name: 'Equipo: vencidas', shared: true });
    expect(shared.status).toBe(201);
    const seen = (await ctx.request('GET', 'postventa/vistas?list=solicitudes', { cookie: agent })).json.data;
    // The caller's own views first, then the shared ones.
    expect(seen.map((v: { name: string }) => v.name)).toEqual(['Solo mía', 'Equipo: vencidas']);
    expect(seen[1]).toMatchObject({ is_mine: false, can_edit: false, shared: true });
    const id = shared.json.data.id;
    expect(
      (await ctx.request('PATCH', `postventa/vistas/${id}`, { cookie: agent, body: { name: 'Mía' } })).status,
    ).toBe(403);
    expect((await ctx.request('DELETE', `postventa/vistas/${id}`, { cookie: agent })).status).toBe(403);
    expect(await names(other)).toEqual([]);
    const byAdmin = await ctx.request('PATCH', `postventa/vistas/${id}`, { cookie: admin, body: { name: 'Vencidas' } });
    expect(byAdmin.json.data).toMatchObject({ name: 'Vencidas', is_mine: false, can_edit: true });
    expect((await ctx.request('DELETE', `postventa/vistas/${id}`, { cookie: admin })).status).toBe(200);
  });

  it('a name is unique per user and list, whatever its case (422 on the name); another user may reuse it', async () => {
    expect((await create(agent, { name: 'Torre A' })).status).toBe(201);
    const again = await create(agent, { name: '  torre a ' });
    expect(again.status).toBe(422);
    expect(again.json.fields.name).toMatch(/Ya tiene una vista con ese nombre/);
    expect((await create(supervisor, { name: 'Torre A' })).status).toBe(201);
    const second = (await create(agent, { name: 'Torre B' })).json.data;
    const clash = await ctx.request('PATCH', `postventa/vistas/${second.id}`, {
      cookie: agent,
      body: { name: 'TORRE A' },
    });
    expect(clash.status).toBe(422);
  });

  it('validates in the caller’s language: name, list and the list’s parameters', async () => {
    const empty = await ctx.request('POST', 'postventa/vistas', {
      cookie: agent,
      body: { list: 'solicitudes', name: ' ', params: {} },
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(empty.status).toBe(422);
    expect(empty.json.fields).toEqual({ name: 'Este campo é obrigatório' });
    expect((await create(agent, { name: 'x'.repeat(61) })).status).toBe(422);
    expect((await create(agent, { name: 'Raro', params: { page: '3' } })).json.fields).toHaveProperty('params');
    expect((await create(agent, { name: 'Otra lista', list: 'fichas' })).json.fields).toHaveProperty('list');
    expect((await ctx.request('GET', 'postventa/vistas', { cookie: agent })).status).toBe(422);
  });
});
