import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { and, desc, eq, ne } from 'drizzle-orm';
import { createTestContext, staffWith, type TestContext } from '../../../test-support.ts';
import { outbox, unitTypes, units } from '../../../db/schema/index.ts';
import { demoIds, newTicket, uploadPhoto, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let admin: string;
let agent: string;
let owner: string;
let planId: number;
let foreignTypePlanId: number;
let planUrl: string;
let failureTypeId: number;

/** Uploads a PNG and attaches it as a plan of `unitTypeId` in the project (config propietarios / planos). */
async function addPlan(unitTypeId: number, name: string) {
  const photo = await uploadPhoto(ctx, admin, name);
  const res = await ctx.request('POST', `entregas/proyectos/${ids.projectId}/configuracion/planos`, {
    cookie: admin,
    body: { unit_type_id: unitTypeId, paths: [photo.path] },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.json.data.find((t: any) => t.unit_type.id === unitTypeId).plans.find((p: any) => p.path === photo.path);
}

async function addFailure(ticketId: number) {
  const res = await ctx.request('POST', `postventa/solicitudes/${ticketId}/fallas`, {
    cookie: agent,
    body: { failure_type_id: failureTypeId, description: 'Fisura sobre la ventana' },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.json.data.id as number;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  admin = await ctx.login('admin');
  agent = await ctx.login('agente');
  owner = await ctx.login('propietario');
  const [unit] = await ctx.db.select().from(units).where(eq(units.id, ids.unitId));
  const [otherType] = await ctx.db
    .select()
    .from(unitTypes)
    .where(and(eq(unitTypes.companyId, unit.companyId), ne(unitTypes.id, unit.unitTypeId!)))
    .limit(1);
  const plan = await addPlan(unit.unitTypeId!, 'plano-planta.png');
  planId = plan.id;
  planUrl = plan.url;
  foreignTypePlanId = (await addPlan(otherType.id, 'plano-otro-tipo.png')).id;
  const tree = (await ctx.request('GET', `postventa/catalogo/unidad/${ids.unitId}`, { cookie: agent })).json.data;
  failureTypeId = tree.areas[0].places[0].items[0].failures[0].id;
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

const pinUrl = (ticketId: number, failureId: number) => `postventa/solicitudes/${ticketId}/fallas/${failureId}/plano`;

describe('failures pinned on the unit type plan (docs/product.md#defects-on-plans)', () => {
  it('the board lists the unit type plans and every failure of the unit, numbered, unpinned at first', async () => {
    const t = await newTicket(ctx, agent, ids);
    const f = await addFailure(t.id);
    const res = await ctx.request('GET', `postventa/solicitudes/${t.id}/fallas/plano`, { cookie: agent });
    expect(res.status).toBe(200);
    expect(res.json.data.plans).toEqual([{ id: planId, name: 'plano-planta.png', url: planUrl, type: 'image/png' }]);
    const row = res.json.data.failures.find((x: any) => x.id === f);
    expect(row).toMatchObject({ kind: 'failure', ticket_id: t.id, state: 'pendiente', can_pin: true, pin: null });
    expect(row.number).toBe(res.json.data.failures.length);
    expect(res.json.data.failures.map((x: any) => x.number)).toEqual(
      res.json.data.failures.map((_: any, i: number) => i + 1),
    );
  });

  it('staff place a pin: it is saved, shown on the board and emitted as the failure update', async () => {
    const t = await newTicket(ctx, agent, ids);
    const f = await addFailure(t.id);
    const res = await ctx.request('PUT', pinUrl(t.id, f), {
      cookie: agent,
      body: { plan_id: planId, x: 0.25, y: 0.5 },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.failures.find((x: any) => x.id === f).pin).toEqual({
      plan_id: planId,
      page: 1,
      x: 0.25,
      y: 0.5,
    });
    const [event] = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(event).toMatchObject({ type: 'failure.changed' });
    expect(event.payload).toMatchObject({ action: 'failure.pin', entity: { type: 'ticket', id: t.id } });
    const removed = await ctx.request('DELETE', pinUrl(t.id, f), { cookie: agent });
    expect(removed.json.data.failures.find((x: any) => x.id === f).pin).toBeNull();
  });

  it('422 for a position outside the plan, a page out of range or a plan of another unit type', async () => {
    const t = await newTicket(ctx, agent, ids);
    const f = await addFailure(t.id);
    const outside = await ctx.request('PUT', pinUrl(t.id, f), {
      cookie: agent,
      body: { plan_id: planId, x: 1.2, y: -0.1 },
    });
    expect(outside.status).toBe(422);
    expect(outside.json.fields).toEqual({ x: 'El valor máximo es 1', y: 'El valor mínimo es 0' });
    const page = await ctx.request('PUT', pinUrl(t.id, f), {
      cookie: agent,
      body: { plan_id: planId, page: 0, x: 0.5, y: 0.5 },
    });
    expect(page.status).toBe(422);
    expect(Object.keys(page.json.fields)).toEqual(['page']);
    for (const plan_id of [foreignTypePlanId, 2_000_000_000]) {
      const foreign = await ctx.request('PUT', pinUrl(t.id, f), { cookie: agent, body: { plan_id, x: 0.5, y: 0.5 } });
      expect(foreign.status).toBe(422);
      expect(Object.keys(foreign.json.fields)).toEqual(['plan_id']);
    }
  });

  it('404 for a failure of another ticket, a foreign ticket, and 403 without the manage permission', async () => {
    const t = await newTicket(ctx, agent, ids);
    const other = await newTicket(ctx, agent, ids);
    const f = await addFailure(other.id);
    const body = { plan_id: planId, x: 0.5, y: 0.5 };
    expect((await ctx.request('PUT', pinUrl(t.id, f), { cookie: agent, body })).status).toBe(404);
    expect((await ctx.request('PUT', pinUrl(t.id, 2_000_000_000), { cookie: agent, body })).status).toBe(404);
    const outsider = await ctx.login('otra');
    expect((await ctx.request('PUT', pinUrl(other.id, f), { cookie: outsider, body })).status).toBe(404);
    expect(
      (await ctx.request('GET', `postventa/solicitudes/${other.id}/fallas/plano`, { cookie: outsider })).status,
    ).toBe(404);
    const viewer = await staffWith(ctx, 'solo-ver-planos', ['modulo_postventa', 'todos_los_proyectos']);
    expect((await ctx.request('PUT', pinUrl(other.id, f), { cookie: viewer, body })).status).toBe(403);
    const board = await ctx.request('GET', `postventa/solicitudes/${other.id}/fallas/plano`, { cookie: viewer });
    expect(board.status).toBe(200);
    expect(board.json.data.failures.every((x: any) => !x.can_pin)).toBe(true);
  });

  it('an owner pins only their own unit’s failures, reads the plan file, and staff see the pin', async () => {
    const t = await newTicket(ctx, agent, ids);
    const f = await addFailure(t.id);
    const url = `postventa/portal/solicitudes/${t.id}/fallas/${f}/plano`;
    const res = await ctx.request('PUT', url, { cookie: owner, body: { plan_id: planId, x: 0.75, y: 0.1 } });
    expect(res.status).toBe(200);
    const staffBoard = await ctx.request('GET', `postventa/solicitudes/${t.id}/fallas/plano`, { cookie: agent });
    expect(staffBoard.json.data.failures.find((x: any) => x.id === f).pin).toMatchObject({ x: 0.75, y: 0.1 });
    const portalBoard = await ctx.request('GET', `postventa/portal/solicitudes/${t.id}/plano`, { cookie: owner });
    expect(portalBoard.json.data.plans.map((p: any) => p.id)).toEqual([planId]);
    expect((await ctx.request('GET', planUrl, { cookie: owner })).status).toBe(200);

    const stranger = await ctx.login('propietario2');
    expect(
      (await ctx.request('PUT', url, { cookie: stranger, body: { plan_id: planId, x: 0.5, y: 0.5 } })).status,
    ).toBe(404);
    expect((await ctx.request('GET', `postventa/portal/solicitudes/${t.id}/plano`, { cookie: stranger })).status).toBe(
      404,
    );
    expect((await ctx.request('GET', planUrl, { cookie: stranger })).status).not.toBe(200);
  });

  it('the ticket PDF carries its data, its numbered failures and the plan with the pins', async () => {
    const t = await newTicket(ctx, agent, ids, { subject: 'Fisura en dormitorio' });
    const f = await addFailure(t.id);
    await ctx.request('PUT', pinUrl(t.id, f), { cookie: agent, body: { plan_id: planId, x: 0.4, y: 0.6 } });
    const res = await ctx.app.request(`/api/v2/public/api/postventa/solicitudes/${t.id}/pdf`, {
      headers: { cookie: agent },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    // pdf.js transfers (detaches) the buffer it reads: give it a copy.
    const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
    try {
      const text = (await parser.getText()).text;
      expect(text).toContain(`Solicitud ${t.code}`);
      expect(text).toContain('Fisura en dormitorio');
      expect(text).toContain('Plano: plano-planta.png');
      expect(text).toContain('Fisura sobre la ventana');
      const images = await parser.getImage({ imageThreshold: 0 });
      expect(images.pages.flatMap((p) => p.images).length).toBeGreaterThan(0);
    } finally {
      await parser.destroy();
    }
    const outsider = await ctx.login('otra');
    expect((await ctx.request('GET', `postventa/solicitudes/${t.id}/pdf`, { cookie: outsider })).status).toBe(404);
  });
});
