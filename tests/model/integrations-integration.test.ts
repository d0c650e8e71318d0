import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { integrationMachine, type IntegrationEvent } from '#machines/integration';
import { integrationCommands } from '#domain/integrations';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { integrations } from '../../server/src/db/schema/index.ts';
import { signRequestToken } from '../../server/src/modules/integrations/requests/tokens.ts';
import { apiCoverage, apiPaths, type ApiPath } from './api-paths.ts';

/**
 * docs/product.md §4 integrations: every generated path of the integration machine, driven through the real API.
 * The company requests (POST solicitudes), the provider moves it into process through the signed link of the
 * request e-mail (as the system), and the administrator activates and deactivates with the verb routes. The
 * calendar feeds need no settings, so the machine's isConfigured holds for them.
 */
const samples: IntegrationEvent[] = [
  { type: 'integration.startProcessing' },
  { type: 'integration.activate', isConfigured: true },
  { type: 'integration.deactivate' },
];
const paths = apiPaths(integrationMachine, samples);
const coverage = apiCoverage(integrationMachine, integrationCommands);

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const calendar = () => and(eq(integrations.companyId, ctx.seed.companyId), eq(integrations.kind, 'calendario'));

async function send(event: IntegrationEvent): Promise<number> {
  switch (event.type) {
    case 'integration.startProcessing': {
      const token = signRequestToken(ctx.deps.config.signingSecret, {
        companyId: ctx.seed.companyId,
        target: { kind: 'integration', integration: 'calendario' },
        step: 'process',
      });
      // The provider's form post: no session, no CSRF header.
      const res = await ctx.app.request(`http://localhost/proveedor/solicitudes/${token}`, { method: 'POST' });
      return res.status;
    }
    case 'integration.activate':
    case 'integration.deactivate': {
      const verb = event.type === 'integration.activate' ? 'activar' : 'desactivar';
      return (await ctx.request('POST', `configuracion/integraciones/calendario/${verb}`, { cookie: admin, body: {} }))
        .status;
    }
  }
}

describe('integration machine paths against the API (docs/product.md §4)', () => {
  it.each(paths.map((p) => [p.name, p] as [string, ApiPath]))('%s', async (_name, path) => {
    await ctx.db.delete(integrations).where(calendar());
    const requested = await ctx.request('POST', 'configuracion/integraciones/solicitudes', {
      cookie: admin,
      body: { target: { kind: 'integration', integration: 'calendario' } },
    });
    expect(requested.status, requested.text).toBe(201);
    for (const step of path.steps) {
      expect(await send(step.event as IntegrationEvent), step.event.type).toBe(200);
      const [row] = await ctx.db.select().from(integrations).where(calendar());
      expect(row.state).toBe(step.after.value);
      coverage.step(step);
    }
  });

  it('walked every transition of the integration machine', () => {
    const report = coverage.report(paths.length);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });
});
