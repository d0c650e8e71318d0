import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { apiApps, webhookApplications } from '../../../db/schema/index.ts';
import { dataOf } from '#domain/responses';
import { z } from 'zod';
import {
  webhookApplicationRowSchema,
  webhookApplicationWithSecretSchema,
  webhookHookRowSchema,
  webhookSettingsRowSchema,
} from '#domain/webhooks-responses';

let ctx: TestContext;
let admin: string;
let other: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  other = await ctx.login('otra');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const base = 'configuracion/integraciones/webhooks';
const PUBLIC_URL = 'https://93.184.215.14/hooks';
const create = (body: unknown, cookie = admin, lang = 'es') =>
  ctx.request('POST', `${base}/aplicaciones`, { cookie, body, headers: { 'Accept-Language': lang } });
const app = (name = 'ERP', hooks = [{ event: 'ticket.created', url: PUBLIC_URL }]) => ({ name, hooks });

describe('webhooks: activation (docs/product.md §2 config/integraciones/webhooks)', () => {
  it('is off until an administrator turns it on', async () => {
    expect((await ctx.request('GET', `${base}/ajustes`, { cookie: admin })).json.data).toEqual({ enabled: false });
    const put = await ctx.request('PUT', `${base}/ajustes`, { cookie: admin, body: { enabled: true } });
    expect(put.json.data).toEqual({ enabled: true });
    expect((await ctx.request('GET', `${base}/ajustes`, { cookie: admin })).json.data).toEqual({ enabled: true });
    expect((await ctx.request('GET', `${base}/ajustes`, { cookie: other })).json.data).toEqual({ enabled: false });
  });

  it('needs config_integraciones', async () => {
    const agent = await ctx.login('agente');
    expect((await ctx.request('GET', `${base}/ajustes`, { cookie: agent })).status).toBe(403);
    expect((await create(app(), agent)).status).toBe(403);
  });
});

