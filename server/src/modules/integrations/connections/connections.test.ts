import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { auditLog, integrations, users } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { translator } from '../../../lib/i18n.ts';
import { connectionCommand } from './commands.ts';
import { saveConnection } from './service.ts';

let ctx: TestContext;
let admin: string;
let adminUser: SessionUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminUser = { id: row.id, companyId: ctx.seed.companyId } as SessionUser;
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const post = (path: string, cookie = admin) =>
  ctx.request('POST', `configuracion/integraciones/${path}`, { cookie, body: {} });

describe('configuracion/integraciones (docs/product.md §2 index, §4 integration states)', () => {
  it('lists every integration with the company state, never another company', async () => {
    await ctx.db.insert(integrations).values({ companyId: ctx.seed.otherCompanyId, kind: 'procore', state: 'activa' });
    const res = await ctx.request('GET', 'configuracion/integraciones', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.json.data.map((c: { kind: string; state: string }) => [c.kind, c.state])).toEqual([
      ['hubspot', 'en_proceso'],
      ['procore', 'en_proceso'],
      ['calendario', 'activa'],
    ]);
  });

  it('refuses to activate what is not configured, in the caller language', async () => {
    const res = await post('hubspot/activar');
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/activar/i);
  });

  it('keeps secrets sealed and answers only whether they are set', async () => {
    const view = await saveConnection(ctx.deps, adminUser, 'hubspot', {
      settings: { app_id: '123', pipeline_id: '0' },
      secrets: { access_token: 'pat-na1-0000-1111-2222-abcd' },
    });
    expect(view).toMatchObject({ configured: true, secrets: { access_token: { set: true, last4: 'abcd' } } });
    const [row] = await ctx.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.companyId, ctx.seed.companyId), eq(integrations.kind, 'hubspot')));
    expect(row.secrets).not.toContain('pat-na1');
    const res = await ctx.request('GET', 'configuracion/integraciones/hubspot', { cookie: admin });
    expect(res.text).not.toContain('pat-na1');
    expect(res.json.data.configured).toBe(true);
  });

  it('activates and deactivates once configured, with history, audit and event', async () => {
    const on = await post('hubspot/activar');
    expect(on.status).toBe(200);
    expect(on.json.data.state).toBe('activa');
    expect((await post('hubspot/desactivar')).json.data.state).toBe('inactiva');
    expect((await post('hubspot/activar')).json.data.state).toBe('activa');
    const lines = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'integration'), eq(auditLog.companyId, ctx.seed.companyId)));
    expect(lines.map((l) => l.action)).toEqual(['updated', 'enabled', 'disabled', 'enabled']);
  });

  it('moves a request on only as the system (the provider), and a foreign or unknown kind is 404', async () => {
    const t = translator('es');
    await ctx.db
      .update(integrations)
      .set({ state: 'solicitada' })
      .where(and(eq(integrations.companyId, ctx.seed.companyId), eq(integrations.kind, 'procore')));
    await expect(
      connectionCommand(ctx.deps, adminUser, ctx.seed.companyId, 'procore', 'integration.startProcessing', t),
    ).rejects.toMatchObject({ status: 403 });
    const view = await connectionCommand(
      ctx.deps,
      'system',
      ctx.seed.companyId,
      'procore',
      'integration.startProcessing',
      t,
    );
    expect(view.state).toBe('en_proceso');
    expect((await post('otra/activar')).status).toBe(404);
    expect((await ctx.request('GET', 'configuracion/integraciones/otra', { cookie: admin })).status).toBe(404);
  });

  it('is closed to whoever lacks config_integraciones', async () => {
    const agent = await ctx.login('agente');
    expect((await ctx.request('GET', 'configuracion/integraciones', { cookie: agent })).status).toBe(403);
    expect((await post('calendario/desactivar', agent)).status).toBe(403);
  });
});
