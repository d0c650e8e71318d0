import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app.ts';
import { routeTable } from '../../server/src/http/route-table.ts';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { expandRoute, fillPath, samplesIn, type Samples } from './route-samples.ts';

let ctx: TestContext;
let own: Samples;
beforeAll(async () => {
  ctx = await createTestContext();
  own = await samplesIn(ctx, ctx.seed.companyId);
}, 180_000);
afterAll(() => ctx?.close());

describe('route samples', () => {
  it('expands enum parameters into one call each', () => {
    const calls = expandRoute({
      method: 'POST',
      path: '/postventa/solicitudes/:id/:action{(?:cerrar|reabrir)}',
      audience: 'staff',
      permissions: [],
    });
    expect(calls.map((c) => c.template)).toEqual([
      '/postventa/solicitudes/:id/cerrar',
      '/postventa/solicitudes/:id/reabrir',
    ]);
  });

  it('fills every id route of the app with a record of the demo company', () => {
    const calls = routeTable(createApp(ctx.deps)).flatMap(expandRoute);
    const unfilled = calls
      .filter((c) => c.template.includes('/:') && !fillPath(c.template, own))
      .map((c) => `${c.method} ${c.template}`);
    // The demo seed has no notification, uploaded file, AC, certificate, plan, revision result, saved view, worker,
    // course, API app, webhook, integration call, library share, link, upload session, Concrete document, reception
    // checkpoint, follow-up or data export (Cmanagement's tickets, issues, tasks and links are,
    // server/src/db/seed-cmanagement-tickets.ts) until someone acts: a sweep that needs them writes a record set (recordsIn, sweep-records.ts) over these samples; a part's
    // signed URL is asked for.
    const needsRecords =
      /notificaciones|files|\/ac\/|archivos|planos|revision\/|vistas|trabajadores|cursos|integraciones\/apps|webhooks|registro|biblioteca\/(compartir|enlaces)\/|subidas|storage\/parts|hormigon\/documentos\/|verificaciones\/(recepciones\/[^/]+\/puntos|seguimientos)\/|exportaciones\//;
    expect(unfilled.filter((u) => !needsRecords.test(u))).toEqual([]);
    expect(fillPath('/entregas/areas/:id', own)).toBe(`/entregas/areas/${own.area}`);
    expect(fillPath('/entregas/tipos-unidad/:id/areas', own)).toBe(`/entregas/tipos-unidad/${own.unitType}/areas`);
    expect(fillPath('/postventa/solicitudes/:id/oi/:orderId', own)).toBe(
      `/postventa/solicitudes/${own.ticket}/oi/${own.order}`,
    );
  });
});
