import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataOf } from '#domain/responses';
import {
  concreteCompanySchema,
  concreteElementSchema,
  concreteSettingsResponseSchema,
  concreteTypeSchema,
  laboratorySchema,
} from '#domain/concrete-responses';
import {
  advanceSchema,
  batchDetailSchema,
  batchListSchema,
  concreteModelResponseSchema,
  placementDetailSchema,
  placementListSchema,
} from '#domain/concrete-placements-responses';
import { eq } from 'drizzle-orm';
import { concreteModels, users } from '../../server/src/db/schema/index.ts';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { concreteModelWithElements } from '../../server/src/modules/concrete/test/fixtures.ts';

/**
 * The Concrete answers (docs/api.md, Hormigón: concrete configuration; placements and batches; uploader and advance)
 * against domain/concrete-responses.ts and domain/concrete-placements-responses.ts, on the demo configuration and pours
 * (server/src/db/seed-concrete.ts, seed-concrete-placements.ts) plus writes made here: each answer must parse, and
 * parse to itself, so a field the server adds, drops or retypes fails here before the client reads it wrong.
 */
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await ctx.login('admin');
}, 180_000);
afterAll(async () => ctx?.close());

/** The whole answer, checked against `schema`. */
async function expectAnswer(schema: z.ZodType, method: string, path: string, body?: unknown) {
  const res = await ctx.request(method, `hormigon/${path}`, { cookie, body });
  expect([200, 201], `${method} ${path}: ${res.text}`).toContain(res.status);
  const parsed = schema.safeParse(res.json);
  expect(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [], path).toEqual([]);
  expect(parsed.data, `${path}: fields the schema does not declare`).toEqual(res.json);
  return res.json;
}
/** The answer's `data`, the answer checked against `schema`. */
const expectShape = async (schema: z.ZodType, method: string, path: string, body?: unknown) =>
  (await expectAnswer(schema, method, path, body)).data;

const list = <T extends z.ZodType>(row: T) => dataOf(z.array(row));

const catalogue = async (name: string) => (await ctx.request('GET', `hormigon/${name}`, { cookie })).json.data;
/** A placement of 7,5 m3 of an active G35 from an active, homologated company (the first test changes some). */
async function placementBody(over: Record<string, unknown>) {
  const element = (await catalogue('elementos')).find((e: { active: boolean }) => e.active);
  const company = (await catalogue('empresas')).find(
    (c: { active: boolean; homologated: boolean }) => c.active && c.homologated,
  );
  const type = (await catalogue('tipos')).find(
    (t: { active: boolean; grade: string }) => t.active && t.grade === 'G35',
  );
  return {
    element_id: element.id,
    m3: 7.5,
    location: 'Piso 9',
    unit: 'Torre A',
    zone_cycle: 'Ciclo 4',
    concrete_company_id: company.id,
    concrete_type_id: type.id,
    scheduled_on: '2026-11-30',
    ...over,
  };
}

