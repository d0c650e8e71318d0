import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { eq } from 'drizzle-orm';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { fichaMachine, type FichaEvent } from '#machines/ficha';
import { deliveryScheduleCommands, fichaCommands } from '#domain/fichas';
import { deliveryScheduleMachine, type DeliveryScheduleEvent } from '#machines/delivery-schedule';
import { createCoverage } from '../../machines/testing/coverage.ts';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { owners, users } from '../../server/src/db/schema/index.ts';
import { giveOwner, slot, unitsIn, useTempStorage } from '../../server/src/modules/deliveries/test/fixtures.ts';

/**
 * docs/product.md §4 ficha and delivery schedule: the generated paths of both machines (@xstate/graph, the
 * XState v5 successor of @xstate/test) drive the REAL API, and after every step the stored state
 * (GET ficha/{unitId}) must equal the model's state and context. Coverage must be complete.
 */
type Step = {
  event: { type: string } & Record<string, unknown>;
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
};

/** Transition cover: the shortest path to every reachable state, extended by every sample event it accepts. */
function generatedPaths(machine: AnyStateMachine, events: unknown[], input?: unknown) {
  const describeState = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context });
  const model = createTestModel(machine, { events, input, serializeState: describeState } as never);
  const adjacency = model.getAdjacencyMap() as unknown as Record<
    string,
    { transitions: Record<string, { event: { type: string }; state: AnyMachineSnapshot }> }
  >;
  const paths: { name: string; steps: Step[] }[] = [];
  for (const shortest of model.getShortestPaths({ allowDuplicatePaths: true })) {
    const from = shortest.state as AnyMachineSnapshot;
    const prefix = shortest.steps as { state: AnyMachineSnapshot; event: { type: string } }[];
    for (const { event, state } of Object.values(adjacency[describeState(from)].transitions)) {
      if (!from.can(event)) continue;
      const all = [...prefix, { state, event }];
      const steps = all
        .slice(1)
        .map((s, i) => ({ event: s.event as Step['event'], before: all[i].state, after: s.state }));
      paths.push({
        name: `${steps.map((s) => `${s.event.type}${s.event.by ? ` (${s.event.by})` : ''}`).join(' → ')} ⇒ ${describeState(state)}`,
        steps,
      });
    }
  }
  return paths;
}

let ctx: TestContext;
let cleanup: () => void;
let sup: string;
let ownerCookie: string;
let ownerId: number;
let pool: number[];
const nextUnit = () => pool.shift()!;

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx);
  sup = await ctx.login('supervisor');
  ownerCookie = await ctx.login('propietario');
  const [account] = await ctx.db.select().from(users).where(eq(users.username, 'propietario'));
  [{ id: ownerId }] = await ctx.db.select({ id: owners.id }).from(owners).where(eq(owners.userId, account.id));
  pool = [...(await unitsIn(ctx, ctx.seed.projectIds[1])), ...(await unitsIn(ctx, ctx.seed.projectIds[4]))].map(
    (u) => u.id,
  );
}, 180_000); // seeding a fresh database is slow on a loaded 2-core machine
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

const ficha = async (unitId: number) =>
  (await ctx.request('GET', `entregas/fichas/${unitId}`, { cookie: sup })).json.data;

/** Makes the revision hold exactly `count` pending failures (the fact ficha.deliver and passToAfterSales carry). */
async function pendingFailures(unitId: number, count: number) {
  const rev = (await ctx.request('GET', `entregas/fichas/${unitId}/revision`, { cookie: sup })).json.data;
  const items = rev.areas
    .flatMap((a: any) => a.places.flatMap((p: any) => p.items))
    .filter((i: any) => i.failures.length && !i.result?.ticket_id);
  const open = items.filter((i: any) => i.result?.outcome === 'falla').length;
  if (open === count) return;
  const results = items
    .slice(0, Math.max(count, open))
    .map((i: any, n: number) =>
      n < count
        ? { item_id: i.id, outcome: 'falla', failure_type_id: i.failures[0].id }
        : { item_id: i.id, outcome: 'solucionada' },
    );
  const res = await ctx.request('PUT', `entregas/fichas/${unitId}/revision`, { cookie: sup, body: { results } });
  expect(res.status).toBe(200);
}

