import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { failures, units } from '../../../db/schema/index.ts';
import { giveOwner, pdfBytes, unitsIn, upload, useTempStorage } from '../test/fixtures.ts';

let ctx: TestContext;
let cleanup: () => void;
let sup: string;
let admin: string;
let fresh: number[];

/** Records `count` revision failures on the unit and answers their result ids. */
async function revisionFailures(unitId: number, count: number) {
  const rev = await ctx.request('GET', `entregas/fichas/${unitId}/revision`, { cookie: sup });
  const items = rev.json.data.areas
    .flatMap((a: any) => a.places.flatMap((p: any) => p.items))
    .filter((i: any) => i.failures.length)
    .slice(0, count);
  const results = items.map((i: any, n: number) => ({
    item_id: i.id,
    outcome: 'falla',
    failure_type_id: i.failures[0].id,
    observation: `Mancha ${n + 1}`,
  }));
  const saved = await ctx.request('PUT', `entregas/fichas/${unitId}/revision`, { cookie: sup, body: { results } });
  expect(saved.status).toBe(200);
  return items.map(
    (i: any) =>
      saved.json.data.areas.flatMap((a: any) => a.places.flatMap((p: any) => p.items)).find((x: any) => x.id === i.id)
        .result.id as number,
  );
}

async function pdfText(bytes: ArrayBuffer) {
  // pdf.js transfers (detaches) the buffer it reads: give it a copy.
  const parser = new PDFParse({ data: new Uint8Array(bytes.slice(0)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

let planId: number;
let unitId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx);
  sup = await ctx.login('supervisor');
  admin = await ctx.login('admin');
  const projectId = ctx.seed.projectIds[1];
  fresh = (await unitsIn(ctx, projectId)).map((u) => u.id);
  unitId = fresh[0];
  const [unit] = await ctx.db.select().from(units).where(eq(units.id, unitId));
  const path = await upload(ctx, admin, await pdfBytes('Planta tipo B dibujada'), {
    extension: 'pdf',
    context: 'general',
    name: 'planta-b.pdf',
  });
  const added = await ctx.request('POST', `entregas/proyectos/${projectId}/configuracion/planos`, {
    cookie: admin,
    body: { unit_type_id: unit.unitTypeId, paths: [path] },
  });
  planId = added.json.data.find((t: any) => t.unit_type.id === unit.unitTypeId).plans[0].id;
}, 180_000); // seeding a fresh database is slow on a loaded 2-core machine
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

describe('delivery revision failures on the plan (docs/product.md#defects-on-plans)', () => {
  it('pins a revision failure, prints it on the act over the PDF plan, and passing to after-sales keeps the pin', async () => {
    const [first, second] = await revisionFailures(unitId, 2);
    const url = (id: number) => `entregas/fichas/${unitId}/revision/${id}/plano`;
    const board = await ctx.request('GET', `entregas/fichas/${unitId}/plano`, { cookie: sup });
    expect(board.status).toBe(200);
    expect(board.json.data.plans).toMatchObject([{ id: planId, name: 'planta-b.pdf', type: 'application/pdf' }]);
    // The unit's after-sales failures come first (pinned from their tickets), then the revision's own.
    const seeded = board.json.data.failures.filter((f: any) => f.kind === 'failure');
    expect(seeded.every((f: any) => !f.can_pin)).toBe(true);
    expect(board.json.data.failures.map((f: any) => f.number)).toEqual(
      board.json.data.failures.map((_: any, i: number) => i + 1),
    );
    expect(board.json.data.failures.slice(seeded.length).map((f: any) => [f.kind, f.id, f.state, f.can_pin])).toEqual([
      ['revision', first, 'revision', true],
      ['revision', second, 'revision', true],
    ]);

    const pinned = await ctx.request('PUT', url(first), {
      cookie: sup,
      body: { plan_id: planId, page: 1, x: 0.3, y: 0.7 },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.json.data.failures.find((f: any) => f.id === first && f.kind === 'revision').pin).toEqual({
      plan_id: planId,
      page: 1,
      x: 0.3,
      y: 0.7,
    });
    const bad = await ctx.request('PUT', url(second), { cookie: sup, body: { plan_id: planId, x: 2, y: 0.5 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.fields)).toEqual(['x']);
    expect(
      (await ctx.request('PUT', url(2_000_000_000), { cookie: sup, body: { plan_id: planId, x: 0.5, y: 0.5 } })).status,
    ).toBe(404);
    const outsider = await ctx.login('otra');
    expect(
      (await ctx.request('PUT', url(first), { cookie: outsider, body: { plan_id: planId, x: 0.5, y: 0.5 } })).status,
    ).toBe(404);

    const act = await ctx.app.request(`/api/v2/public/api/entregas/fichas/${unitId}/acta`, {
      headers: { cookie: sup },
    });
    expect(act.status).toBe(200);
    const text = await pdfText(await act.arrayBuffer());
    expect(text).toContain('Plano: planta-b.pdf (página 1)');
    // The plan page is embedded as it is: its own drawing's text reads back from the act.
    expect(text).toContain('Planta tipo B dibujada');
    expect(text).toContain('Mancha 1');

    await giveOwner(ctx, unitId);
    const people = await ctx.request('GET', `entregas/fichas/${unitId}/propietarios`, { cookie: sup });
    const delivered = await ctx.request('POST', `entregas/fichas/${unitId}/entregar`, {
      cookie: sup,
      body: { delivery_date: '2030-01-15', attendees: [{ owner_id: people.json.data[0].id, role: 'propietario' }] },
    });
    expect(delivered.json.data.state).toBe('entregada_obs');
    const passed = await ctx.request('POST', `entregas/fichas/${unitId}/pasar-a-postventa`, { cookie: sup, body: {} });
    expect(passed.status).toBe(201);
    const created = await ctx.db.select().from(failures).where(eq(failures.ticketId, passed.json.data.ticket.id));
    expect(created.map((f) => f.planPin).filter(Boolean)).toEqual([{ planId, page: 1, x: 0.3, y: 0.7 }]);
    expect(
      (await ctx.request('PUT', url(first), { cookie: sup, body: { plan_id: planId, x: 0.5, y: 0.5 } })).status,
    ).toBe(409);
    const after = await ctx.request('GET', `entregas/fichas/${unitId}/plano`, { cookie: sup });
    const passedRows = after.json.data.failures.filter((f: any) => f.ticket_id === passed.json.data.ticket.id);
    expect(passedRows.map((f: any) => [f.kind, f.can_pin, f.pin?.x ?? null])).toEqual([
      ['failure', false, 0.3],
      ['failure', false, null],
    ]);
    expect(after.json.data.failures.some((f: any) => f.kind === 'revision')).toBe(false);
  });
});
