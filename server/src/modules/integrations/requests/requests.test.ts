import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { auditLog, integrations, mailOutbox, moduleStatus, outbox, users } from '../../../db/schema/index.ts';
import { internalsOf } from '../../../events/outbox.ts';
import { signRequestToken, verifyRequestToken, REQUEST_LINK_TTL_MS } from './tokens.ts';

let ctx: TestContext;
let admin: string;
let adminId: number;
const PROVIDER = 'proveedor@example.com';
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.deps.config.providerEmail = PROVIDER;
  admin = await ctx.login('admin');
  [{ id: adminId }] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  // The demo company's integrations were all set up by the seed: the CRM is asked for again from scratch.
  await ctx.db
    .delete(integrations)
    .where(and(eq(integrations.companyId, ctx.seed.companyId), eq(integrations.kind, 'hubspot')));
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const ask = (target: Record<string, string>, cookie = admin) =>
  ctx.request('POST', 'configuracion/integraciones/solicitudes', { cookie, body: { target } });

/** The provider's page: a plain cross-site form post, with no session, no CSRF header and a foreign Origin. */
async function provider(url: string, method: 'GET' | 'POST' = 'GET') {
  const res = await ctx.app.request(url.replace(/^https?:\/\/[^/]+/, 'http://localhost'), {
    method,
    headers:
      method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.example' } : {},
    body: method === 'POST' ? '' : undefined,
  });
  return { status: res.status, text: await res.text() };
}

async function lastMail() {
  const [mail] = await ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
}
const linksOf = (text: string) => [...text.matchAll(/https?:\/\/\S+\/proveedor\/solicitudes\/\S+/g)].map((m) => m[0]);

const moduleRow = async (companyId: number, module: string) =>
  (
    await ctx.db
      .select()
      .from(moduleStatus)
      .where(and(eq(moduleStatus.companyId, companyId), eq(moduleStatus.module, module)))
  )[0];

