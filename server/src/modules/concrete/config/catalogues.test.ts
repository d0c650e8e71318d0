import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONCRETE_CATALOGUE_MAX, CONCRETE_CONFIG_CHANGED_EVENT, DEFAULT_CONCRETE_ELEMENTS } from '#domain/concrete';
import {
  concreteCompanySchema,
  concreteElementSchema,
  concreteTypeSchema,
  laboratorySchema,
} from '#domain/concrete-responses';
import { concreteElements, concreteLaboratories, outbox } from '../../../db/schema/index.ts';
import { createTestContext, staffWith, type TestContext } from '../../../test-support.ts';
import { lastEvent } from '../test/fixtures.ts';

/** docs/api.md Concrete: the config/hormigon catalogues through the real routes. */
let ctx: TestContext;
let admin: string;
let viewer: string;
let revisor: string;
let foreign: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, revisor, foreign] = await Promise.all([ctx.login('admin'), ctx.login('revisor'), ctx.login('otra')]);
  viewer = await staffWith(ctx, 'miradora', ['modulo_hormigon', 'todos_los_proyectos']);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const PT = { 'Accept-Language': 'pt-BR' };
const send = (method: string, path: string, body?: unknown, cookie = admin, headers?: Record<string, string>) =>
  ctx.request(method, `hormigon/${path}`, { cookie, body, headers });

async function created<T>(path: string, body: unknown, parse: (v: unknown) => T, cookie = admin): Promise<T> {
  const res = await send('POST', path, body, cookie);
  expect(res.status, res.text).toBe(201);
  return parse(res.json.data);
}

