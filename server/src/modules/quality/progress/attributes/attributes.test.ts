import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { attributeSchema } from '#domain/quality-responses';
import { createTestContext, type TestContext } from '../../../../test-support.ts';
import { outbox, qualityActivities, qualityActivityValues, qualityAttributes } from '../../../../db/schema/index.ts';

/** docs/api.md Quality: calidad/atributos through the real routes (permissions, uniqueness, bulk, isolation). */
let ctx: TestContext;
let admin: string;
let reader: string;
let outsider: string;
let foreign: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, reader, outsider, foreign] = await Promise.all([
    ctx.login('admin'),
    ctx.login('revisor'),
    ctx.login('agente'),
    ctx.login('otra'),
  ]);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const send = (method: string, path: string, body?: unknown, cookie = admin, headers?: Record<string, string>) =>
  ctx.request(method, `calidad/atributos${path}`, { cookie, body, headers });

async function newAttribute(name: string) {
  const res = await send('POST', '', { name });
  expect(res.status).toBe(201);
  return attributeSchema.parse(res.json.data);
}

/** An activity of the first demo project holding `valueId` of `attributeId`. */
async function activityWith(attributeId: number, valueId: number) {
  const [activity] = await ctx.db
    .insert(qualityActivities)
    .values({ companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[0], description: 'Hormigonado losa' })
    .returning();
  await ctx.db.insert(qualityActivityValues).values({ activityId: activity.id, attributeId, valueId });
  return activity;
}

describe('attributes', () => {
  it('creates in position order, renames, and keeps names unique in any case', async () => {
    const tower = await newAttribute('Edificio');
    const floor = await newAttribute('Planta');
    expect(floor.position).toBe(tower.position + 1);
    expect(tower.values).toEqual([]);
    const dup = await send('POST', '', { name: 'EDIFICIO' });
    expect(dup.status).toBe(422);
    expect(dup.json.fields).toEqual({ name: 'Ya existe un atributo con ese nombre' });
    const rename = await send('PATCH', `/${floor.id}`, { name: 'edificio' });
    expect(rename.status).toBe(422);
    const renamed = await send('PATCH', `/${floor.id}`, { name: 'Nivel' });
    expect(renamed.status).toBe(200);
    expect(attributeSchema.parse(renamed.json.data).name).toBe('Nivel');
    const sameName = await send('PATCH', `/${tower.id}`, { name: 'EDIFICIO' });
    expect(sameName.status).toBe(200);
    const list = await send('GET', '', undefined, reader);
    expect(list.status).toBe(200);
    const names = list.json.data.map((a: unknown) => attributeSchema.parse(a).name);
    expect(names.indexOf('EDIFICIO')).toBeLessThan(names.indexOf('Nivel'));
    expect(names).toEqual(expect.arrayContaining(['Torre', 'Piso', 'Partida']));
    const blank = await send('POST', '', { name: '  ' });
    expect(blank.status).toBe(422);
    expect(blank.json.fields.name).toBe('Este campo es obligatorio');
  });

  it('adds values unique within the attribute, and counts the activities holding each', async () => {
    const zone = await newAttribute('Zona');
    const other = await newAttribute('Otra zona');
    const first = await send('POST', `/${zone.id}/valores`, { name: 'Norte' });
    expect(first.status).toBe(201);
    const norte = attributeSchema.parse(first.json.data).values[0];
    const dup = await send('POST', `/${zone.id}/valores`, { name: 'norte ' });
    expect(dup.status).toBe(422);
    expect(dup.json.fields).toEqual({ name: 'Ya existe un valor con ese nombre en el atributo' });
    const ptDup = await send('POST', `/${zone.id}/valores`, { name: 'NORTE' }, admin, { 'Accept-Language': 'pt-BR' });
    expect(ptDup.json.fields).toEqual({ name: 'Já existe um valor com esse nome no atributo' });
    expect((await send('POST', `/${other.id}/valores`, { name: 'Norte' })).status).toBe(201);
    const empty = await send('POST', `/${zone.id}/valores`, { name: '' });
    expect(empty.json.fields.name).toBe('Este campo es obligatorio');

    await activityWith(zone.id, norte.id);
    await activityWith(zone.id, norte.id);
    const row = (await send('GET', '')).json.data.find((a: { id: number }) => a.id === zone.id);
    expect(row.values).toEqual([{ id: norte.id, name: 'Norte', activity_count: 2 }]);

    const sur = attributeSchema.parse((await send('POST', `/${zone.id}/valores`, { name: 'Sur' })).json.data).values[1];
    expect((await send('PATCH', `/${zone.id}/valores/${sur.id}`, { name: 'NORTE' })).status).toBe(422);
    const renamed = await send('PATCH', `/${zone.id}/valores/${sur.id}`, { name: 'Sur poniente' });
    expect(attributeSchema.parse(renamed.json.data).values.map((v) => v.name)).toEqual(['Norte', 'Sur poniente']);
    expect((await send('PATCH', `/${zone.id}/valores/${norte.id}`, { name: 'norte' })).status).toBe(200);
  });

  it('deleting a value takes it off its activities and says how many', async () => {
    const trade = await newAttribute('Especialidad');
    const values = attributeSchema.parse(
      (await send('POST', `/${trade.id}/valores/masivo`, { names: 'Obra gruesa\nTerminaciones' })).json.data,
    ).values;
    const activity = await activityWith(trade.id, values[0].id);
    const res = await send('DELETE', `/${trade.id}/valores/${values[0].id}`);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ id: values[0].id, activity_count: 1 });
    // One live event for the project, with the activity as it is now (progress/shared/events.ts).
    const [event] = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(event).toMatchObject({ type: 'quality.activities.changed', projectId: ctx.seed.projectIds[0] });
    const data = (event.payload as { data: { rows: { id: number; values: Record<string, number> }[] } }).data;
    expect(data.rows.map((r) => [r.id, r.values])).toEqual([[activity.id, {}]]);
    const left = await ctx.db
      .select()
      .from(qualityActivityValues)
      .where(eq(qualityActivityValues.activityId, activity.id));
    expect(left).toEqual([]);
    expect((await send('DELETE', `/${trade.id}/valores/${values[0].id}`)).status).toBe(404);

    await activityWith(trade.id, values[1].id);
    const gone = await send('DELETE', `/${trade.id}`);
    expect(gone.json.data).toEqual({ id: trade.id, activity_count: 1 });
    expect(await ctx.db.select().from(qualityAttributes).where(eq(qualityAttributes.id, trade.id))).toEqual([]);
  });
});

