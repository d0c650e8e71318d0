import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import {
  hubspotLinks,
  integrationJobs,
  integrations,
  mailOutbox,
  outbox,
  owners,
  tickets,
  unitOwners,
} from '../../../db/schema/index.ts';
import { recordEvent } from '../../../events/outbox.ts';
import { runDueJobs, syncConsumer } from '../sync/jobs.ts';
import { startFakeHubspot } from './fake-hubspot.ts';
import { hubspotSync } from './sync.ts';

let ctx: TestContext;
let admin: string;
let fake: Awaited<ReturnType<typeof startFakeHubspot>>;
let ticketId: number;
const TOKEN = 'good-token-0000-1111-wxyz';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  fake = await startFakeHubspot();
  ctx.deps.config.outboundAllow = ['127.0.0.1'];
  ctx.deps.config.hubspotApiUrl = fake.url;
  const [ticket] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.seed.companyId), eq(tickets.state, 'nueva')))
    .limit(1);
  ticketId = ticket.id;
  const [owner] = await ctx.db
    .insert(owners)
    .values({ companyId: ctx.seed.companyId, name: 'Ana', lastName: 'Rojas', mail: 'ana.rojas@example.com' })
    .returning();
  await ctx.db.insert(unitOwners).values({ unitId: ticket.unitId, ownerId: owner.id, companyId: ctx.seed.companyId });
}, 180_000);
afterAll(async () => {
  await fake?.close();
  await ctx?.close();
});

const put = (body: unknown, cookie = admin, headers?: Record<string, string>) =>
  ctx.request('PUT', 'configuracion/integraciones/hubspot', { cookie, body, headers });
const settings = {
  app_id: '123456',
  pipeline_id: '0',
  access_token: TOKEN,
  emails: ['postventa@example.com'],
  send_copy: true,
  stage_map: { en_proceso: '77' },
};

/** An after-sales event as the outbox holds it, handed to the HubSpot consumer. */
async function emit(type: string, data: Record<string, unknown> = {}) {
  await ctx.db.transaction(async (tx) => {
    const id = await recordEvent(tx, {
      type,
      companyId: ctx.seed.companyId,
      entity: { type: 'ticket', id: ticketId },
      data,
    });
    const rows = await tx.select().from(outbox).where(eq(outbox.id, id));
    await syncConsumer(hubspotSync)(ctx.deps)(tx, rows);
  });
}
const jobs = () => ctx.db.select().from(integrationJobs).where(eq(integrationJobs.kind, 'hubspot'));
const later = (ms: number) => new Date(Date.now() + ms);

describe('HubSpot settings (docs/product.md §3 CRM integration)', () => {
  it('refuses bad settings field by field, in the caller language', async () => {
    const bad = await put({ app_id: '', emails: ['no-es-correo'], send_copy: 'si', stage_map: { nueva: '1 2' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.fields).sort()).toEqual([
      'app_id',
      'emails.0',
      'pipeline_id',
      'send_copy',
      'stage_map.nueva',
    ]);
    // Half a surrogate pair stops at the input guard, before the schema (docs/decisions.md D-259).
    const unstorable = await put({ ...settings, stage_map: { nueva: '\ud800' } });
    expect(Object.keys(unstorable.json.fields)).toEqual(['stage_map.nueva']);
    const many = await put({ ...settings, emails: Array.from({ length: 11 }, (_, i) => `p${i}@example.com`) });
    expect(Object.keys(many.json.fields)).toEqual(['emails']);
    const pt = await put({ ...settings, stage_map: { otro: '1' } }, admin, { 'Accept-Language': 'pt-BR' });
    expect(pt.status).toBe(422);
    expect(pt.json.message).not.toBe(bad.json.message);
  });

  it('seals the token, answers only its last characters, keeps it when left out', async () => {
    const res = await put(settings);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ configured: true, secrets: { access_token: { set: true, last4: 'wxyz' } } });
    expect(JSON.stringify(res.json)).not.toContain(TOKEN);
    const [row] = await ctx.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.companyId, ctx.seed.companyId), eq(integrations.kind, 'hubspot')));
    expect(row.secrets).not.toContain('good-token');
    const { access_token: _, ...rest } = settings;
    expect((await put(rest)).json.data.secrets.access_token.set).toBe(true);
  });

  it('checks the token against the pipeline, in words', async () => {
    const probe = () => ctx.request('POST', 'configuracion/integraciones/hubspot/probar', { cookie: admin, body: {} });
    expect((await probe()).json.data).toMatchObject({ ok: true });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', path: '/crm/v3/pipelines/tickets/0' });
    await put({ ...settings, access_token: 'revoked-token-000000' });
    expect((await probe()).json.data).toMatchObject({ ok: false, message: expect.stringContaining('token') });
    await put(settings);
  });

  it("never shows another company's settings", async () => {
    const other = await ctx.login('otra');
    const view = await ctx.request('GET', 'configuracion/integraciones/hubspot', { cookie: other });
    expect(view.json.data?.settings?.app_id).not.toBe('123456');
    expect(JSON.stringify(view.json)).not.toContain('wxyz');
    const log = await ctx.request('GET', 'configuracion/integraciones/hubspot/registro', { cookie: other });
    expect(log.json.data?.rows ?? []).toHaveLength(0);
  });
});

