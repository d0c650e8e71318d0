import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { failureMachine, type FailureEvent } from '#machines/failure';
import { failureCommands } from '#domain/failures';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { acs, failures } from '../../server/src/db/schema/index.ts';
import { demoIds, newTicket, type DemoIds } from '../../server/src/modules/after-sales/test/fixtures.ts';
import { apiCoverage, apiPaths, type ApiPath } from './api-paths.ts';

/** docs/product.md §4 failure outcomes: every generated path of the failure machine, driven through the real API. */
const samples: FailureEvent[] = [
  { type: 'failure.comply' },
  { type: 'failure.fail' },
  { type: 'failure.markNotApplicable' },
  { type: 'failure.solve' },
  { type: 'failure.solveInAfterSales' },
  { type: 'failure.reopen', acHasReply: false },
  { type: 'failure.reenter', acHasReply: true },
  { type: 'failure.markToOwner' },
];
// Re-entries are counted without bound; the graph only needs to know whether there was one.
const paths = apiPaths(failureMachine, samples, (c) => ({ ...c, reenteredCount: Math.min(c.reenteredCount, 1) }));
const coverage = apiCoverage(failureMachine, failureCommands);

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let cookie: string;
let failureTypeId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  cookie = await ctx.login('supervisor');
  const tree = (await ctx.request('GET', `postventa/catalogo/unidad/${ids.unitId}`, { cookie })).json.data;
  failureTypeId = tree.areas[0].places[0].items[0].failures[0].id;
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

const OUTCOME: Partial<Record<FailureEvent['type'], string>> = {
  'failure.comply': 'cumple',
  'failure.fail': 'falla',
  'failure.solve': 'solucionada',
  'failure.solveInAfterSales': 'solucionada_postventa',
};

/**
 * One machine event as the screens send it. Re-entering is for a defect that came back after the
 * owner answered the AC, so the walk first gets that answer (creating the AC when the failure was
 * solved in after-sales and has none).
 */
async function send(ticketId: number, failureId: number, event: FailureEvent) {
  const base = `postventa/solicitudes/${ticketId}/fallas/${failureId}`;
  const verb = failureCommands[event.type].verb;
  if (OUTCOME[event.type])
    return ctx.request('POST', `${base}/${verb}`, { cookie, body: { outcome: OUTCOME[event.type] } });
  if (event.type === 'failure.reenter') {
    const [row] = await ctx.db.select().from(failures).where(eq(failures.id, failureId));
    let acId = row.acId;
    if (!acId)
      acId = (
        await ctx.request('POST', `postventa/solicitudes/${ticketId}/ac`, {
          cookie,
          body: { failure_ids: [failureId] },
        })
      ).json.data.id;
    const [ac] = await ctx.db.select().from(acs).where(eq(acs.id, acId!));
    if (ac.state === 'pendiente')
      await ctx.request('POST', `postventa/solicitudes/${ticketId}/ac/${acId}/responder`, {
        cookie,
        body: { result: 'conforme' },
      });
    return ctx.request('POST', `${base}/${verb}`, { cookie, body: {} });
  }
  return ctx.request('POST', `${base}/${verb}`, { cookie, body: {} });
}

describe('failure machine paths against the API (docs/product.md §4)', () => {
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    const ticket = await newTicket(ctx, cookie, ids, { state: 'en_proceso', responsible_id: ids.supervisor });
    const created = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/fallas`, {
      cookie,
      body: { failure_type_id: failureTypeId },
    });
    const failureId = created.json.data.id as number;
    let reentries = 0;
    for (const step of path.steps) {
      const res = await send(ticket.id, failureId, step.event as FailureEvent);
      expect(res.status, `${step.event.type}: ${res.text}`).toBe(200);
      const [row] = await ctx.db.select().from(failures).where(eq(failures.id, failureId));
      expect(row.state).toBe(step.after.value);
      // The model folds the counter (0 or "at least 1"); the API must count every re-entry.
      if (step.event.type === 'failure.reenter') reentries++;
      expect(row.reenteredCount).toBe(reentries);
      expect(Math.min(row.reenteredCount, 1)).toBe(Math.min(step.after.context.reenteredCount, 1));
      expect(row.markedToOwnerAt !== null).toBe(step.after.context.isMarkedToOwner);
      // docs/product.md §4: a solved failure has an AC waiting for the owner; reopening deletes it.
      if (step.event.type === 'failure.solve') expect(row.acId).not.toBeNull();
      if (step.event.type === 'failure.reopen') expect(row.acId).toBeNull();
      coverage.step(step);
    }
  });

  it('walked every transition of the failure machine', () => {
    const report = coverage.report(paths.length);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
