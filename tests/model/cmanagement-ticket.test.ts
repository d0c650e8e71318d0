import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cmTicketMachine, type CmTicketContext, type CmTicketEvent } from '#machines/cm-ticket';
import { cmTicketCommands } from '#domain/cmanagement';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { cmIssues, cmTickets } from '../../server/src/db/schema/index.ts';
import { insertCmTicket } from '../../server/src/modules/cmanagement/tasks/test-records.ts';
import { apiCoverage, apiPaths, type ApiPath } from './api-paths.ts';

/**
 * docs/product.md §1 Cmanagement ticket: every generated path of machines/cm-ticket.ts, driven through the real API
 * (POST cmanagement/tickets/{id}/<verb>) with the stored state checked after each step: a ticket without open
 * issues, and one with an open issue (the guard of cmTicket.resolve).
 */
const samples: CmTicketEvent[] = [
  { type: 'cmTicket.start' },
  { type: 'cmTicket.block', reason: 'Falta el material del proveedor' },
  { type: 'cmTicket.unblock' },
  { type: 'cmTicket.resolve' },
  { type: 'cmTicket.close' },
  { type: 'cmTicket.reopen' },
];
const variants = [{ openIssues: 0 }, { openIssues: 1 }] satisfies CmTicketContext[];
const pathsOf = (input: CmTicketContext) => apiPaths(cmTicketMachine, samples, (c) => c, input);
const coverage = apiCoverage(cmTicketMachine, cmTicketCommands);

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await ctx.login('supervisor');
}, 180_000);
afterAll(async () => ctx?.close());

const ticketOf = async (id: number) => (await ctx.db.select().from(cmTickets).where(eq(cmTickets.id, id)))[0];
const send = (ticketId: number, event: CmTicketEvent) =>
  ctx.request('POST', `cmanagement/tickets/${ticketId}/${cmTicketCommands[event.type].verb}`, {
    cookie,
    body: 'reason' in event ? { reason: event.reason } : {},
  });

/** A fresh ticket with `openIssues` open issues, written to the tables (the walk is about the verbs). */
async function newTicket(openIssues: number) {
  const ticket = await insertCmTicket(ctx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[0] });
  for (let i = 0; i < openIssues; i += 1)
    await ctx.db.insert(cmIssues).values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      number: i + 1,
      title: `Observación ${i + 1}`,
      createdBy: ticket.createdBy,
    });
  return ticket.id;
}

describe.each(variants)('cm-ticket machine paths against the API (openIssues $openIssues)', (input) => {
  const paths = pathsOf(input);
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    const ticketId = await newTicket(input.openIssues);
    for (const step of path.steps) {
      const res = await send(ticketId, step.event as CmTicketEvent);
      expect(res.status, `${step.event.type}: ${res.text}`).toBe(200);
      expect((await ticketOf(ticketId)).state).toBe(step.after.value);
      expect(res.json.data.allowed_events).toEqual(samples.filter((e) => step.after.can(e)).map((e) => e.type));
      coverage.step(step);
    }
    // The API refuses what the machine refuses in the final state (409), and stores nothing.
    const final = path.steps.at(-1)!.after;
    for (const refused of samples.filter((e) => !final.can(e))) {
      const before = await ticketOf(ticketId);
      const res = await send(ticketId, refused);
      expect(res.status, `${refused.type} refused: ${res.text}`).toBe(409);
      expect((await ticketOf(ticketId)).state).toBe(before.state);
    }
  });
});

describe('cm-ticket guards through the API', () => {
  it('a block without a reason is refused per field and stores nothing (guard hasReason)', async () => {
    const ticketId = await newTicket(0);
    const res = await send(ticketId, { type: 'cmTicket.block', reason: '   ' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.fields)).toEqual(['reason']);
    expect((await ticketOf(ticketId)).state).toBe('abierto');
  });
});

describe('cm-ticket coverage', () => {
  it('walked every transition of the cm-ticket machine', () => {
    const report = coverage.report(variants.reduce((n, v) => n + pathsOf(v).length, 0));
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