describe('module and integration requests (docs/product.md §4, §6)', () => {
  it('requests a module: solicitado, who and when, audit, event, and the provider e-mailed with two links', async () => {
    const res = await ask({ kind: 'module', module: 'billing' });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toEqual({
      key: 'billing_solicitar_activacion',
      state: 'solicitada',
      provider_notified: true,
    });
    const row = await moduleRow(ctx.seed.companyId, 'billing');
    expect(row).toMatchObject({ status: 'solicitado' });
    expect(row.requestedBy).not.toBeNull();
    expect(row.requestedAt).toBeInstanceOf(Date);
    const mail = await lastMail();
    expect(mail.to).toBe(PROVIDER);
    expect(mail.text).toContain('billing_solicitar_activacion');
    expect(mail.subject).toMatch(/Solicitud de activación del módulo/);
    expect(linksOf(mail.text)).toHaveLength(2);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'module'), eq(auditLog.action, 'requested')));
    expect(audit.after).toMatchObject({ modulo: 'billing', status: 'solicitado' });
    const events = await ctx.db.select().from(outbox).where(eq(outbox.type, 'integration.requested'));
    expect(events).toHaveLength(1);
  });

  it('refuses a second request of what is requested, in process or active (409)', async () => {
    expect((await ask({ kind: 'module', module: 'billing' })).status).toBe(409);
    const active = await ask({ kind: 'module', module: 'biblioteca' });
    expect(active.status).toBe(409);
    expect(active.json.message).toMatch(/Activo/);
    expect((await ask({ kind: 'integration', integration: 'procore' })).status).toBe(409);
    expect((await ask({ kind: 'module', module: 'integraciones' })).status).toBe(422);
    expect((await ask({ kind: 'nada' } as never)).status).toBe(422);
  });

  it('walks a module through the provider links: solicitado → en proceso → activo, idempotent', async () => {
    const [process, activate] = linksOf((await lastMail()).text);
    expect((await provider(activate, 'POST')).text).toContain('Primero marque');
    expect((await moduleRow(ctx.seed.companyId, 'billing')).status).toBe('solicitado');
    const page = await provider(process);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Marcar en proceso');
    expect((await provider(process, 'POST')).text).toContain('En proceso');
    expect((await moduleRow(ctx.seed.companyId, 'billing')).status).toBe('en_proceso');
    const again = await provider(process, 'POST');
    expect(again.status).toBe(200);
    expect(again.text).not.toContain('<form');
    expect((await provider(activate, 'POST')).text).toContain('Activo');
    expect((await moduleRow(ctx.seed.companyId, 'billing')).status).toBe('activo');
    const config = await ctx.request('GET', 'configuracion/integraciones/modulos', { cookie: admin });
    expect(config.json.data.find((m: { module: string }) => m.module === 'billing').status).toBe('activo');
  });

  it('requests an integration; its link takes it to en proceso only, and the administrators are notified', async () => {
    const res = await ask({ kind: 'integration', integration: 'hubspot' });
    expect(res.status, res.text).toBe(201);
    expect((await ask({ kind: 'integration', integration: 'hubspot' })).status).toBe(409);
    const links = linksOf((await lastMail()).text);
    expect(links).toHaveLength(1);
    expect((await provider(links[0], 'POST')).text).toContain('la empresa fue notificada');
    expect((await provider(links[0])).text).toContain('la empresa la configura');
    const view = await ctx.request('GET', 'configuracion/integraciones/hubspot', { cookie: admin });
    expect(view.json.data.state).toBe('en_proceso');
    const [moved] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'integration.state_changed'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(internalsOf(moved).notify).toContain(adminId);
  });

  it('answers 404 for a tampered, expired or foreign token, and moves nothing', async () => {
    const secret = ctx.deps.config.signingSecret;
    await ctx.db
      .insert(moduleStatus)
      .values({ companyId: ctx.seed.otherCompanyId, module: 'insights', status: 'solicitado' });
    const foreign = signRequestToken(secret, {
      companyId: ctx.seed.otherCompanyId,
      target: { kind: 'module', module: 'insights' },
      step: 'process',
    });
    const [payload, mac] = foreign.split('.');
    const forged = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace(String(ctx.seed.otherCompanyId), String(ctx.seed.companyId)),
    ).toString('base64url');
    const ownButUnasked = signRequestToken(secret, {
      companyId: ctx.seed.companyId,
      target: { kind: 'module', module: 'insights' },
      step: 'process',
    });
    const expired = signRequestToken(
      secret,
      { companyId: ctx.seed.otherCompanyId, target: { kind: 'module', module: 'insights' }, step: 'process' },
      Date.now() - REQUEST_LINK_TTL_MS - 1000,
    );
    expect(verifyRequestToken(secret, expired)).toBeUndefined();
    for (const token of [`${forged}.${mac}`, ownButUnasked, expired, 'nada', `${payload}.x`]) {
      const res = await provider(`/proveedor/solicitudes/${token}`, 'POST');
      expect(res.status, token).toBe(404);
      expect(res.text).toContain('Enlace no válido');
    }
    expect((await moduleRow(ctx.seed.otherCompanyId, 'insights')).status).toBe('solicitado');
    expect((await provider(`/proveedor/solicitudes/${foreign}`, 'POST')).status).toBe(200);
    expect((await moduleRow(ctx.seed.otherCompanyId, 'insights')).status).toBe('en_proceso');
    expect(await moduleRow(ctx.seed.companyId, 'insights')).toBeUndefined();
  });

  it('stands without a provider address, and is closed to whoever lacks config_integraciones', async () => {
    ctx.deps.config.providerEmail = null;
    const before = (await lastMail()).id;
    const res = await ask({ kind: 'module', module: 'insights' });
    expect(res.json.data.provider_notified).toBe(false);
    expect((await lastMail()).id).toBe(before);
    ctx.deps.config.providerEmail = PROVIDER;
    const agent = await ctx.login('agente');
    expect((await ask({ kind: 'module', module: 'hormigon' }, agent)).status).toBe(403);
    expect((await ctx.request('GET', 'configuracion/integraciones/modulos', { cookie: agent })).status).toBe(403);
  });
});