describe('the demo seed', () => {
  it('answers the default elements, two laboratories, three companies and five types', async () => {
    const elements = (await send('GET', 'elementos', undefined, viewer)).json.data.map(concreteElementSchema.parse);
    expect(elements.map((e: { name: string }) => e.name)).toEqual([...DEFAULT_CONCRETE_ELEMENTS]);
    expect(elements.map((e: { position: number }) => e.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const labs = (await send('GET', 'laboratorios', undefined, viewer)).json.data.map(laboratorySchema.parse);
    expect(labs).toHaveLength(2);
    const companies = (await send('GET', 'empresas', undefined, viewer)).json.data.map(concreteCompanySchema.parse);
    expect(companies.map((c: { homologated: boolean }) => c.homologated).sort()).toEqual([false, true, true]);
    const types = (await send('GET', 'tipos', undefined, viewer)).json.data.map(concreteTypeSchema.parse);
    // By grade strength: the inactive G20 sits between the lean G17 and the G25.
    expect(types.map((t: { designation: string }) => t.designation)).toEqual([
      'G17 (90) 20 10',
      'G20 (90) 40 8',
      'G25 (90) 20 10',
      'G30 (90) 20 12',
      'G35 (95) 20 12',
    ]);
    expect(types[0]).toMatchObject({ grade: 'G17', strength_mpa: 17, structural: false, active: true });
    expect(types[1].active).toBe(false);
  });
});

describe('elements', () => {
  it('adds last, keeps names unique in any case, renames and disables', async () => {
    const pile = await created('elementos', { name: 'Pilote' }, concreteElementSchema.parse);
    expect(pile).toMatchObject({ name: 'Pilote', active: true, position: DEFAULT_CONCRETE_ELEMENTS.length });
    const dup = await send('POST', 'elementos', { name: 'PILOTE' });
    expect(dup.status).toBe(422);
    expect(dup.json.fields).toEqual({ name: 'Ya existe un registro con ese nombre' });
    const ptDup = await send('POST', 'elementos', { name: 'losa' }, admin, PT);
    expect(ptDup.json.fields).toEqual({ name: 'Já existe um registro com esse nome' });
    const blank = await send('POST', 'elementos', { name: '  ' });
    expect(blank.json.fields).toEqual({ name: 'Este campo es obligatorio' });
    expect((await send('POST', 'elementos', { name: 'x'.repeat(81) }, admin, PT)).json.fields).toEqual({
      name: 'Deve ter no máximo 80 caracteres',
    });

    expect((await send('PATCH', `elementos/${pile.id}`, { name: 'muro' })).status).toBe(422);
    const sameName = await send('PATCH', `elementos/${pile.id}`, { name: 'PILOTE' });
    expect(concreteElementSchema.parse(sameName.json.data).name).toBe('PILOTE');
    const disabled = await send('PATCH', `elementos/${pile.id}`, { active: false });
    expect(disabled.json.data).toEqual({ ...pile, name: 'PILOTE', active: false });
    // Disabled, never deleted: still listed, and its name still taken.
    const list = (await send('GET', 'elementos')).json.data;
    expect(list.at(-1)).toEqual({ ...pile, name: 'PILOTE', active: false });
    expect((await send('POST', 'elementos', { name: 'pilote' })).status).toBe(422);
    expect((await send('PATCH', `elementos/${pile.id}`, { active: 'no' })).json.fields).toEqual({
      active: 'Valor inválido',
    });
  });

  it('announces each write to the company room', async () => {
    const beam = await created('elementos', { name: 'Cadena' }, concreteElementSchema.parse);
    const event = await lastEvent(ctx);
    expect(event).toMatchObject({
      type: CONCRETE_CONFIG_CHANGED_EVENT,
      companyId: ctx.seed.companyId,
      projectId: null,
      topic: `qa/${ctx.seed.companyId}/company`,
    });
    expect((event.payload as { data: unknown }).data).toEqual({ catalogue: 'elements', id: beam.id });
    // A PATCH sending nothing writes nothing.
    expect((await send('PATCH', `elementos/${beam.id}`, {})).json.data).toEqual(beam);
    expect((await lastEvent(ctx)).id).toBe(event.id);
  });

  it('adds the defaults the company lacks once, in any case', async () => {
    // The other company starts with none; one of its own named like a default in another case is kept.
    await created('elementos', { name: 'LOSA' }, concreteElementSchema.parse, foreign);
    const first = await send('POST', 'elementos/predeterminados', undefined, foreign);
    expect(first.status).toBe(200);
    const names = first.json.data.map((e: unknown) => concreteElementSchema.parse(e).name);
    expect(names).toEqual(['LOSA', ...DEFAULT_CONCRETE_ELEMENTS.filter((n) => n !== 'Losa')]);
    const events = await ctx.db.select().from(outbox).where(eq(outbox.type, CONCRETE_CONFIG_CHANGED_EVENT));
    const second = await send('POST', 'elementos/predeterminados', undefined, foreign);
    expect(second.json.data).toEqual(first.json.data);
    const after = await ctx.db.select().from(outbox).where(eq(outbox.type, CONCRETE_CONFIG_CHANGED_EVENT));
    expect(after).toHaveLength(events.length);
    // The demo company holds them all already: nothing added there either.
    const demo = await send('POST', 'elementos/predeterminados');
    expect(demo.json.data.filter((e: { name: string }) => e.name === 'Losa')).toHaveLength(1);
  });
});

describe('laboratories', () => {
  it('creates with a normalized RUT, refuses a bad one per field, updates and clears', async () => {
    const lab = await created(
      'laboratorios',
      { name: 'Laboratorio Norte', rut: '12.345.678-5', email: 'Muestras@LabNorte.cl', phone: '+56 2 2111 2222' },
      laboratorySchema.parse,
    );
    expect(lab).toMatchObject({ rut: '12345678-5', email: 'muestras@labnorte.cl', active: true });
    const bad = await send('POST', 'laboratorios', { name: 'Otro', rut: '12.345.678-9', email: 'no' });
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toEqual({ rut: 'RUT inválido', email: 'Ingrese un correo electrónico válido' });
    const ptBad = await send('POST', 'laboratorios', { rut: '1-1', email: 'no' }, admin, PT);
    expect(ptBad.json.fields).toEqual({
      name: 'Este campo é obrigatório',
      rut: 'RUT inválido',
      email: 'Informe um e-mail válido',
    });
    expect((await send('POST', 'laboratorios', { name: 'laboratorio norte' })).json.fields).toEqual({
      name: 'Ya existe un registro con ese nombre',
    });
    const patched = await send('PATCH', `laboratorios/${lab.id}`, { phone: null, email: '', active: false });
    expect(laboratorySchema.parse(patched.json.data)).toEqual({ ...lab, phone: null, email: null, active: false });
  });

  it('holds at most CONCRETE_CATALOGUE_MAX entries', async () => {
    const { otherCompanyId } = ctx.seed;
    const held = await ctx.db.$count(concreteLaboratories, eq(concreteLaboratories.companyId, otherCompanyId));
    await ctx.db.insert(concreteLaboratories).values(
      Array.from({ length: CONCRETE_CATALOGUE_MAX - held }, (_, i) => ({
        companyId: otherCompanyId,
        name: `Laboratorio ${i + 1}`,
      })),
    );
    const full = await send('POST', 'laboratorios', { name: 'Uno más' }, foreign);
    expect(full.status).toBe(422);
    expect(full.json.fields).toEqual({ name: 'Se permiten como máximo 500 registros en este listado' });
    const ptFull = await send('POST', 'laboratorios', { name: 'Uno más' }, foreign, PT);
    expect(ptFull.json.fields).toEqual({ name: 'São permitidos no máximo 500 registros nesta lista' });
    // Another catalogue of the same company is not full.
    expect((await send('POST', 'empresas', { name: 'Uno más', homologated: false }, foreign)).status).toBe(201);
  });
});

describe('concrete companies', () => {
  it('creates, homologates, keeps names unique and disables', async () => {
    const supplier = await created(
      'empresas',
      { name: 'Hormigones Biobío', rut: '', homologated: false },
      concreteCompanySchema.parse,
    );
    expect(supplier).toMatchObject({ rut: null, homologated: false, active: true });
    expect((await send('POST', 'empresas', { name: 'x' })).json.fields).toEqual({ homologated: 'Valor inválido' });
    expect((await send('POST', 'empresas', { name: 'PREMIX CORDILLERA', homologated: true })).status).toBe(422);
    const homologated = await send('PATCH', `empresas/${supplier.id}`, { homologated: true, rut: '76555120-k' });
    expect(homologated.json.data).toEqual({ ...supplier, homologated: true, rut: '76555120-K' });
    const off = await send('PATCH', `empresas/${supplier.id}`, { active: false });
    expect(off.json.data.active).toBe(false);
    expect((await lastEvent(ctx)).payload).toMatchObject({
      action: 'disabled',
      data: { catalogue: 'companies', id: supplier.id },
    });
  });
});

describe('concrete types', () => {
  const g40 = { grade: 'G40', confidence: 90, aggregate_mm: 20, slump_cm: '12,5', structural: true };

  it('creates with a decimal comma, keeps designations unique, and orders by strength', async () => {
    const type = await created('tipos', { ...g40, description: 'Columnas' }, concreteTypeSchema.parse);
    expect(type).toMatchObject({
      grade: 'G40',
      strength_mpa: 40,
      slump_cm: 12.5,
      designation: 'G40 (90) 20 12,5',
      description: 'Columnas',
    });
    const dup = await send('POST', 'tipos', { ...g40, slump_cm: 12.5, description: 'Otra' });
    expect(dup.status).toBe(422);
    expect(dup.json.fields).toEqual({ grade: 'Ya existe un tipo de hormigón con esa designación' });
    const ptDup = await send('POST', 'tipos', g40, admin, PT);
    expect(ptDup.json.fields).toEqual({ grade: 'Já existe um tipo de concreto com essa designação' });
    const bad = await send('POST', 'tipos', { grade: 'G99', confidence: 85, aggregate_mm: 19, slump_cm: '30' });
    expect(bad.json.fields).toEqual({
      grade: 'Valor inválido',
      confidence: 'Valor inválido',
      aggregate_mm: 'Valor inválido',
      slump_cm: 'El valor máximo es 25',
      structural: 'Valor inválido',
    });
    expect((await send('POST', 'tipos', { ...g40, slump_cm: '10,25' })).json.fields).toEqual({
      slump_cm: 'Se permite como máximo un decimal',
    });

    const lean = await created(
      'tipos',
      { grade: 'G10', confidence: 80, aggregate_mm: 40, slump_cm: 8, structural: false },
      concreteTypeSchema.parse,
    );
    const list = (await send('GET', 'tipos')).json.data.map((t: unknown) => concreteTypeSchema.parse(t));
    const strengths = list.map((t: { strength_mpa: number }) => t.strength_mpa);
    expect(strengths).toEqual([...strengths].sort((a, b) => a - b));
    expect(list[0].id).toBe(lean.id);
    expect(list.at(-1).id).toBe(type.id);
  });

  it('checks a PATCH of the designation against the others, and disables', async () => {
    const list = (await send('GET', 'tipos')).json.data;
    const g25 = list.find((t: { designation: string }) => t.designation === 'G25 (90) 20 10');
    const clash = await send('PATCH', `tipos/${g25.id}`, { grade: 'G17' });
    expect(clash.status).toBe(422);
    expect(clash.json.fields).toEqual({ grade: 'Ya existe un tipo de hormigón con esa designación' });
    const moved = await send('PATCH', `tipos/${g25.id}`, { slump_cm: '14', description: null });
    expect(moved.json.data).toMatchObject({ designation: 'G25 (90) 20 14', description: null });
    const off = await send('PATCH', `tipos/${g25.id}`, { active: false });
    expect(concreteTypeSchema.parse(off.json.data).active).toBe(false);
  });
});

describe('permissions', () => {
  it('reads with the module, writes with hormigon_editar', async () => {
    const [element] = (await send('GET', 'elementos')).json.data;
    for (const path of ['elementos', 'laboratorios', 'empresas', 'tipos', 'configuracion']) {
      expect((await send('GET', path, undefined, viewer)).status).toBe(200);
      // The demo 'Revisor de calidad' has neither modulo_hormigon nor hormigon_editar.
      expect((await send('GET', path, undefined, revisor)).status).toBe(403);
    }
    const writes: [string, string, unknown][] = [
      ['POST', 'elementos', { name: 'Sin permiso' }],
      ['POST', 'elementos/predeterminados', undefined],
      ['PATCH', `elementos/${element.id}`, { name: 'Sin permiso' }],
      ['POST', 'laboratorios', { name: 'Sin permiso' }],
      ['POST', 'empresas', { name: 'Sin permiso', homologated: true }],
      ['POST', 'tipos', { grade: 'G45', confidence: 90, aggregate_mm: 20, slump_cm: 10, structural: true }],
    ];
    for (const [method, path, body] of writes) {
      const res = await send(method, path, body, viewer);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.message).toBe('Sin permisos para realizar esta acción');
      expect((await send(method, path, body, revisor)).status).toBe(403);
    }
    expect((await send('GET', 'elementos', undefined, '')).status).toBe(401);
  });
});

describe('isolation', () => {
  it("never shows nor changes another company's entries: their ids are a 404 before the body is read", async () => {
    const [element] = await ctx.db
      .select()
      .from(concreteElements)
      .where(eq(concreteElements.companyId, ctx.seed.companyId))
      .limit(1);
    const ids = async (path: string, cookie: string) =>
      (await send('GET', path, undefined, cookie)).json.data.map((e: { id: number }) => e.id) as number[];
    for (const path of ['elementos', 'laboratorios', 'empresas', 'tipos']) {
      const demo = await ids(path, admin);
      const theirs = new Set(await ids(path, foreign));
      expect(demo.filter((id) => theirs.has(id))).toEqual([]);
      // A valid body and a broken one answer the same 404.
      expect((await send('PATCH', `${path}/${demo[0]}`, { active: false }, foreign)).status).toBe(404);
      expect((await send('PATCH', `${path}/${demo[0]}`, { name: '', active: 'x' }, foreign)).status).toBe(404);
    }
    expect((await send('PATCH', 'elementos/99999999999', { active: false })).status).toBe(404);
    expect((await send('PATCH', 'elementos/abc', { active: false })).status).toBe(404);
    const [still] = await ctx.db.select().from(concreteElements).where(eq(concreteElements.id, element.id));
    expect(still).toEqual(element);
  });
});