describe('webhooks: applications (docs/product.md §3 Webhook application)', () => {
  it('creates an application (tied to an API app of the company) and shows its secret once, sealed at rest', async () => {
    const issue = async (companyId: number) =>
      (
        await ctx.db
          .insert(apiApps)
          .values({ companyId, name: 'ERP', clientId: `app_${companyId}_hooks`, secretHash: '0'.repeat(64), scope: [] })
          .returning()
      )[0].id;
    const apiAppId = await issue(ctx.seed.companyId);
    expect((await create({ ...app('CRM'), api_app_id: await issue(ctx.seed.otherCompanyId) })).status).toBe(404);
    const res = await create({ ...app('CRM'), api_app_id: apiAppId });
    expect(res.status).toBe(201);
    expect(res.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(res.json.data).toMatchObject({
      name: 'CRM',
      api_app_id: apiAppId,
      secret_hint: res.json.secret.slice(-4),
      hooks: [
        { event: 'ticket.created', module: 'postventa', url: PUBLIC_URL, state: 'activo', disabled_reason: null },
      ],
    });
    const [stored] = await ctx.db
      .select()
      .from(webhookApplications)
      .where(eq(webhookApplications.id, res.json.data.id));
    expect(stored.secretSealed).not.toContain(res.json.secret.slice(6));
    const list = await ctx.request('GET', `${base}/aplicaciones`, { cookie: admin });
    expect(list.text).not.toContain(res.json.secret);
    expect(list.json.data.map((a: { name: string }) => a.name)).toContain('CRM');
    const filtered = await ctx.request('GET', `${base}/aplicaciones?api_app_id=${apiAppId}`, { cookie: admin });
    expect(filtered.json.data.map((a: { id: number }) => a.id)).toEqual([res.json.data.id]);
  });

  it('renews the secret: a new one, shown once', async () => {
    const created = await create(app('Renovable'));
    const renewed = await ctx.request('POST', `${base}/aplicaciones/${created.json.data.id}/renovar-secreto`, {
      cookie: admin,
    });
    expect(renewed.status).toBe(200);
    expect(renewed.json.secret).toMatch(/^whsec_/);
    expect(renewed.json.secret).not.toBe(created.json.secret);
    expect(renewed.json.data.secret_hint).toBe(renewed.json.secret.slice(-4));
  });

  it.each([
    ['no name', { hooks: app().hooks }, 'name', 'Este campo es obligatorio'],
    ['no events', { name: 'X', hooks: [] }, 'hooks', 'Seleccione al menos un evento'],
    ['unknown event', { name: 'X', hooks: [{ event: 'nope', url: PUBLIC_URL }] }, 'hooks.0.event', 'Valor inválido'],
    [
      'bad URL',
      { name: 'X', hooks: [{ event: 'ticket.created', url: 'ftp://x' }] },
      'hooks.0.url',
      'Ingrese una URL válida',
    ],
    [
      'repeated event',
      { name: 'X', hooks: [...app().hooks, ...app().hooks] },
      'hooks.1.event',
      'Este evento ya está en la lista',
    ],
  ])('refuses %s (422 on the field)', async (_case, body, field, message) => {
    const res = await create(body);
    expect(res.status).toBe(422);
    expect(res.json.fields[field]).toBe(message);
  });

  it('refuses loopback and private URLs when the allow-list is empty, in the caller language', async () => {
    ctx.deps.config.outboundAllow = [];
    for (const url of ['http://127.0.0.1:8080/x', 'http://10.0.0.5/x', 'http://[::1]/x', 'http://169.254.169.254/']) {
      const res = await create(app('Local', [{ event: 'ticket.created', url }]));
      expect(res.status).toBe(422);
      expect(res.json.fields['hooks.0.url']).toMatch(/dirección pública/);
    }
    const pt = await create(app('Local', [{ event: 'ticket.created', url: 'http://127.0.0.1/' }]), admin, 'pt-BR');
    expect(pt.json.fields['hooks.0.url']).toMatch(/endereço público/);
  });

  it('updates name and events: kept events keep their state, new ones start active, absent ones go', async () => {
    const created = await create(app('Cambios'));
    const id = created.json.data.id;
    const hookId = created.json.data.hooks[0].id;
    await ctx.request('POST', `${base}/eventos/${hookId}/deshabilitar`, { cookie: admin });
    const res = await ctx.request('PATCH', `${base}/aplicaciones/${id}`, {
      cookie: admin,
      body: {
        name: 'Cambios 2',
        hooks: [
          { event: 'ticket.created', url: `${PUBLIC_URL}/v2` },
          { event: 'user.created', url: PUBLIC_URL },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.name).toBe('Cambios 2');
    expect(res.json.data.hooks).toMatchObject([
      { id: hookId, event: 'ticket.created', url: `${PUBLIC_URL}/v2`, state: 'deshabilitado' },
      { event: 'user.created', state: 'activo' },
    ]);
  });

  it('disables and enables an event by hand (webhook-event machine), 409 when already in that state', async () => {
    const created = await create(app('Manual'));
    const hookId = created.json.data.hooks[0].id;
    const off = await ctx.request('POST', `${base}/eventos/${hookId}/deshabilitar`, { cookie: admin });
    expect(off.json.data).toMatchObject({ state: 'deshabilitado', disabled_reason: 'manual' });
    expect((await ctx.request('POST', `${base}/eventos/${hookId}/deshabilitar`, { cookie: admin })).status).toBe(409);
    const on = await ctx.request('POST', `${base}/eventos/${hookId}/habilitar`, { cookie: admin });
    expect(on.json.data).toMatchObject({ state: 'activo', disabled_reason: null });
  });

  it("isolates companies: another company's application and events are 404", async () => {
    const created = await create(app('Privada'));
    const { id, hooks } = created.json.data;
    const opts = { cookie: other };
    expect((await ctx.request('PATCH', `${base}/aplicaciones/${id}`, { ...opts, body: { name: 'x' } })).status).toBe(
      404,
    );
    expect((await ctx.request('DELETE', `${base}/aplicaciones/${id}`, opts)).status).toBe(404);
    expect((await ctx.request('POST', `${base}/aplicaciones/${id}/renovar-secreto`, opts)).status).toBe(404);
    expect(
      (await ctx.request('POST', `${base}/aplicaciones/${id}/probar`, { ...opts, body: { event: 'ticket.created' } }))
        .status,
    ).toBe(404);
    expect((await ctx.request('POST', `${base}/eventos/${hooks[0].id}/deshabilitar`, opts)).status).toBe(404);
    const list = await ctx.request('GET', `${base}/aplicaciones`, opts);
    expect(list.json.data).toEqual([]);
  });

  it('deletes an application', async () => {
    const created = await create(app('Borrable'));
    const res = await ctx.request('DELETE', `${base}/aplicaciones/${created.json.data.id}`, { cookie: admin });
    expect(res.json.data).toEqual({ deleted: true });
    const list = await ctx.request('GET', `${base}/aplicaciones`, { cookie: admin });
    expect(list.json.data.map((a: { name: string }) => a.name)).not.toContain('Borrable');
  });

  it('answers what the response schemas say (domain/webhooks-responses.ts)', async () => {
    const created = await create(app('Contrato'));
    expect(webhookApplicationWithSecretSchema.parse(created.json)).toEqual(created.json);
    const list = await ctx.request('GET', `${base}/aplicaciones`, { cookie: admin });
    expect(dataOf(z.array(webhookApplicationRowSchema)).parse(list.json)).toEqual(list.json);
    const settings = await ctx.request('GET', `${base}/ajustes`, { cookie: admin });
    expect(dataOf(webhookSettingsRowSchema).parse(settings.json)).toEqual(settings.json);
    const hookId = created.json.data.hooks[0].id;
    const off = await ctx.request('POST', `${base}/eventos/${hookId}/deshabilitar`, { cookie: admin });
    expect(dataOf(webhookHookRowSchema).parse(off.json)).toEqual(off.json);
  });
});
