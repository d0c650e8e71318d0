import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ticketMachine, type TicketEvent } from '#machines/ticket';
import { ticketCommands } from '#domain/tickets';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { tickets } from '../../server/src/db/schema/index.ts';
import { demoIds, newTicket, type DemoIds } from '../../server/src/modules/after-sales/test/fixtures.ts';
import { apiCoverage, apiPaths, type ApiPath } from './api-paths.ts';

/** docs/product.md §4 ticket lifecycle: every generated path of the ticket machine, driven through the real API. */
const samples: TicketEvent[] = [
  { type: 'ticket.open' },
  { type: 'ticket.startProgress' },
  { type: 'ticket.saveAs', state: 'abierta' },
  { type: 'ticket.saveAs', state: 'en_proceso' },
  { type: 'ticket.postpone' },
  { type: 'ticket.unpostpone' },
  { type: 'ticket.resolve', pendingFailureCount: 0 },
  { type: 'ticket.close', justification: 'Trabajos terminados' },
  { type: 'ticket.markNotApplicable', justification: 'No corresponde a garantía' },
  { type: 'ticket.reopen' },
  { type: 'ticket.merge', intoTicketId: 1 },
];
const paths = apiPaths(ticketMachine, samples);
const coverage = apiCoverage(ticketMachine, ticketCommands);

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  cookie = await ctx.login('admin');
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

/** One machine event as the screens send it: to its verb from the command table, or by PATCH and merge. */
async function send(ticketId: number, event: TicketEvent) {
  if (event.type === 'ticket.saveAs')
    return ctx.request('PATCH', `postventa/solicitudes/${ticketId}`, { cookie, body: { state: event.state } });
  if (event.type === 'ticket.merge') {
    const survivor = await newTicket(ctx, cookie, ids, { subject: 'Solicitud que sobrevive a la fusión' });
    return ctx.request('POST', `postventa/solicitudes/${survivor.id}/fusionar`, {
      cookie,
      body: { ticket_ids: [ticketId] },
    });
  }
  const body = 'justification' in event ? { justification: event.justification } : {};
  return ctx.request('POST', `postventa/solicitudes/${ticketId}/${ticketCommands[event.type].verb}`, { cookie, body });
}

describe('ticket machine paths against the API (docs/product.md §4)', () => {
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    const ticket = await newTicket(ctx, cookie, ids);
    for (const step of path.steps) {
      const res = await send(ticket.id, step.event as TicketEvent);
      expect(res.status, `${step.event.type}: ${res.text}`).toBe(200);
      const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(row.state).toBe(step.after.value);
      expect(row.previousState).toBe(step.after.context.previousState);
      coverage.step(step);
    }
    // The API refuses what the machine refuses in the final state, and stores nothing.
    const final = path.steps.at(-1)!.after;
    const refused = samples.find((e) => !final.can(e) && e.type !== 'ticket.merge');
    if (refused) {
      const res = await send(ticket.id, refused);
      expect(res.status).toBe(409);
      const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(row.state).toBe(final.value);
    }
  });

  it('walked every transition of the ticket machine', () => {
    const report = coverage.report(paths.length);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
