import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { acs, failures, outbox, unitOwners, units, warrantyTerms } from '../../../db/schema/index.ts';
import { demoIds, newTicket, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let admin: string;
let agent: string;
let tree: any;
const detail = (area: string, place: string, item: string, name: string) => {
  const a = tree.areas.find((x: any) => x.name === area);
  const p = a.places.find((x: any) => x.name === place);
  const i = p.items.find((x: any) => x.name === item);
  return i.failures.find((x: any) => x.name === name);
};
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  admin = await ctx.login('admin');
  agent = await ctx.login('agente');
  tree = (await ctx.request('GET', `postventa/catalogo/unidad/${ids.unitId}`, { cookie: agent })).json.data;
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

async function addFailure(ticketId: number, failureTypeId: number, extra: Record<string, unknown> = {}) {
  const res = await ctx.request('POST', `postventa/solicitudes/${ticketId}/fallas`, {
    cookie: agent,
    body: { failure_type_id: failureTypeId, ...extra },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.json.data.id as number;
}
const failureOf = async (ticketId: number, id: number) =>
  (await ctx.request('GET', `postventa/solicitudes/${ticketId}/fallas`, { cookie: agent })).json.data.find(
    (f: any) => f.id === id,
  );
const act = (ticketId: number, id: number, action: string, body: unknown = {}) =>
  ctx.request('POST', `postventa/solicitudes/${ticketId}/fallas/${id}/${action}`, { cookie: agent, body });

describe('failures: catalogue and computed guarantee (docs/product.md §3 Failure, docs/product.md#failure-guarantee)', () => {
  it('the unit type catalogue goes area → place → item → failure type with severity', () => {
    const d = detail('Cocina', 'Muebles', 'Puerta de mueble', 'Puerta descuadrada');
    expect(d).toMatchObject({ severity: 'leve' });
  });

  it('guarantee: finishes 3 years and structure 10 from the unit delivery date, in force today', async () => {
    const t = await newTicket(ctx, agent, ids);
    const [unit] = await ctx.db.select().from(units).where(eq(units.id, ids.unitId));
    const a = await addFailure(t.id, detail('Cocina', 'Muebles', 'Puerta de mueble', 'Puerta descuadrada').id, {
      description: 'No cierra',
    });
    const b = await addFailure(t.id, detail('Living-comedor', 'Muros', 'Muro de hormigón', 'Fisura en muro').id);
    const fa = await failureOf(t.id, a);
    expect(fa).toMatchObject({
      state: 'pendiente',
      severity: 'leve',
      place: { name: 'Muebles' },
      item: { name: 'Puerta de mueble', category: 'terminaciones' },
      detail: { name: 'Puerta descuadrada' },
    });
    const start = unit.deliveryDate!;
    expect(fa.guarantee).toEqual({
      category: 'terminaciones',
      years: 3,
      start_date: start,
      end_date: `${Number(start.slice(0, 4)) + 3}${start.slice(4)}`,
      in_force: true,
    });
    expect((await failureOf(t.id, b)).guarantee).toMatchObject({
      category: 'estructura',
      years: 10,
      start_date: start,
    });
  });

  it('guarantee counts from the municipal reception date when the unit has no delivery date, and follows the company terms', async () => {
    const [link] = await ctx.db
      .select({ unitId: unitOwners.unitId, ownerId: unitOwners.ownerId })
      .from(unitOwners)
      .innerJoin(units, eq(units.id, unitOwners.unitId))
      .where(and(eq(units.projectId, ctx.seed.projectIds[1]), isNull(units.deliveryDate)))
      .limit(1);
    await ctx.db
      .update(warrantyTerms)
      .set({ years: 4 })
      .where(and(eq(warrantyTerms.companyId, ctx.seed.companyId), eq(warrantyTerms.category, 'terminaciones')));
    try {
      const t = await newTicket(ctx, admin, ids, {
        unit_id: link.unitId,
        applicant_owner_id: link.ownerId,
        responsible_id: ids.supervisor,
      });
      const unitTree = (await ctx.request('GET', `postventa/catalogo/unidad/${link.unitId}`, { cookie: admin })).json
        .data;
      const typeId = unitTree.areas[0].places[0].items[0].failures[0].id;
      const res = await ctx.request('POST', `postventa/solicitudes/${t.id}/fallas`, {
        cookie: admin,
        body: { failure_type_id: typeId },
      });
      const f = (await ctx.request('GET', `postventa/solicitudes/${t.id}/fallas`, { cookie: admin })).json.data.find(
        (x: any) => x.id === res.json.data.id,
      );
      expect(f.guarantee).toMatchObject({ start_date: '2025-09-02', years: 4, end_date: '2029-09-02' });
    } finally {
      await ctx.db
        .update(warrantyTerms)
        .set({ years: 3 })
        .where(and(eq(warrantyTerms.companyId, ctx.seed.companyId), eq(warrantyTerms.category, 'terminaciones')));
    }
  });

  it('a failure type of another unit type is a 422 on failure_type_id (es and pt-BR)', async () => {
    const t = await newTicket(ctx, agent, ids);
    const [other] = await ctx.db
      .select({ typeId: units.unitTypeId })
      .from(units)
      .where(and(eq(units.projectId, ids.projectId)))
      .limit(50)
      .then((rows) => rows.filter((r) => r.typeId !== tree.unit_type.id));
    const otherTree = (await ctx.request('GET', `postventa/catalogo/tipos/${other.typeId}`, { cookie: agent })).json
      .data;
    const res = await ctx.request('POST', `postventa/solicitudes/${t.id}/fallas`, {
      cookie: agent,
      body: { failure_type_id: otherTree.areas[0].places[0].items[0].failures[0].id },
    });
    expect(res.status).toBe(422);
    expect(res.json.fields.failure_type_id).toBe('La falla no pertenece al catálogo del tipo de unidad');
    const pt = await ctx.request('POST', `postventa/solicitudes/${t.id}/fallas`, {
      cookie: agent,
      body: {},
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(pt.json.fields.failure_type_id).toBe('Este campo é obrigatório');
  });
});

describe('failure outcomes and actions (docs/product.md §4 Failure outcomes)', () => {
  it('solve creates the AC; reopen while the AC has no reply deletes it; after a reply reopen is refused and re-enter opens a new batch', async () => {
    const t = await newTicket(ctx, agent, ids, { state: 'en_proceso' });
    const f = await addFailure(
      t.id,
      detail('Baño principal', 'Revestimientos', 'Cerámica de muro', 'Cerámica suelta').id,
    );
    const solved = await act(t.id, f, 'resultado', { outcome: 'solucionada' });
    expect(solved.json.data).toMatchObject({ state: 'solucionada' });
    const acId = solved.json.data.ac_id;
    expect(acId).toBeGreaterThan(0);
    const reopened = await act(t.id, f, 'reabrir');
    expect(reopened.json.data).toMatchObject({ state: 'pendiente', ac_id: null });
    expect(await ctx.db.select().from(acs).where(eq(acs.id, acId))).toHaveLength(0);

    const again = await act(t.id, f, 'resultado', { outcome: 'solucionada' });
    const ac2 = again.json.data.ac_id;
    const reply = await ctx.request('POST', `postventa/solicitudes/${t.id}/ac/${ac2}/responder`, {
      cookie: agent,
      body: { result: 'conforme' },
    });
    expect(reply.json.data.state).toBe('conforme');
    const refused = await act(t.id, f, 'reabrir');
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ state: 'solucionada', event: 'failure.reopen' });
    const reentered = await act(t.id, f, 'reingresar');
    expect(reentered.json.data.state).toBe('pendiente');
    const view = await failureOf(t.id, f);
    expect(view).toMatchObject({ reentered_count: 1, batch: 2, ac: null });
  });

  it('close as not applicable, mark to owner once (owner notified only with a verified e-mail), and edits only while pending', async () => {
    const t = await newTicket(ctx, agent, ids);
    const a = await addFailure(t.id, detail('Cocina', 'Instalación eléctrica', 'Enchufe', 'Enchufe sin energía').id);
    const b = await addFailure(t.id, detail('Cocina', 'Instalación eléctrica', 'Enchufe', 'Tapa de enchufe suelta').id);
    const marked = await act(t.id, a, 'marcar-propietario');
    expect(marked.json.data.marked_to_owner_at).not.toBeNull();
    const event = (await ctx.db.select().from(outbox).where(eq(outbox.type, 'failure.changed')))
      .filter((e) => (e.payload as any).data.failureId === a)
      .at(-1)!;
    expect((event.payload as any).data.ownerNotifiable).toBe(true);
    expect((event.payload as any).notify.length).toBeGreaterThan(0);
    expect((await act(t.id, a, 'marcar-propietario')).status).toBe(409);
    expect((await act(t.id, b, 'no-aplica')).json.data.state).toBe('no_aplica');
    const edit = await ctx.request('PATCH', `postventa/solicitudes/${t.id}/fallas/${b}`, {
      cookie: agent,
      body: { description: 'x' },
    });
    expect(edit.status).toBe(409);
    const editA = await ctx.request('PATCH', `postventa/solicitudes/${t.id}/fallas/${a}`, {
      cookie: agent,
      body: { severity: 'grave', description: 'Sin energía en todo el circuito' },
    });
    expect(editA.status).toBe(200);
    expect((await failureOf(t.id, a)).severity).toBe('grave');
    expect((await ctx.request('DELETE', `postventa/solicitudes/${t.id}/fallas/${a}`, { cookie: agent })).status).toBe(
      200,
    );
    expect((await ctx.request('DELETE', `postventa/solicitudes/${t.id}/fallas/${b}`, { cookie: agent })).status).toBe(
      409,
    );
  });

  it('docs/product.md §4 closing a ticket removes its pending failures and keeps the judged ones', async () => {
    const t = await newTicket(ctx, agent, ids);
    const pending = await addFailure(t.id, detail('Terraza', 'Desagüe', 'Gárgola', 'Gárgola obstruida').id);
    const judged = await addFailure(
      t.id,
      detail('Terraza', 'Baranda', 'Baranda de vidrio', 'Vidrio de baranda suelto').id,
    );
    await act(t.id, judged, 'resultado', { outcome: 'cumple' });
    const closed = await ctx.request('POST', `postventa/solicitudes/${t.id}/cerrar`, {
      cookie: admin,
      body: { justification: 'Atendida en visita' },
    });
    expect(closed.json.data.state).toBe('finalizada');
    const rows = await ctx.db.select().from(failures).where(eq(failures.ticketId, t.id));
    expect(rows.map((r) => r.id)).toEqual([judged]);
    expect(pending).toBeGreaterThan(0);
    const add = await ctx.request('POST', `postventa/solicitudes/${t.id}/fallas`, {
      cookie: agent,
      body: { failure_type_id: detail('Terraza', 'Desagüe', 'Gárgola', 'Gárgola obstruida').id },
    });
    expect(add.status).toBe(409);
  });

  it('docs/product.md §4 merge: same unit only; messages, failures and orders move to the survivor, the merged one ends fusionada', async () => {
    const survivor = await newTicket(ctx, agent, ids);
    const merged = await newTicket(ctx, agent, ids, { subject: 'Misma filtración, segundo aviso' });
    const f = await addFailure(
      merged.id,
      detail('Baño principal', 'Artefactos sanitarios', 'Inodoro', 'Filtración en la base').id,
    );
    const options = await ctx.request('GET', `postventa/solicitudes/${survivor.id}/fusionables`, { cookie: agent });
    expect(options.json.data.map((o: any) => o.id)).toContain(merged.id);
    const res = await ctx.request('POST', `postventa/solicitudes/${survivor.id}/fusionar`, {
      cookie: admin,
      body: { ticket_ids: [merged.id] },
    });
    expect(res.status).toBe(200);
    const gone = await ctx.request('GET', `postventa/solicitudes/${merged.id}`, { cookie: admin });
    expect(gone.json.data).toMatchObject({ state: 'fusionada', merged_into_id: survivor.id });
    const list = (await ctx.request('GET', `postventa/solicitudes/${survivor.id}/fallas`, { cookie: admin })).json.data;
    expect(list.map((x: any) => x.id)).toContain(f);
    const timeline = (await ctx.request('GET', `postventa/solicitudes/${survivor.id}/actividad`, { cookie: admin }))
      .json.data;
    expect(timeline.some((e: any) => e.text.includes('humedad') && e.source === 'message')).toBe(true);
    const [otherUnit] = await ctx.db
      .select({ unitId: unitOwners.unitId, ownerId: unitOwners.ownerId })
      .from(unitOwners)
      .innerJoin(units, eq(units.id, unitOwners.unitId))
      .where(eq(units.projectId, ids.projectId))
      .offset(5)
      .limit(1);
    const elsewhere = await newTicket(ctx, admin, ids, {
      unit_id: otherUnit.unitId,
      applicant_owner_id: otherUnit.ownerId,
    });
    const wrong = await ctx.request('POST', `postventa/solicitudes/${survivor.id}/fusionar`, {
      cookie: admin,
      body: { ticket_ids: [elsewhere.id] },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.fields.ticket_ids).toBe('Solo se pueden fusionar solicitudes de la misma unidad');
    const again = await ctx.request('POST', `postventa/solicitudes/${survivor.id}/fusionar`, {
      cookie: admin,
      body: { ticket_ids: [merged.id] },
    });
    expect(again.status).toBe(409);
  });

  it('docs/product.md §5/§9 bulk actions on at most 50 tickets; refused ones come back as warnings', async () => {
    const a = await newTicket(ctx, agent, ids);
    const b = await newTicket(ctx, agent, ids);
    await ctx.request('POST', `postventa/solicitudes/${b.id}/postergar`, { cookie: agent });
    const res = await ctx.request('POST', 'postventa/solicitudes/bulk', {
      cookie: agent,
      body: { ids: [a.id, b.id], action: 'postpone' },
    });
    expect(res.json.data.done).toEqual([a.id]);
    expect(res.json.warnings).toHaveLength(1);
    expect(res.json.warnings[0]).toContain(b.code);
    const tooMany = await ctx.request('POST', 'postventa/solicitudes/bulk', {
      cookie: agent,
      body: { ids: Array.from({ length: 51 }, (_, i) => i + 1), action: 'postpone' },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.fields.ids).toBe('Se permiten como máximo 50 elementos');
    const noClose = await ctx.request('POST', 'postventa/solicitudes/bulk', {
      cookie: agent,
      body: { ids: [a.id], action: 'close', justification: 'x' },
    });
    expect(noClose.status).toBe(403);
  });
});