describe('ficha machine through the API (docs/product.md §4 Ficha)', () => {
  const SCHEDULED = slot(20);
  const DELIVERED = '2030-05-02';
  const samples: FichaEvent[] = [
    { type: 'ficha.schedule', scheduledAt: SCHEDULED },
    { type: 'ficha.schedule', scheduledAt: '' },
    { type: 'ficha.deliver', deliveredAt: DELIVERED, pendingFailureCount: 0 },
    { type: 'ficha.deliver', deliveredAt: DELIVERED, pendingFailureCount: 2 },
    { type: 'ficha.deliver', deliveredAt: '', pendingFailureCount: 0 },
    { type: 'ficha.returnToNew' },
    { type: 'ficha.clean' },
    { type: 'ficha.passToAfterSales', pendingFailureCount: 2 },
    { type: 'ficha.passToAfterSales', pendingFailureCount: 0 },
  ];
  const paths = generatedPaths(fichaMachine, samples);
  const coverage = createCoverage(fichaMachine, fichaCommands);

  async function send(unitId: number, event: FichaEvent) {
    const url = `entregas/fichas/${unitId}/${fichaCommands[event.type].verb}`;
    switch (event.type) {
      case 'ficha.schedule':
        return ctx.request('POST', url, { cookie: sup, body: { start_at: event.scheduledAt } });
      case 'ficha.deliver': {
        await pendingFailures(unitId, event.pendingFailureCount);
        return ctx.request('POST', url, {
          cookie: sup,
          body: { delivery_date: event.deliveredAt, attendees: [{ owner_id: ownerId, role: 'propietario' }] },
        });
      }
      case 'ficha.returnToNew':
      case 'ficha.clean':
        return ctx.request('POST', url, { cookie: sup, body: {} });
      case 'ficha.passToAfterSales': {
        await pendingFailures(unitId, event.pendingFailureCount);
        return ctx.request('POST', url, { cookie: sup, body: {} });
      }
    }
  }

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const unitId = nextUnit();
    await giveOwner(ctx, unitId, { ownerId });
    for (const step of path.steps) {
      const res = await send(unitId, step.event as FichaEvent);
      expect(res.status, `${step.event.type}: ${res.text}`).toBeLessThan(300);
      coverage.recordStep(step.before, step.event);
      coverage.recordState(step.after);
      const stored = await ficha(unitId);
      const model = step.after.context as {
        scheduledAt: string | null;
        deliveredAt: string | null;
        isPassedToAfterSales: boolean;
      };
      expect({
        state: stored.state,
        scheduledAt: stored.scheduled_delivery_at,
        deliveredAt: stored.delivery_date,
        passed: stored.is_passed_to_after_sales,
      }).toEqual({
        state: step.after.value,
        scheduledAt: model.scheduledAt,
        deliveredAt: model.deliveredAt,
        passed: model.isPassedToAfterSales,
      });
    }
  });

  it('walks every transition and state of the ficha machine', () => {
    const report = coverage.report('ficha (API)', paths.length);
    console.log(report.line);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});

describe('delivery-schedule machine through the API (docs/product.md §4 delivery schedule)', () => {
  const FIRST = slot(10);
  const LATER = slot(14);
  // Inside the owners' 24 h limit: only staff may still answer.
  const NEAR = slot(0, 3);
  const NOW = new Date().toISOString();
  const samples: DeliveryScheduleEvent[] = [
    { type: 'schedule.reschedule', startAt: LATER },
    { type: 'schedule.reschedule', startAt: NEAR },
    { type: 'schedule.reschedule', startAt: '' },
    ...(['schedule.confirm', 'schedule.reject'] as const).flatMap((type) => [
      { type, by: 'owner' as const, now: NOW, confirmationDeadlineHours: 24 },
      { type, by: 'staff' as const, now: NOW, confirmationDeadlineHours: 24 },
    ]),
    { type: 'schedule.settle' },
  ];
  const paths = generatedPaths(deliveryScheduleMachine, samples, { startAt: FIRST });
  const coverage = createCoverage(deliveryScheduleMachine, deliveryScheduleCommands);

  async function send(unitId: number, event: DeliveryScheduleEvent) {
    // A reschedule is part of ficha.schedule (agendar), as domain/fichas.ts says.
    if (event.type === 'schedule.reschedule')
      return ctx.request('POST', `entregas/fichas/${unitId}/${fichaCommands['ficha.schedule'].verb}`, {
        cookie: sup,
        body: { start_at: event.startAt },
      });
    // Settling is part of ficha.deliver (entregar), as domain/fichas.ts says.
    if (event.type === 'schedule.settle')
      return ctx.request('POST', `entregas/fichas/${unitId}/${fichaCommands['ficha.deliver'].verb}`, {
        cookie: sup,
        body: { delivery_date: '2030-05-02', attendees: [{ owner_id: ownerId, role: 'propietario' }] },
      });
    const decision = deliveryScheduleCommands[event.type].verb;
    if (event.by === 'staff')
      return ctx.request('POST', `entregas/fichas/${unitId}/agenda/${decision}`, { cookie: sup, body: {} });
    const scheduleId = (await ficha(unitId)).schedule.id;
    return ctx.request('POST', `entregas/portal/entregas/${scheduleId}/${decision}`, { cookie: ownerCookie, body: {} });
  }

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const unitId = nextUnit();
    await giveOwner(ctx, unitId, { ownerId });
    // The appointment starts as the machine's initial state with the first date.
    expect(
      (await ctx.request('POST', `entregas/fichas/${unitId}/agendar`, { cookie: sup, body: { start_at: FIRST } }))
        .status,
    ).toBe(200);
    for (const step of path.steps) {
      const res = await send(unitId, step.event as DeliveryScheduleEvent);
      expect(res.status, `${step.event.type}: ${res.text}`).toBeLessThan(300);
      coverage.recordStep(step.before, step.event);
      coverage.recordState(step.after);
      const stored = (await ficha(unitId)).schedule;
      expect({ state: stored.state, startAt: stored.start_at }).toEqual({
        state: step.after.value,
        startAt: (step.after.context as { startAt: string }).startAt,
      });
    }
  });

  it('walks every transition and state of the delivery-schedule machine', () => {
    const report = coverage.report('deliverySchedule (API)', paths.length);
    console.log(report.line);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
