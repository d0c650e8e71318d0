import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CM_ACTIVE_FIELDS_PER_CATEGORY_MAX, CM_TASK_DEPTH_MAX } from '#domain/cmanagement';
import { cmCategoryRowSchema, cmCustomFieldRowSchema, cmTaskTemplateRowSchema } from '#domain/cmanagement-responses';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { cmCategories, cmCustomFields, cmTickets } from '../../../db/schema/index.ts';
import { insertCmTicket, staffInProjects } from '../tasks/test-records.ts';

/** docs/api.md Cmanagement configuration: categories, custom fields and task templates through the real routes. */
let ctx: TestContext;
let admin: string;
let worker: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  worker = await staffInProjects(
    ctx,
    'cmtrabajo',
    ['cmanagement-access', 'cmanagement_gestionar'],
    [ctx.seed.projectIds[0]],
  );
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const send = (method: string, path: string, body?: unknown, cookie = admin) =>
  ctx.request(method, `cmanagement/${path}`, { cookie, body });
const fieldsOf = (res: { json: any }) => Object.keys(res.json.fields ?? {}).sort();

async function newCategory(name: string) {
  const res = await send('POST', 'categorias', { name });
  expect(res.status).toBe(201);
  return cmCategoryRowSchema.parse(res.json.data);
}
async function newField(categoryId: number, body: Record<string, unknown>) {
  return send('POST', `categorias/${categoryId}/campos`, body);
}
async function ticketAnswering(categoryId: number, values: Record<string, unknown>) {
  const ticket = await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[0] });
  await ctx.db
    .update(cmTickets)
    .set({ categoryId, customValues: values as never })
    .where(eq(cmTickets.id, ticket.id));
  return ticket;
}

describe('categories', () => {
  it('creates, lists with counts, renames and disables; names are unique in any case', async () => {
    const cat = await newCategory('Inspección de terminaciones');
    expect(cat).toMatchObject({ enabled: true, ticket_count: 0, active_field_count: 0 });
    const dup = await send('POST', 'categorias', { name: 'inspección DE terminaciones' });
    expect(dup.status).toBe(422);
    expect(fieldsOf(dup)).toEqual(['name']);
    expect(dup.json.fields.name).toMatch(/Ya existe una categoría/);
    const other = await newCategory('Postventa interna');
    const rename = await send('PATCH', `categorias/${other.id}`, { name: 'INSPECCIÓN de terminaciones' });
    expect(rename.status).toBe(422);
    const disabled = await send('PATCH', `categorias/${cat.id}`, { enabled: false });
    expect(disabled.status).toBe(200);
    expect(cmCategoryRowSchema.parse(disabled.json.data).enabled).toBe(false);
    const list = (await send('GET', 'categorias')).json.data.map((r: unknown) => cmCategoryRowSchema.parse(r));
    expect(list.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['Inspección de terminaciones', 'Postventa interna']),
    );
  });

  it('refuses deleting a category with tickets (disable it) and deletes an empty one', async () => {
    const cat = await newCategory('Con tickets');
    await ticketAnswering(cat.id, {});
    const refused = await send('DELETE', `categorias/${cat.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/deshabilítela/);
    const row = (await send('GET', 'categorias')).json.data.find((r: { id: number }) => r.id === cat.id);
    expect(row.ticket_count).toBe(1);
    const empty = await newCategory('Vacía');
    const deleted = await send('DELETE', `categorias/${empty.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.data).toEqual({ id: empty.id });
    expect(await ctx.db.$count(cmCategories, eq(cmCategories.id, empty.id))).toBe(0);
  });
});