describe('concrete answers match their domain schemas', () => {
  it('the catalogues, as listed and as written', async () => {
    const elements = await expectShape(list(concreteElementSchema), 'GET', 'elementos');
    expect(elements.length).toBeGreaterThan(0);
    await expectShape(dataOf(concreteElementSchema), 'POST', 'elementos', { name: 'Pilote' });
    await expectShape(dataOf(concreteElementSchema), 'PATCH', `elementos/${elements[0].id}`, { active: false });
    await expectShape(list(concreteElementSchema), 'POST', 'elementos/predeterminados');

    const labs = await expectShape(list(laboratorySchema), 'GET', 'laboratorios');
    await expectShape(dataOf(laboratorySchema), 'POST', 'laboratorios', { name: 'Laboratorio Norte' });
    await expectShape(dataOf(laboratorySchema), 'PATCH', `laboratorios/${labs[0].id}`, { phone: null });

    const companies = await expectShape(list(concreteCompanySchema), 'GET', 'empresas');
    await expectShape(dataOf(concreteCompanySchema), 'POST', 'empresas', {
      name: 'Hormigones Biobío',
      homologated: true,
    });
    await expectShape(dataOf(concreteCompanySchema), 'PATCH', `empresas/${companies[0].id}`, { homologated: false });

    const types = await expectShape(list(concreteTypeSchema), 'GET', 'tipos');
    expect(types.some((t: { active: boolean }) => !t.active)).toBe(true);
    const body = { grade: 'G40', confidence: 95, aggregate_mm: 12, slump_cm: '6,5', structural: true };
    await expectShape(dataOf(concreteTypeSchema), 'POST', 'tipos', body);
    await expectShape(dataOf(concreteTypeSchema), 'PATCH', `tipos/${types[0].id}`, { description: null });
  });

  it('the settings, on the defaults and once saved', async () => {
    const defaults = await expectShape(dataOf(concreteSettingsResponseSchema), 'GET', 'configuracion');
    expect(defaults.updated_at).toBeNull();
    const { updated_at: _, ...settings } = defaults;
    await expectShape(dataOf(concreteSettingsResponseSchema), 'PUT', 'configuracion', settings);
    const saved = await expectShape(dataOf(concreteSettingsResponseSchema), 'GET', 'configuracion');
    expect(saved.updated_at).toEqual(expect.any(String));
  });

  it('the placements and batches, as listed, read and written', async () => {
    const projectId = ctx.seed.projectIds[0];
    const placements = await expectAnswer(placementListSchema, 'GET', `vaciados?project_id=${projectId}`);
    expect(placements.data.length).toBeGreaterThan(0);
    await expectAnswer(placementListSchema, 'GET', `vaciados?project_id=${projectId}&state=ensayado&search=Piso`);
    // A demo pour with its guides, samples and results, and its batch as listed and read, for every state.
    const tested = placements.data.find((p: { state: string }) => p.state === 'ensayado');
    const detail = await expectShape(dataOf(placementDetailSchema), 'GET', `vaciados/${tested.id}`);
    expect(detail.samples.length).toBeGreaterThan(0);
    const batches = await expectAnswer(batchListSchema, 'GET', `lotes?project_id=${projectId}`);
    expect(new Set(batches.data.map((b: { state: string }) => b.state))).toEqual(
      new Set(['abierto', 'conforme', 'no_conforme']),
    );
    for (const b of batches.data) await expectShape(dataOf(batchDetailSchema), 'GET', `lotes/${b.id}`);
    await expectAnswer(batchListSchema, 'GET', `lotes?project_id=${projectId}&state=no_conforme`);

    // A placement written through its lifecycle: each write answers the detail.
    const body = await placementBody({ project_id: projectId, notes: 'Contrato de respuestas' });
    const lab = (await catalogue('laboratorios')).find((l: { active: boolean }) => l.active);
    const placement = await expectShape(dataOf(placementDetailSchema), 'POST', 'vaciados', body);
    await expectShape(dataOf(placementDetailSchema), 'PATCH', `vaciados/${placement.id}`, { axis_1: 'C' });
    const guides = [{ number: 'GD-9', truck: 'ZZ-TT-99', m3: 7.5, arrived_at: '11:00' }];
    const poured = await expectShape(dataOf(placementDetailSchema), 'POST', `vaciados/${placement.id}/vaciar`, {
      poured_on: '2026-11-30',
      guides,
    });
    const sampled = await expectShape(dataOf(placementDetailSchema), 'POST', `vaciados/${placement.id}/muestrear`, {
      samples: [
        { code: 'M-9', guide_id: poured.guides[0].id, taken_on: '2026-11-30', specimens: 4, laboratory_id: lab.id },
      ],
    });
    await expectShape(dataOf(placementDetailSchema), 'PUT', `muestras/${sampled.samples[0].id}/resultados`, {
      early_mpa: 28,
      acceptance_mpa: 41.5,
    });
    const closed = await expectShape(dataOf(batchDetailSchema), 'POST', `lotes/${poured.batch.id}/cerrar`, {});
    expect(closed.state).toBe('conforme');
    const cancelled = await expectShape(dataOf(placementDetailSchema), 'POST', 'vaciados', body);
    await expectShape(dataOf(placementDetailSchema), 'POST', `vaciados/${cancelled.id}/anular`, {});
  });

  it('the Concrete model of a project and the advance on it', async () => {
    const [demoProject, , emptyProject] = ctx.seed.projectIds;
    const demo = await expectAnswer(concreteModelResponseSchema, 'GET', `proyectos/${demoProject}/modelo`);
    expect(demo.model).not.toBeNull();
    await expectAnswer(advanceSchema, 'GET', `proyectos/${demoProject}/avance`);
    expect(await expectAnswer(concreteModelResponseSchema, 'GET', `proyectos/${emptyProject}/modelo`)).toEqual({
      model: null,
    });
    await expectAnswer(advanceSchema, 'GET', `proyectos/${emptyProject}/avance`);

    // A processed model with elements: assigned, removed and assigned again, and a placement on two of its walls.
    const [{ id: userId }] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const at = { companyId: ctx.seed.companyId, projectId: emptyProject, userId };
    const model = await concreteModelWithElements(ctx, { ...at, marker: 'contrato', globalIds: ['C-1', 'C-2', 'C-3'] });
    await ctx.db.delete(concreteModels).where(eq(concreteModels.projectId, emptyProject));
    const put = await expectAnswer(concreteModelResponseSchema, 'PUT', `proyectos/${emptyProject}/modelo`, {
      model_id: model.id,
    });
    expect(put.model.id).toBe(model.id);
    await expectAnswer(concreteModelResponseSchema, 'DELETE', `proyectos/${emptyProject}/modelo`);
    await expectAnswer(concreteModelResponseSchema, 'PUT', `proyectos/${emptyProject}/modelo`, { model_id: model.id });
    const created = await ctx.request('POST', 'hormigon/vaciados', {
      cookie,
      body: await placementBody({ project_id: emptyProject, global_ids: ['C-1', 'C-2'] }),
    });
    expect(created.status, created.text).toBe(201);
    const advance = await expectAnswer(advanceSchema, 'GET', `proyectos/${emptyProject}/avance`);
    expect(advance).toMatchObject({
      element_total: 3,
      placements: [{ state: 'programado', global_ids: ['C-1', 'C-2'] }],
    });
  });
});
