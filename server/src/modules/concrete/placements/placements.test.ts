import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BATCH_NONCONFORMING_NOTIFICATION, CONCRETE_PLACEMENT_CHANGED_EVENT } from '#domain/concrete-placements';
import {
  batchDetailSchema,
  batchListSchema,
  placementDetailSchema,
  placementListSchema,
  type PlacementDetail,
} from '#domain/concrete-placements-responses';
import { concreteCompanies, concreteTypes, outbox, users } from '../../../db/schema/index.ts';
import { createTestContext, staffWith, type TestContext } from '../../../test-support.ts';
import { concreteModelWithElements, lastEvent } from '../test/fixtures.ts';

/**
 * docs/api.md Hormigón: placements and batches through the real routes (docs/decisions.md D-281): the rules of a
 * placement, its lifecycle, the batches it forms and the acceptance rule's verdicts with worked numbers (the default
 * rule: 3 consecutive results averaging ≥ 25 MPa for a G25, none below 21,5 MPa).
 */
let ctx: TestContext;
let admin: string;
let viewer: string;
let foreign: string;
let projectId: number;
let otherProject: number;
let g25: number;
let g30: number;
let company: number;
let notHomologated: number;
let element: number;
let lab: number;
const WALLS = ['WALL-A', 'WALL-B', 'WALL-C', 'WALL-D'];

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, foreign] = await Promise.all([ctx.login('admin'), ctx.login('otra')]);
  viewer = await staffWith(ctx, 'mira-hormigon', ['modulo_hormigon', 'todos_los_proyectos']);
  [, projectId, otherProject] = ctx.seed.projectIds;
  const companyId = ctx.seed.companyId;
  const types = await ctx.db.select().from(concreteTypes).where(eq(concreteTypes.companyId, companyId));
  g25 = types.find((t) => t.grade === 'G25')!.id;
  g30 = types.find((t) => t.grade === 'G30')!.id;
  const companies = await ctx.db.select().from(concreteCompanies).where(eq(concreteCompanies.companyId, companyId));
  company = companies.find((c) => c.homologated)!.id;
  notHomologated = companies.find((c) => !c.homologated)!.id;
  element = (await send('GET', 'elementos')).json.data[0].id;
  lab = (await send('GET', 'laboratorios')).json.data[0].id;
  const [{ id: userId }] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  await concreteModelWithElements(ctx, { companyId, projectId, userId, marker: 'hormigon-test', globalIds: WALLS });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const send = (method: string, path: string, body?: unknown, cookie = admin) =>
  ctx.request(method, `hormigon/${path}`, { cookie, body });

const base = () => ({
  project_id: projectId,
  element_id: element,
  m3: 10,
  location: 'Piso 3',
  unit: 'Torre A',
  zone_cycle: 'Ciclo 1',
  concrete_company_id: company,
  concrete_type_id: g25,
  scheduled_on: '2026-11-23',
});

async function create(over: Record<string, unknown> = {}): Promise<PlacementDetail> {
  const res = await send('POST', 'vaciados', { ...base(), ...over });
  expect(res.status, res.text).toBe(201);
  return placementDetailSchema.parse(res.json.data);
}
const guides = (m3s: number[]) =>
  m3s.map((m3, i) => ({ number: `GD-${i + 1}`, truck: `AB-CD-${10 + i}`, m3, arrived_at: '09:30' }));
async function pour(id: number, m3s: number[], poured_on = '2026-11-23') {
  const res = await send('POST', `vaciados/${id}/vaciar`, { poured_on, guides: guides(m3s) });
  expect(res.status, res.text).toBe(200);
  return placementDetailSchema.parse(res.json.data);
}
async function sample(id: number, n = 1, taken_on = '2026-11-23') {
  const samples = Array.from({ length: n }, (_, i) => ({
    code: `M-${i + 1}`,
    taken_on,
    specimens: 3,
    laboratory_id: lab,
  }));
  const res = await send('POST', `vaciados/${id}/muestrear`, { samples });
  expect(res.status, res.text).toBe(200);
  return placementDetailSchema.parse(res.json.data);
}
async function result(sampleId: number, acceptance_mpa: number | null, early_mpa?: number) {
  const res = await send('PUT', `muestras/${sampleId}/resultados`, { acceptance_mpa, early_mpa });
  expect(res.status, res.text).toBe(200);
  return placementDetailSchema.parse(res.json.data);
}
const batchOf = async (id: number) => batchDetailSchema.parse((await send('GET', `lotes/${id}`)).json.data);