describe('custom fields', () => {
  it('validates types and the options-list rules on the server', async () => {
    const cat = await newCategory('Validación');
    expect(fieldsOf(await newField(cat.id, { type: 'color', name: 'x' }))).toEqual(['type']);
    expect(fieldsOf(await newField(cat.id, { type: 'select', name: 'Sin opciones', options: [] }))).toEqual([
      'options',
    ]);
    const dupOptions = await newField(cat.id, {
      type: 'select',
      name: 'Repetidas',
      options: [{ name: 'Alta' }, { name: 'alta ' }],
    });
    expect(fieldsOf(dupOptions)).toEqual(['options.1.name']);
    expect(fieldsOf(await newField(cat.id, { type: 'number', name: 'N', options: [{ name: 'a' }] }))).toEqual([
      'options',
    ]);
    expect(fieldsOf(await newField(cat.id, { type: 'text', name: 'T', multiple: true }))).toEqual(['multiple']);
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ name: `Opción ${i}` }));
    expect(fieldsOf(await newField(cat.id, { type: 'select', name: 'Muchas', options: tooMany }))).toEqual(['options']);
    const foreignId = await newField(cat.id, { type: 'select', name: 'Ajena', options: [{ id: 'xyz', name: 'A' }] });
    expect(fieldsOf(foreignId)).toEqual(['options.0.id']);

    const ok = await newField(cat.id, {
      type: 'select',
      name: 'Gravedad',
      options: [{ name: 'Leve' }, { name: 'Grave' }],
    });
    expect(ok.status).toBe(201);
    const field = cmCustomFieldRowSchema.parse(ok.json.data);
    expect(field.options.map((o) => o.name)).toEqual(['Leve', 'Grave']);
    expect(new Set(field.options.map((o) => o.id)).size).toBe(2);
    const sameName = await newField(cat.id, { type: 'text', name: 'GRAVEDAD' });
    expect(fieldsOf(sameName)).toEqual(['name']);
  });

  it('keeps saved option ids, gives new ones, refuses removing an answered option and keeps the type', async () => {
    const cat = await newCategory('Opciones');
    const field = cmCustomFieldRowSchema.parse(
      (
        await newField(cat.id, {
          type: 'multi_select',
          name: 'Material',
          options: [{ name: 'Acero' }, { name: 'Madera' }],
        })
      ).json.data,
    );
    const [acero, madera] = field.options;
    await ticketAnswering(cat.id, { [field.id]: [acero.id] });

    const removeAnswered = await send('PATCH', `campos/${field.id}`, { options: [madera] });
    expect(removeAnswered.status).toBe(422);
    expect(removeAnswered.json.fields.options).toMatch(/Acero/);

    const edited = await send('PATCH', `campos/${field.id}`, {
      type: 'text',
      options: [{ ...acero, name: 'Acero A630', disabled: true }, { name: 'Hormigón' }],
    });
    expect(edited.status).toBe(200);
    const row = cmCustomFieldRowSchema.parse(edited.json.data);
    expect(row.type).toBe('multi_select');
    expect(row.options[0]).toEqual({ id: acero.id, name: 'Acero A630', disabled: true });
    expect(row.options[1].id).not.toBe(madera.id);
    expect(row.options.map((o) => o.name)).toEqual(['Acero A630', 'Hormigón']);

    const onlyDisabled = await send('PATCH', `campos/${field.id}`, { options: [{ ...acero, disabled: true }] });
    expect(fieldsOf(onlyDisabled)).toEqual(['options']);
  });

  it(`refuses an active field past ${CM_ACTIVE_FIELDS_PER_CATEGORY_MAX}, naming the limit, on create and on activate`, async () => {
    const cat = await newCategory('Límite');
    await ctx.db.insert(cmCustomFields).values(
      Array.from({ length: CM_ACTIVE_FIELDS_PER_CATEGORY_MAX }, (_, i) => ({
        companyId: ctx.seed.companyId,
        categoryId: cat.id,
        type: 'text' as const,
        name: `Campo ${i}`,
        position: i,
      })),
    );
    const refused = await newField(cat.id, { type: 'checkbox', name: 'Uno más' });
    expect(refused.status).toBe(422);
    expect(refused.json.fields.active).toContain(String(CM_ACTIVE_FIELDS_PER_CATEGORY_MAX));
    const inactive = await newField(cat.id, { type: 'checkbox', name: 'Uno más', active: false });
    expect(inactive.status).toBe(201);
    const activate = await send('PATCH', `campos/${inactive.json.data.id}`, { active: true });
    expect(fieldsOf(activate)).toEqual(['active']);
    const ptBr = await ctx.request('PATCH', `cmanagement/campos/${inactive.json.data.id}`, {
      cookie: admin,
      body: { active: true },
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(ptBr.json.fields.active).toMatch(/no máximo 20 campos ativos/);
    const row = (await send('GET', 'categorias')).json.data.find((r: { id: number }) => r.id === cat.id);
    expect(row.active_field_count).toBe(CM_ACTIVE_FIELDS_PER_CATEGORY_MAX);
  });

  it('orders fields, refuses deleting an answered one (deactivate it) and deletes an unanswered one', async () => {
    const cat = await newCategory('Orden');
    const a = (await newField(cat.id, { type: 'number', name: 'Metros' })).json.data;
    const b = (await newField(cat.id, { type: 'date', name: 'Fecha' })).json.data;
    const c = (await newField(cat.id, { type: 'user', name: 'Revisor', multiple: true })).json.data;
    const ordered = await send('PUT', `categorias/${cat.id}/campos/orden`, { ids: [c.id, a.id, b.id] });
    expect(ordered.status).toBe(200);
    expect(ordered.json.data.map((f: { id: number }) => f.id)).toEqual([c.id, a.id, b.id]);
    expect(fieldsOf(await send('PUT', `categorias/${cat.id}/campos/orden`, { ids: [c.id, a.id] }))).toEqual(['ids']);

    await ticketAnswering(cat.id, { [a.id]: 12 });
    const refused = await send('DELETE', `campos/${a.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/desactívelo/);
    expect((await send('PATCH', `campos/${a.id}`, { active: false })).json.data.active).toBe(false);
    expect((await send('DELETE', `campos/${b.id}`)).json.data).toEqual({ id: b.id });
    const list = (await send('GET', `categorias/${cat.id}/campos`)).json.data;
    expect(list.map((f: unknown) => cmCustomFieldRowSchema.parse(f).id)).toEqual([c.id, a.id]);
  });
});

describe('task templates', () => {
  it('nests within the category up to the depth limit and deletes a parent with its subtemplates', async () => {
    const cat = await newCategory('Plantillas');
    const other = await newCategory('Otra');
    const make = (categoryId: number, body: Record<string, unknown>) =>
      send('POST', `categorias/${categoryId}/plantillas`, { start_offset_days: 0, duration_days: 3, ...body });
    const root = cmTaskTemplateRowSchema.parse((await make(cat.id, { name: 'Inspección' })).json.data);
    const child = (await make(cat.id, { name: 'Fotos', parent_id: root.id })).json.data;
    const grandchild = (await make(cat.id, { name: 'Informe', parent_id: child.id })).json.data;
    expect(grandchild.parent_id).toBe(child.id);
    const tooDeep = await make(cat.id, { name: 'Más', parent_id: grandchild.id });
    expect(fieldsOf(tooDeep)).toEqual(['parent_id']);
    expect(tooDeep.json.fields.parent_id).toContain(String(CM_TASK_DEPTH_MAX));
    expect(fieldsOf(await make(other.id, { name: 'Cruzada', parent_id: root.id }))).toEqual(['parent_id']);
    expect(fieldsOf(await make(cat.id, { name: 'Sin duración', duration_days: 0 }))).toEqual(['duration_days']);
    const cycle = await send('PATCH', `plantillas/${root.id}`, { parent_id: grandchild.id });
    expect(fieldsOf(cycle)).toEqual(['parent_id']);
    const renamed = await send('PATCH', `plantillas/${child.id}`, { name: 'Fotos del sitio', duration_days: 2 });
    expect(cmTaskTemplateRowSchema.parse(renamed.json.data)).toMatchObject({
      name: 'Fotos del sitio',
      duration_days: 2,
    });

    expect((await send('DELETE', `plantillas/${root.id}`)).status).toBe(200);
    expect((await send('GET', `categorias/${cat.id}/plantillas`)).json.data).toEqual([]);
  });
});

describe('isolation and permissions', () => {
  it("another company's category, field or template is a 404", async () => {
    const [foreign] = await ctx.db
      .insert(cmCategories)
      .values({ companyId: ctx.seed.otherCompanyId, name: 'Ajena' })
      .returning();
    const [field] = await ctx.db
      .insert(cmCustomFields)
      .values({ companyId: ctx.seed.otherCompanyId, categoryId: foreign.id, type: 'text', name: 'Ajeno' })
      .returning();
    expect((await send('GET', `categorias/${foreign.id}/campos`)).status).toBe(404);
    expect((await send('PATCH', `categorias/${foreign.id}`, { name: 'Mía' })).status).toBe(404);
    expect((await send('DELETE', `categorias/${foreign.id}`)).status).toBe(404);
    expect((await send('PATCH', `campos/${field.id}`, { name: 'x' })).status).toBe(404);
    expect((await send('DELETE', `campos/${field.id}`)).status).toBe(404);
    expect(
      (await send('POST', `categorias/${foreign.id}/plantillas`, { name: 'x', start_offset_days: 0, duration_days: 1 }))
        .status,
    ).toBe(404);
    const list = (await send('GET', 'categorias')).json.data;
    expect(list.some((r: { id: number }) => r.id === foreign.id)).toBe(false);
  });

  it('writing the configuration needs cmanagement_configurar; reading only the module', async () => {
    const cat = await newCategory('Permisos');
    expect((await send('GET', `categorias/${cat.id}/campos`, undefined, worker)).status).toBe(200);
    expect((await send('POST', 'categorias', { name: 'Nueva' }, worker)).status).toBe(403);
    expect((await send('PATCH', `categorias/${cat.id}`, { enabled: false }, worker)).status).toBe(403);
    expect((await newFieldAs(cat.id, worker)).status).toBe(403);
  });
});

const newFieldAs = (categoryId: number, cookie: string) =>
  send('POST', `categorias/${categoryId}/campos`, { type: 'text', name: 'Campo' }, cookie);