describe('HubSpot sync (docs/product.md §1 CRM, §8 retries)', () => {
  it('sends nothing while the integration is not active', async () => {
    await emit('ticket.created');
    expect(await jobs()).toHaveLength(0);
    fake.calls.length = 0;
    await runDueJobs(ctx.deps, hubspotSync, later(0));
    expect(fake.calls).toHaveLength(0);
  });

  it('creates the ticket in the pipeline with its stage and the owner as an associated contact', async () => {
    const on = await ctx.request('POST', 'configuracion/integraciones/hubspot/activar', { cookie: admin, body: {} });
    expect(on.status).toBe(200);
    await emit('ticket.created');
    await emit('ticket.state_changed', { state: 'en_proceso' });
    fake.failNext.push(500);
    // The create call fails (500) and the stage job waits for it: both are tried again later.
    expect(await runDueJobs(ctx.deps, hubspotSync, later(0), () => 0.5)).toMatchObject({ done: 0, failed: 2 });
    expect(await runDueJobs(ctx.deps, hubspotSync, later(60_000))).toMatchObject({ done: 2, failed: 0 });

    const created = fake.calls.filter((c) => c.method === 'POST' && c.path === '/crm/v3/objects/tickets');
    expect(created).toHaveLength(2);
    expect(created[1].auth).toBe(`Bearer ${TOKEN}`);
    expect(created[1].body.properties).toMatchObject({ hs_pipeline: '0', hs_pipeline_stage: '1' });
    const [link] = await ctx.db.select().from(hubspotLinks).where(eq(hubspotLinks.entityId, ticketId));
    const contactId = fake.contacts.get('ana.rojas@example.com');
    expect(contactId).toBeDefined();
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toContain(
      `PUT /crm/v4/objects/contacts/${contactId}/associations/default/tickets/${link.hubspotId}`,
    );
    const moved = fake.calls.find(
      (c) => c.method === 'PATCH' && c.path === `/crm/v3/objects/tickets/${link.hubspotId}`,
    );
    expect(moved?.body).toEqual({ properties: { hs_pipeline_stage: '77' } });
    const copies = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'postventa@example.com'));
    expect(copies).toHaveLength(1);

    const log = await ctx.request('GET', 'configuracion/integraciones/hubspot/registro', { cookie: admin });
    const rows = log.json.data.rows as { action: string; ok: boolean; status_code: number | null }[];
    expect(rows.filter((r) => !r.ok).map((r) => r.status_code)).toContain(500);
    expect(
      rows
        .filter((r) => r.ok)
        .map((r) => r.action)
        .sort(),
    ).toEqual(['ticket.create', 'ticket.stage']);
  });

  it('gives up at once on 401 and shows it in the log', async () => {
    await emit('ticket.state_changed', { state: 'resuelta' });
    fake.failNext.push(401);
    expect(await runDueJobs(ctx.deps, hubspotSync, later(120_000))).toMatchObject({ failed: 1 });
    const failed = (await jobs()).find((j) => j.state === 'fallido');
    expect(failed).toMatchObject({ action: 'ticket.stage', attempts: 1 });
    const log = await ctx.request('GET', 'configuracion/integraciones/hubspot/registro', { cookie: admin });
    expect(log.json.data).toMatchObject({ failed: 1 });
    expect(log.json.data.rows[0]).toMatchObject({ ok: false, status_code: 401, job_state: 'fallido' });
  });
});
