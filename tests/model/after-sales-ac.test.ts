import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { acMachine, type AcEvent } from '#machines/ac';
import { acCommands } from '#domain/acs';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { acs, orders } from '../../server/src/db/schema/index.ts';
import { demoIds, newTicket, uploadPhoto, type DemoIds } from '../../server/src/modules/after-sales/test/fixtures.ts';
import { apiCoverage, apiPaths, type ApiPath } from './api-paths.ts';

/** docs/product.md §4 AC: every generated path of the AC machine, driven through the real API. */
const samples: AcEvent[] = [
  { type: 'ac.approve' },
  { type: 'ac.disapprove' },
  { type: 'ac.reject', reason: 'La reparación no quedó bien' },
  { type: 'ac.markForReinspection' },
  { type: 'ac.markForWorkOrder' },
  { type: 'ac.sign', signerName: 'Marcela Ríos' },
];
const paths = apiPaths(acMachine, samples);
const coverage = apiCoverage(acMachine, acCommands);

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let cookie: string;
let failureTypeId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  cookie = await ctx.login('agente');
  const tree = (await ctx.request('GET', `postventa/catalogo/unidad/${ids.unitId}`, { cookie })).json.data;
  failureTypeId = tree.areas[2].places[0].items[0].failures[0].id;
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

async function send(ticketId: number, acId: number, event: AcEvent) {
  const url = `postventa/solicitudes/${ticketId}/ac/${acId}/${acCommands[event.type].verb}`;
  switch (event.type) {
    case 'ac.approve':
      return ctx.request('POST', url, { cookie, body: { result: 'conforme' } });
    case 'ac.disapprove':
      return ctx.request('POST', url, { cookie, body: { result: 'no_conforme', reply: 'Persiste la falla' } });
    case 'ac.reject':
      return ctx.request('POST', url, { cookie, body: { result: 'rechazada', reply: event.reason } });
    case 'ac.sign': {
      // The signature drawn on the phone, uploaded first as the dialog does.
      const signature = await uploadPhoto(ctx, cookie, 'firma.png');
      return ctx.request('POST', url, {
        cookie,
        body: { signer_name: event.signerName, signature_path: signature.path },
      });
    }
    default:
      return ctx.request('POST', url, {
        cookie,
        body: { follow_up: event.type === 'ac.markForReinspection' ? 'reinspeccion' : 'orden_trabajo' },
      });
  }
}

describe('AC machine paths against the API (docs/product.md §4)', () => {
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    const ticket = await newTicket(ctx, cookie, ids, { state: 'en_proceso' });
    const failure = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/fallas`, {
      cookie,
      body: { failure_type_id: failureTypeId },
    });
    // Solving a failure asks the owner's conformity: that is how an AC is born (failure machine createAc).
    const solved = await ctx.request(
      'POST',
      `postventa/solicitudes/${ticket.id}/fallas/${failure.json.data.id}/resultado`,
      { cookie, body: { outcome: 'solucionada' } },
    );
    const acId = solved.json.data.ac_id as number;
    for (const step of path.steps) {
      const res = await send(ticket.id, acId, step.event as AcEvent);
      expect(res.status, `${step.event.type}: ${res.text}`).toBe(200);
      const [row] = await ctx.db.select().from(acs).where(eq(acs.id, acId));
      expect(row.state).toBe(step.after.value);
      expect(row.followUp).toBe(step.after.context.followUp);
      expect(row.signedAt !== null).toBe(step.after.context.isSigned);
      if (row.followUp) {
        const [order] = await ctx.db.select().from(orders).where(eq(orders.id, row.followUpOrderId!));
        expect(order).toMatchObject({ kind: row.followUp === 'reinspeccion' ? 'OI' : 'OT', state: 'creada', acId });
      }
      coverage.step(step);
    }
  });

  it('walked every transition of the AC machine', () => {
    const report = coverage.report(paths.length);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