describe('a placement (docs/product.md §3, §5)', () => {
  it('requires element, m3, location, unit and the zone/cycle or an axis, with the messages in Spanish', async () => {
    const res = await send('POST', 'vaciados', {
      ...base(),
      element_id: undefined,
      m3: '',
      location: ' ',
      unit: '',
      zone_cycle: '',
    });
    expect(res.status).toBe(422);
    const fields = res.json.fields as Record<string, string>;
    expect(Object.keys(fields).sort()).toEqual(['element_id', 'location', 'm3', 'unit']);
    expect(fields.location).toBe('Este campo es obligatorio');
    const noCycle = await send('POST', 'vaciados', { ...base(), zone_cycle: '' });
    expect(noCycle.json.fields).toEqual({ zone_cycle: 'Indique la zona/ciclo o al menos un eje' });
    const withAxis = await create({ zone_cycle: '', axis_1: 'A', axis_2: '3' });
    expect(withAxis).toMatchObject({ state: 'programado', axis_1: 'A', zone_cycle: null, element_count: 0 });
  });

  it('refuses a non-homologated company, m3 over the limit, elements outside the model or already taken', async () => {
    const fieldOf = async (body: Record<string, unknown>) => {
      const res = await send('POST', 'vaciados', { ...base(), ...body });
      expect(res.status, res.text).toBe(422);
      return Object.entries(res.json.fields as Record<string, string>).map(
        ([field, message]) => `${field}: ${message}`,
      );
    };
    expect(await fieldOf({ concrete_company_id: notHomologated })).toEqual([
      'concrete_company_id: La empresa de hormigón no está homologada',
    ]);
    expect((await fieldOf({ m3: 301 }))[0]).toMatch(/^m3: /);
    expect(await fieldOf({ global_ids: ['NOPE'] })).toEqual([
      'global_ids: Uno o más elementos no pertenecen al modelo de Hormigón del proyecto',
    ]);
    const holder = await create({ global_ids: ['WALL-A'] });
    expect(holder.element_count).toBe(1);
    expect(await fieldOf({ global_ids: ['WALL-A', 'WALL-B'] })).toEqual([
      `global_ids: Uno o más elementos ya están en el hormigonado N° ${holder.number}`,
    ]);
    const noModel = await send('POST', 'vaciados', { ...base(), project_id: otherProject, global_ids: ['WALL-A'] });
    expect(Object.keys(noModel.json.fields)).toEqual(['global_ids']);
    // Cancelling frees the elements.
    const cancelled = await send('POST', `vaciados/${holder.id}/anular`, {});
    expect(cancelled.json.data).toMatchObject({ state: 'anulado', element_count: 0, allowed_events: [] });
    expect((await create({ global_ids: ['WALL-A', 'WALL-B'] })).element_count).toBe(2);
  });

  it('is edited only while scheduled, and checks the guides of its pour against its m3', async () => {
    const p = await create();
    const patched = await send('PATCH', `vaciados/${p.id}`, { location: 'Piso 4', zone_cycle: null, axis_1: 'B' });
    expect(patched.json.data).toMatchObject({ location: 'Piso 4', zone_cycle: null, axis_1: 'B' });
    const noRule = await send('PATCH', `vaciados/${p.id}`, { axis_1: null });
    expect(Object.keys(noRule.json.fields)).toEqual(['zone_cycle']);
    // 10 m3 with the default tolerance of 5 %: 9,4 is out, a 9 m3 truck is over the 8 m3 truck limit.
    const off = await send('POST', `vaciados/${p.id}/vaciar`, { poured_on: '2026-11-23', guides: guides([5, 4.4]) });
    expect(off.json.fields.guides).toBe('Las guías suman 9,4 m³ y el hormigonado tiene 10 m³ (tolerancia 5 %)');
    const big = await send('POST', `vaciados/${p.id}/vaciar`, { poured_on: '2026-11-23', guides: guides([9, 1]) });
    expect(Object.keys(big.json.fields)).toEqual(['guides.0.m3']);
    const poured = await pour(p.id, [6, 3.8]);
    expect(poured).toMatchObject({ state: 'vaciado', poured_on: '2026-11-23', guides_m3: 9.8 });
    expect(poured.batch).not.toBeNull();
    expect(poured.allowed_events).toEqual(['placement.sample']);
    expect((await send('PATCH', `vaciados/${p.id}`, { location: 'x' })).status).toBe(409);
    expect((await send('POST', `vaciados/${p.id}/anular`, {})).status).toBe(409);
  });

  it('is read with the module, written with hormigon_editar, and another company sees a 404', async () => {
    const p = await create();
    expect((await send('GET', `vaciados/${p.id}`, undefined, viewer)).status).toBe(200);
    expect((await send('PATCH', `vaciados/${p.id}`, { location: 'x' }, viewer)).status).toBe(403);
    expect((await send('GET', `vaciados/${p.id}`, undefined, foreign)).status).toBe(404);
    expect((await send('POST', `vaciados/${p.id}/vaciar`, { poured_on: 'x' }, foreign)).status).toBe(404);
    const list = placementListSchema.parse((await send('GET', `vaciados?project_id=${projectId}&search=Torre`)).json);
    expect(list.total).toBeGreaterThan(0);
    expect((await send('GET', `vaciados?project_id=${projectId}`, undefined, foreign)).status).toBe(404);
    const csv = await send('GET', `vaciados/exportar?project_id=${projectId}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.text.split('\n')[0]).toContain('Empresa de hormigón');
  });
});

describe('batches and the acceptance rule (docs/decisions.md D-280, D-281)', () => {
  it('a batch of three G30 placements: [33, 32, 30] conforms; corrected to [31, 29, 26] it does not, and notifies', async () => {
    const ps = [
      await create({ concrete_type_id: g30 }),
      await create({ concrete_type_id: g30 }),
      await create({ concrete_type_id: g30 }),
    ];
    const poured = [];
    for (const p of ps) poured.push(await pour(p.id, [6, 4], '2026-11-24'));
    const batchId = poured[0].batch!.id;
    expect(poured.map((p) => p.batch!.id)).toEqual([batchId, batchId, batchId]);
    const samples = [];
    for (const p of ps) samples.push((await sample(p.id, 1, '2026-11-24')).samples[0].id);
    const values = [33, 32, 30];
    for (const [i, id] of samples.entries()) {
      const after = await result(id, values[i], Math.round(values[i] * 7) / 10);
      expect(after.state).toBe('ensayado');
    }
    // Still open: a batch is judged once closed.
    expect((await batchOf(batchId)).state).toBe('abierto');
    const closed = await send('POST', `lotes/${batchId}/cerrar`, {});
    expect(closed.status, closed.text).toBe(200);
    const judged = batchDetailSchema.parse(closed.json.data);
    expect(judged).toMatchObject({ state: 'conforme', m3: 30, placement_count: 3, tested_count: 3 });
    expect(judged.verdict).toEqual({ conforming: true, mean: 31.7, failures: [] });
    expect(judged.rule).toMatchObject({ specified_mpa: 30, mean_required_mpa: 30, single_required_mpa: 26.5 });

    // A corrected result: mean (31 + 29 + 26) / 3 = 28,7 < 30 and 26 < 26,5 → non-conforming.
    await result(samples[0], 31);
    await result(samples[1], 29);
    await result(samples[2], 26);
    const failed = await batchOf(batchId);
    expect(failed.state).toBe('no_conforme');
    expect(failed.verdict?.failures).toEqual([
      { kind: 'mean', from: 0, to: 2, mean: 28.7, required: 30 },
      { kind: 'single', index: 2, value: 26, required: 26.5 },
    ]);
    const alerts = await ctx.db.select().from(outbox).where(eq(outbox.type, BATCH_NONCONFORMING_NOTIFICATION));
    const alert = alerts.find((a) => (a.payload as { entity?: { id: number } }).entity?.id === batchId)!;
    expect(alert).toBeDefined();
    expect(((alert.payload as { notify?: number[] }).notify ?? []).length).toBeGreaterThan(0);
    // Cleared result: back to sampled, the batch back to closed without a verdict.
    const cleared = await result(samples[2], null);
    expect(cleared.state).toBe('muestreado');
    expect(await batchOf(batchId)).toMatchObject({ state: 'cerrado', verdict: null });
    expect((await lastEvent(ctx)).type).toBe(CONCRETE_PLACEMENT_CHANGED_EVENT);
  });

  it('a pour past the batch m3 or its days opens the next batch; the full one closes', async () => {
    await send('PUT', 'configuracion', {
      ...(await send('GET', 'configuracion')).json.data,
      updated_at: undefined,
      batch_m3_max: 20,
      batch_days_max: 3,
    });
    const pourNew = async (m3: number, day: string) => {
      // G30: the previous test closed its batch, so this one opens with the new limits.
      const p = await create({ m3, concrete_type_id: g30, scheduled_on: day });
      return pour(p.id, [m3], day);
    };
    const first = await pourNew(8, '2026-12-01');
    const second = await pourNew(8, '2026-12-02');
    expect(second.batch!.id).toBe(first.batch!.id);
    // 16 + 8 > 20: the open batch closes and a new one opens.
    const third = await pourNew(8, '2026-12-02');
    expect(third.batch!.id).not.toBe(first.batch!.id);
    expect((await batchOf(first.batch!.id)).state).toBe('cerrado');
    // Day 4 of a 3-day batch: another one.
    const fourth = await pourNew(4, '2026-12-05');
    expect(fourth.batch!.id).not.toBe(third.batch!.id);
    const list = batchListSchema.parse((await send('GET', `lotes?project_id=${projectId}&state=cerrado`)).json);
    expect(list.data.map((b) => b.id)).toContain(third.batch!.id);
  });
});
