import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { batchMachine, type BatchEvent } from '#machines/concrete-batch';
import { BATCH_NONCONFORMING_NOTIFICATION, batchCommands } from '#domain/concrete-placements';
import { batchDetailSchema, placementDetailSchema } from '#domain/concrete-placements-responses';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { concreteBatches, concreteCompanies, outbox } from '../../server/src/db/schema/index.ts';
import { apiCoverage, apiPaths, type ApiPath } from './api-paths.ts';

/**
 * docs/product.md §3 and docs/decisions.md D-281, the batch (lote) lifecycle: every generated path of
 * machines/concrete-batch.ts, driven through the real API with the batch's state checked after each step, as
 * GET hormigon/lotes/{id} reads it and as stored. Each path has its own G25 type (25 MPa), so its batch is the one its
 * first placement opens when poured (vaciar); that placement is sampled once and waits for its result.
 *
 * batch.close is sent three ways (one describe each): by hand (POST hormigon/lotes/{id}/cerrar), or by the limits,
 * a later pour of the type past the batch's last day (batch_days_max) or past its m3 (batch_m3_max). batch.evaluate
 * is what the server sends when results change (server/src/modules/concrete/batches/judge.ts): the sample's
 * acceptance result written above the type's strength (conforming) or below its single minimum (non-conforming),
 * corrected each time so a verdict is always new, or cleared (a result missing).
 */
const samples: BatchEvent[] = [
  { type: 'batch.close' },
  { type: 'batch.evaluate', allTested: true, conforming: true },
  { type: 'batch.evaluate', allTested: true, conforming: false },
  { type: 'batch.evaluate', allTested: false, conforming: false },
];
const CLOSINGS = ['by hand', 'past its days', 'past its m3'] as const;
type Closing = (typeof CLOSINGS)[number];
const paths = apiPaths(batchMachine, samples);
const coverage = apiCoverage(batchMachine, batchCommands);

/** The default settings (CONCRETE_SETTINGS_DEFAULTS): batches of 120 m3 and 14 days, trucks of 8 m3. */
const OPENED_ON = '2026-11-23';
const PAST_LAST_DAY = '2026-12-07';
let ctx: TestContext;
let cookie: string;
let projectId: number;
let element: number;
let company: number;
let lab: number;
let types = 0;
let corrections = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await ctx.login('admin');
  projectId = ctx.seed.projectIds[1];
  const companies = await ctx.db
    .select()
    .from(concreteCompanies)
    .where(eq(concreteCompanies.companyId, ctx.seed.companyId));
  company = companies.find((c) => c.homologated && c.active)!.id;
  element = (await ctx.request('GET', 'hormigon/elementos', { cookie })).json.data[0].id;
  lab = (await ctx.request('GET', 'hormigon/laboratorios', { cookie })).json.data[0].id;
}, 180_000);
afterAll(async () => ctx?.close());

const call = (method: string, path: string, body?: unknown) =>
  ctx.request(method, `hormigon/${path}`, { cookie, body });
const batchOf = async (id: number) => {
  const res = await call('GET', `lotes/${id}`);
  expect(res.status, res.text).toBe(200);
  return batchDetailSchema.parse(res.json.data);
};
const storedState = async (id: number) =>
  (await ctx.db.select().from(concreteBatches).where(eq(concreteBatches.id, id)))[0].state;
/** The notifications a non-conforming verdict of the batch recorded (notifyNonConforming). */
const alertsOf = async (batchId: number) =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(outbox)
      .where(
        and(
          eq(outbox.type, BATCH_NONCONFORMING_NOTIFICATION),
          sql`(${outbox.payload} -> 'entity' ->> 'id')::int = ${batchId}`,
        ),
      )
  ).map((r) => Number(r.n))[0];

/** Guides for `m3`: trucks of 8 m3 and the rest. */
const guidesFor = (m3: number) =>
  Array.from({ length: Math.ceil(m3 / 8) }, (_, i) => ({
    number: `GD-${i + 1}`,
    truck: `AB-CD-${10 + i}`,
    m3: Math.min(8, m3 - i * 8),
    arrived_at: '09:30',
  }));

/** A placement of `typeId` poured on `pouredOn`: it joins, or opens, the type's open batch. */
async function pour(typeId: number, m3: number, pouredOn: string) {
  const created = await call('POST', 'vaciados', {
    project_id: projectId,
    element_id: element,
    m3,
    location: 'Piso 5',
    unit: 'Torre C',
    zone_cycle: 'Ciclo 1',
    concrete_company_id: company,
    concrete_type_id: typeId,
    scheduled_on: pouredOn,
  });
  expect(created.status, created.text).toBe(201);
  const poured = await call('POST', `vaciados/${created.json.data.id}/vaciar`, {
    poured_on: pouredOn,
    guides: guidesFor(m3),
  });
  expect(poured.status, poured.text).toBe(200);
  return placementDetailSchema.parse(poured.json.data);
}

/** A fresh type (its own open batch) and the batch its first placement opens, sampled once without results. */
async function newBatch() {
  types += 1;
  const type = await call('POST', 'tipos', {
    grade: 'G25',
    confidence: 80,
    aggregate_mm: 12,
    slump_cm: types / 10,
    structural: true,
  });
  expect(type.status, type.text).toBe(201);
  const placement = await pour(type.json.data.id, 10, OPENED_ON);
  const sampled = await call('POST', `vaciados/${placement.id}/muestrear`, {
    samples: [{ code: 'M-1', taken_on: OPENED_ON, specimens: 3, laboratory_id: lab }],
  });
  expect(sampled.status, sampled.text).toBe(200);
  return { typeId: type.json.data.id as number, batchId: placement.batch!.id };
}

