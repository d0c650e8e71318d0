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
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';

/**
 * The Concrete answers (docs/api.md, Concrete: config/hormigon) against domain/concrete-responses.ts, on the demo
 * configuration (server/src/db/seed-concrete.ts) plus writes made here: each answer must parse, and parse to itself,
 * so a field the server adds, drops or retypes fails here before the client reads it wrong.
 */
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await ctx.login('admin');
}, 180_000);
afterAll(async () => ctx?.close());

async function expectShape(schema: z.ZodType, method: string, path: string, body?: unknown) {
  const res = await ctx.request(method, `hormigon/${path}`, { cookie, body });
  expect([200, 201], `${method} ${path}: ${res.text}`).toContain(res.status);
  const parsed = schema.safeParse(res.json);
  expect(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [], path).toEqual([]);
  expect(parsed.data, `${path}: fields the schema does not declare`).toEqual(res.json);
  return res.json.data;
}

const list = <T extends z.ZodType>(row: T) => dataOf(z.array(row));

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
});
