import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { placementMachine, type PlacementEvent } from '#machines/concrete-placement';
import { placementCommands } from '#domain/concrete-placements';
import { placementDetailSchema, type PlacementDetail } from '#domain/concrete-placements-responses';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { concreteCompanies, concretePlacements, concreteTypes, users } from '../../server/src/db/schema/index.ts';
import { concreteModelWithElements } from '../../server/src/modules/concrete/test/fixtures.ts';
import { apiCoverage, apiPaths, type ApiPath } from './api-paths.ts';

/**
 * docs/product.md §3 Concrete placement: every generated path of machines/concrete-placement.ts, driven through the
 * real API (docs/api.md, Hormigón: placements and batches) with the state checked after each step, as the write
 * answers it, as GET hormigon/vaciados/{id} reads it and as stored. The verbs are POST hormigon/vaciados/{id}/<verb>;
 * placement.test is PUT hormigon/muestras/{sampleId}/resultados: the missing acceptance results written
 * (untested 0), or one cleared (untested 1).
 */
const samples: PlacementEvent[] = [
  { type: 'placement.pour' },
  { type: 'placement.sample' },
  { type: 'placement.cancel' },
  { type: 'placement.test', untested: 0 },
  { type: 'placement.test', untested: 1 },
];
const paths = apiPaths(placementMachine, samples);
const coverage = apiCoverage(placementMachine, placementCommands);
/** The events the detail's allowed_events lists: those with a verb route, each once. */
const verbEvents = [...new Set(samples.map((e) => e.type))].filter(
  (type) => 'verb' in placementCommands[type as keyof typeof placementCommands],
);

const POURED_ON = '2026-11-23';
let ctx: TestContext;
let cookie: string;
let projectId: number;
let element: number;
let company: number;
let g25: number;
let lab: number;
let walls = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await ctx.login('admin');
  projectId = ctx.seed.projectIds[1];
  const companyId = ctx.seed.companyId;
  const types = await ctx.db.select().from(concreteTypes).where(eq(concreteTypes.companyId, companyId));
  g25 = types.find((t) => t.grade === 'G25')!.id;
  const companies = await ctx.db.select().from(concreteCompanies).where(eq(concreteCompanies.companyId, companyId));
  company = companies.find((c) => c.homologated && c.active)!.id;
  element = (await ctx.request('GET', 'hormigon/elementos', { cookie })).json.data[0].id;
  lab = (await ctx.request('GET', 'hormigon/laboratorios', { cookie })).json.data[0].id;
  const [{ id: userId }] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  // One wall per path: the placement holds it while live, a cancel frees it.
  const globalIds = paths.map((_, i) => `MBT-WALL-${i + 1}`);
  await concreteModelWithElements(ctx, { companyId, projectId, userId, marker: 'placement-model', globalIds });
}, 180_000);
afterAll(async () => ctx?.close());

const detailOf = async (id: number) =>
  placementDetailSchema.parse((await ctx.request('GET', `hormigon/vaciados/${id}`, { cookie })).json.data);
const storedState = async (id: number) =>
  (await ctx.db.select().from(concretePlacements).where(eq(concretePlacements.id, id)))[0].state;

/** A fresh scheduled placement of 10 m3 holding one wall of the project's Concrete model. */
async function newPlacement(): Promise<PlacementDetail> {
  walls += 1;
  const res = await ctx.request('POST', 'hormigon/vaciados', {
    cookie,
    body: {
      project_id: projectId,
      element_id: element,
      m3: 10,
      location: 'Piso 2',
      unit: 'Torre B',
      zone_cycle: `Ciclo ${walls}`,
      concrete_company_id: company,
      concrete_type_id: g25,
      scheduled_on: POURED_ON,
      global_ids: [`MBT-WALL-${walls}`],
    },
  });
  expect(res.status, res.text).toBe(201);
  return placementDetailSchema.parse(res.json.data);
}

/**
 * One machine event as the screens send it: a verb of the command table, or for placement.test the results of the
 * placement's samples (every missing acceptance result written, or the first one cleared). Answers the last write.
 */
async function send(placementId: number, event: PlacementEvent) {
  if (event.type === 'placement.test') {
    const { samples: taken } = await detailOf(placementId);
    const targets =
      event.untested === 0
        ? taken.filter((s) => s.acceptance_mpa === null)
        : taken.filter((s) => s.acceptance_mpa !== null);
    let last;
    for (const s of event.untested === 0 ? targets : targets.slice(0, 1))
      last = await ctx.request('PUT', `hormigon/muestras/${s.id}/resultados`, {
        cookie,
        body: { early_mpa: 21, acceptance_mpa: event.untested === 0 ? 30 : null },
      });
    return last!;
  }
  const bodies = {
    'placement.pour': {
      poured_on: POURED_ON,
      guides: [
        { number: 'GD-1', truck: 'AB-CD-11', m3: 6, arrived_at: '09:30' },
        { number: 'GD-2', truck: 'AB-CD-12', m3: 4, arrived_at: '10:15' },
      ],
    },
    'placement.sample': { samples: [{ code: 'M-1', taken_on: POURED_ON, specimens: 3, laboratory_id: lab }] },
    'placement.cancel': {},
  };
  return ctx.request('POST', `hormigon/vaciados/${placementId}/${placementCommands[event.type].verb}`, {
    cookie,
    body: bodies[event.type],
  });
}

describe('placement machine paths against the API (docs/product.md §3 Concrete placement)', () => {
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    const placement = await newPlacement();
    expect(placement.state).toBe('programado');
    for (const step of path.steps) {
      const event = step.event as PlacementEvent;
      const res = await send(placement.id, event);
      expect(res.status, `${event.type}: ${res.text}`).toBe(200);
      const answered = placementDetailSchema.parse(res.json.data);
      const read = await detailOf(placement.id);
      expect([answered.state, read.state, await storedState(placement.id)]).toEqual(Array(3).fill(step.after.value));
      expect(read.allowed_events).toEqual(verbEvents.filter((type) => step.after.can({ type } as PlacementEvent)));
      // The effects: a poured placement is in a batch with its guides, a tested one has every result, a cancelled
      // one frees its wall.
      expect(read.batch !== null).toBe(step.after.value !== 'programado' && step.after.value !== 'anulado');
      if (event.type === 'placement.pour') expect(read.guides_m3).toBe(10);
      if (step.after.value === 'ensayado') expect(read.tested_count).toBe(read.samples_count);
      if (step.after.value === 'muestreado') expect(read.tested_count).toBeLessThan(read.samples_count);
      expect(read.element_count).toBe(step.after.value === 'anulado' ? 0 : 1);
      coverage.step(step);
    }
    // The API refuses the verbs the machine refuses in the final state (409), and stores nothing.
    const final = path.steps.at(-1)!.after;
    for (const refused of samples.filter((e) => e.type !== 'placement.test' && !final.can(e))) {
      const res = await send(placement.id, refused);
      expect(res.status, `${refused.type} refused in ${String(final.value)}: ${res.text}`).toBe(409);
      expect(await storedState(placement.id)).toBe(final.value);
    }
  });
});

describe('placement coverage', () => {
  it('walked every transition of the placement machine', () => {
    const report = coverage.report(paths.length);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