/** One machine event as the API receives it: the close by `closing`, an evaluation by the results it follows. */
async function send(batch: { typeId: number; batchId: number }, event: BatchEvent, closing: Closing) {
  if (event.type === 'batch.close') {
    if (closing === 'by hand') return call('POST', `lotes/${batch.batchId}/cerrar`, {});
    // Another pour of the type that does not fit: the open batch closes and the pour opens the next one.
    const placement = await pour(batch.typeId, closing === 'past its m3' ? 111 : 10, PAST_LAST_DAY);
    expect(placement.batch!.id).not.toBe(batch.batchId);
    return { status: 200, text: '' };
  }
  const { results } = await batchOf(batch.batchId);
  let last;
  for (const r of results) {
    corrections += 1;
    const acceptance_mpa = !event.allTested ? null : (event.conforming ? 30 : 15) + (corrections % 10) / 10;
    last = await call('PUT', `muestras/${r.sample_id}/resultados`, { acceptance_mpa });
  }
  return last!;
}

/** The batch as the API answers it and as stored, with what its state implies. */
async function expectBatch(batchId: number, state: string) {
  const batch = await batchOf(batchId);
  expect([batch.state, await storedState(batchId)]).toEqual([state, state]);
  expect(batch.allowed_events).toEqual(state === 'abierto' ? ['batch.close'] : []);
  expect(batch.closed_at === null).toBe(state === 'abierto');
  if (state === 'conforme' || state === 'no_conforme') {
    expect(batch.verdict?.conforming).toBe(state === 'conforme');
    expect(batch.tested_count).toBe(batch.samples_count);
  } else expect(batch.verdict).toBeNull();
  expect(batch.placement_count).toBe(1);
}

describe.each(CLOSINGS)('batch machine paths against the API (closed %s)', (closing) => {
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    const batch = await newBatch();
    await expectBatch(batch.batchId, 'abierto');
    let alerts = 0;
    for (const step of path.steps) {
      const event = step.event as BatchEvent;
      const res = await send(batch, event, closing);
      expect(res.status, `${event.type}: ${res.text}`).toBe(200);
      await expectBatch(batch.batchId, step.after.value as string);
      if (step.after.value === 'no_conforme') alerts += 1;
      expect(await alertsOf(batch.batchId), 'non-conforming notifications').toBe(alerts);
      coverage.step(step);
    }
    // What the machine refuses in the final state changes nothing: a close by hand is a 409, a pour past the limits
    // goes to another batch, results that keep the verdict's outcome only store the new verdict.
    const final = path.steps.at(-1)!.after;
    for (const refused of samples.filter((e) => !final.can(e))) {
      const res = await send(batch, refused, closing);
      const expected = refused.type === 'batch.close' && closing === 'by hand' ? 409 : 200;
      expect(res.status, `${refused.type} refused in ${String(final.value)}: ${res.text}`).toBe(expected);
      expect(await storedState(batch.batchId)).toBe(final.value);
      expect(await alertsOf(batch.batchId)).toBe(alerts);
    }
  });
});

describe('batch guards through the API', () => {
  it('an open batch is not judged: its results wait, and the close by hand judges it at once', async () => {
    const batch = await newBatch();
    // batch.evaluate from abierto: the machine has no transition, the batch stays open whatever the results.
    for (const event of samples.filter((e) => e.type === 'batch.evaluate')) {
      expect(batchMachine.resolveState({ value: 'abierto', context: {} }).can(event)).toBe(false);
      expect((await send(batch, event, 'by hand')).status).toBe(200);
      await expectBatch(batch.batchId, 'abierto');
    }
    await send(batch, { type: 'batch.evaluate', allTested: true, conforming: false }, 'by hand');
    const closed = await call('POST', `lotes/${batch.batchId}/cerrar`, {});
    expect(closed.status, closed.text).toBe(200);
    expect(batchDetailSchema.parse(closed.json.data).state).toBe('no_conforme');
    await expectBatch(batch.batchId, 'no_conforme');
    expect(await alertsOf(batch.batchId)).toBe(1);
  });

  it('a corrected result that leaves the verdict as it was writes nothing (judge.ts judgeBatch)', async () => {
    const batch = await newBatch();
    const { results } = await batchOf(batch.batchId);
    const placementId = results[0].placement_id;
    // Two more samples of the same placement: three results, the rule's window (acceptance_consecutive 3).
    const more = await call('POST', `vaciados/${placementId}/muestrear`, {
      samples: [2, 3].map((n) => ({ code: `M-${n}`, taken_on: OPENED_ON, specimens: 3, laboratory_id: lab })),
    });
    expect(more.status, more.text).toBe(200);
    expect((await call('POST', `lotes/${batch.batchId}/cerrar`, {})).status).toBe(200);
    for (const s of placementDetailSchema.parse(more.json.data).samples)
      await call('PUT', `muestras/${s.id}/resultados`, { acceptance_mpa: 30 });
    const judged = await batchOf(batch.batchId);
    expect(judged).toMatchObject({ state: 'conforme', verdict: { conforming: true, mean: 30, failures: [] } });
    // (30,1 + 30 + 30) / 3 = 30,03: the mean is still 30,0, the verdict the same.
    await call('PUT', `muestras/${judged.results[0].sample_id}/resultados`, { acceptance_mpa: 30.1 });
    const again = await batchOf(batch.batchId);
    expect(again.verdict).toEqual(judged.verdict);
    expect(again.evaluated_at).toBe(judged.evaluated_at);
  });
});

describe('batch coverage', () => {
  it('walked every transition of the batch machine', () => {
    const report = coverage.report(paths.length * CLOSINGS.length);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