describe('values one per line', () => {
  it('skips blank lines and creates them in order', async () => {
    const attr = await newAttribute('Recinto');
    const res = await send('POST', `/${attr.id}/valores/masivo`, { names: 'Baño\n\n  Cocina  \r\nLiving\n' });
    expect(res.status).toBe(201);
    expect(res.json.created).toBe(3);
    expect(attributeSchema.parse(res.json.data).values.map((v) => v.name)).toEqual(['Baño', 'Cocina', 'Living']);
  });

  it('answers every bad line and creates nothing', async () => {
    const attr = await newAttribute('Eje');
    await send('POST', `/${attr.id}/valores`, { name: 'A' });
    const long = 'x'.repeat(121);
    const res = await send('POST', `/${attr.id}/valores/masivo`, { names: `B\nb\na\n\nC  D\n${long}` });
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({
      'names.2': 'Línea 2: «b» ya está en la línea 1',
      'names.3': 'Línea 3: «a» ya existe en el atributo',
      'names.5': 'Línea 5: no se permiten dos o más espacios seguidos',
      'names.6': 'Línea 6: debe tener como máximo 120 caracteres',
    });
    const pt = await send('POST', `/${attr.id}/valores/masivo`, { names: 'B\nb' }, admin, {
      'Accept-Language': 'pt-BR',
    });
    expect(pt.json.fields).toEqual({ 'names.2': 'Linha 2: «b» já está na linha 1' });
    const row = (await send('GET', '')).json.data.find((a: { id: number }) => a.id === attr.id);
    expect(row.values.map((v: { name: string }) => v.name)).toEqual(['A']);
    const blank = await send('POST', `/${attr.id}/valores/masivo`, { names: '\n \n' });
    expect(blank.status).toBe(422);
    expect(blank.json.fields).toEqual({ names: 'Este campo es obligatorio' });
  });
});

describe('permissions and isolation', () => {
  it('reads with modulo_calidad, writes only with calidad_editar', async () => {
    const attr = await newAttribute('Sector');
    expect((await send('GET', '', undefined, outsider)).status).toBe(403);
    expect((await send('GET', '', undefined, reader)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '', { name: 'Nuevo' }],
      ['PATCH', `/${attr.id}`, { name: 'Otro' }],
      ['DELETE', `/${attr.id}`],
      ['POST', `/${attr.id}/valores`, { name: 'V' }],
      ['POST', `/${attr.id}/valores/masivo`, { names: 'V' }],
    ] as const)
      expect((await send(method, path, body, reader)).status, `${method} ${path}`).toBe(403);
  });

  it("answers 404 for another company's attributes and values, and lists only the caller's", async () => {
    const attr = await newAttribute('Propio');
    const value = attributeSchema.parse((await send('POST', `/${attr.id}/valores`, { name: 'Uno' })).json.data)
      .values[0];
    const theirs = await send('POST', '', { name: 'Propio' }, foreign);
    expect(theirs.status).toBe(201);
    expect((await send('GET', '', undefined, foreign)).json.data.map((a: { id: number }) => a.id)).toEqual([
      theirs.json.data.id,
    ]);
    expect((await send('PATCH', `/${attr.id}`, { name: 'Mío' }, foreign)).status).toBe(404);
    expect((await send('DELETE', `/${attr.id}`, undefined, foreign)).status).toBe(404);
    expect((await send('POST', `/${attr.id}/valores`, { name: 'Dos' }, foreign)).status).toBe(404);
    expect((await send('DELETE', `/${attr.id}/valores/${value.id}`, undefined, foreign)).status).toBe(404);
    expect((await send('PATCH', `/${theirs.json.data.id}/valores/${value.id}`, { name: 'X' }, foreign)).status).toBe(
      404,
    );
    expect((await send('PATCH', `/${attr.id}/valores/999999`, { name: 'X' })).status).toBe(404);
  });
});
