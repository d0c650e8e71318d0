import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderMachine, type OrderEvent } from '#machines/order';
import { orderCommands } from '#domain/orders';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { orders } from '../../server/src/db/schema/index.ts';
import { demoIds, newTicket, type DemoIds } from '../../server/src/modules/after-sales/test/fixtures.ts';
import { apiCoverage, apiPaths, slotAhead, type ApiPath } from './api-paths.ts';

/** docs/product.md §4 orders: every generated path of the order machine, driven through the real API (staff and owner). */
const first = slotAhead(5);
const second = slotAhead(6, 30);
const plus60 = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();
const facts = { ticketState: 'en_proceso' as const, hasManagedFailure: false };
const answer = (by: 'staff' | 'owner') => ({ by, now: new Date().toISOString(), confirmationDeadlineHours: 24 });
const samples: OrderEvent[] = [
  { type: 'order.schedule', startAt: first, endAt: plus60(first), ...facts },
  { type: 'order.reschedule', startAt: second, endAt: plus60(second), ...facts },
  { type: 'order.unschedule', ...facts },
  { type: 'order.confirm', ...answer('staff') },
  { type: 'order.confirm', ...answer('owner') },
  { type: 'order.reject', ...answer('staff') },
  { type: 'order.reject', ...answer('owner') },
  { type: 'order.cancel' },
  { type: 'order.manage' },
  { type: 'order.finish' },
];
// Only whether a visit is scheduled matters to the graph, not which of the two dates.
const paths = apiPaths(orderMachine, samples, (c) => ({ scheduled: c.startAt !== null }));
const coverage = apiCoverage(orderMachine, orderCommands);

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let staff: string;
let owner: string;
let failureTypeId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  staff = await ctx.login('agente');
  owner = await ctx.login('propietario');
  const tree = (await ctx.request('GET', `postventa/catalogo/unidad/${ids.unitId}`, { cookie: staff })).json.data;
  failureTypeId = tree.areas[1].places[0].items[0].failures[0].id;
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

async function send(ticketId: number, orderId: number, failureId: number, event: OrderEvent) {
  const base = `postventa/solicitudes/${ticketId}/oi/${orderId}`;
  const verb = orderCommands[event.type].verb;
  switch (event.type) {
    case 'order.schedule':
    case 'order.reschedule':
      return ctx.request('POST', `${base}/${verb}`, {
        cookie: staff,
        body: { start_at: event.startAt, duration_minutes: 60 },
      });
    case 'order.confirm':
    case 'order.reject': {
      return event.by === 'owner'
        ? ctx.request('POST', `postventa/portal/visitas/${orderId}/${verb}`, { cookie: owner, body: {} })
        : ctx.request('POST', `${base}/${verb}`, { cookie: staff, body: {} });
    }
    case 'order.manage':
      return ctx.request('POST', `${base}/${verb}`, {
        cookie: staff,
        body: { results: [{ failure_id: failureId, result: 'falla' }] },
      });
    default:
      return ctx.request('POST', `${base}/${verb}`, { cookie: staff, body: {} });
  }
}

describe('order machine paths against the API (docs/product.md §4)', () => {
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    const ticket = await newTicket(ctx, staff, ids, { state: 'en_proceso' });
    const failure = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/fallas`, {
      cookie: staff,
      body: { failure_type_id: failureTypeId },
    });
    const created = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/oi`, {
      cookie: staff,
      body: { responsible_id: ids.agente, failure_ids: [failure.json.data.id], start_at: first, duration_minutes: 60 },
    });
    const orderId = created.json.data.id as number;
    // The machine starts in 'creada': crear always schedules (docs/product.md §5), so the walk starts by unscheduling.
    expect((await send(ticket.id, orderId, failure.json.data.id, { type: 'order.unschedule', ...facts })).status).toBe(
      200,
    );
    for (const step of path.steps) {
      const res = await send(ticket.id, orderId, failure.json.data.id, step.event as OrderEvent);
      expect(res.status, `${step.event.type}: ${res.text}`).toBe(200);
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
      expect(row.state).toBe(step.after.value);
      expect(row.startAt?.toISOString() ?? null).toBe(step.after.context.startAt);
      expect(row.endAt?.toISOString() ?? null).toBe(step.after.context.endAt);
      coverage.step(step);
    }
  });

  it('walked every transition of the order machine', () => {
    const report = coverage.report(paths.length);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
