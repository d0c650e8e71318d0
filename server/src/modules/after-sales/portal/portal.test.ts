import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { outbox, tickets, users } from '../../../db/schema/index.ts';
import { ownerCanReadFile } from '../service.ts';
import { demoIds, newTicket, uploadPhoto, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let owner: string;
let agent: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  owner = await ctx.login('propietario');
  agent = await ctx.login('agente');
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

describe('owner portal (docs/product.md#owner-portal, origin PWA)', () => {
  it("lists only the owner's units and the tickets on them", async () => {
    const units = await ctx.request('GET', 'postventa/portal/unidades', { cookie: owner });
    expect(units.status).toBe(200);
    expect(units.json.data.map((u: any) => u.id)).toEqual([ids.unitId]);
    expect(units.json.data[0].contacts.length).toBeGreaterThan(0);
    const list = await ctx.request('GET', 'postventa/portal/solicitudes', { cookie: owner });
    expect(list.json.total).toBeGreaterThan(0);
    expect(list.json.data.every((t: any) => t.unit.id === ids.unitId)).toBe(true);
  });

  it('creates a ticket with a photo (origin PWA, no responsible yet) and staff see it', async () => {
    const photo = await uploadPhoto(ctx, owner);
    const res = await ctx.request('POST', 'postventa/portal/solicitudes', {
      cookie: owner,
      body: {
        unit_id: ids.unitId,
        subject: 'Gotera en la terraza',
        message: 'Cae agua del cielo de la terraza cuando llueve',
        attachments: [photo],
      },
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ origin: 'PWA', state: 'nueva', responsible: null });
    expect(res.json.data).not.toHaveProperty('allowed_events');
    const staff = await ctx.request('GET', `postventa/solicitudes/${res.json.data.id}/actividad`, { cookie: agent });
    expect(staff.json.data.find((e: any) => e.source === 'message').archivos[0]).toMatchObject({
      path: photo.path,
      type: 'image/png',
    });
    const [account] = await ctx.db.select().from(users).where(eq(users.username, 'propietario'));
    expect(await ownerCanReadFile(ctx.db, account.id, photo.path)).toBe(true);
    const [other] = await ctx.db.select().from(users).where(eq(users.username, 'propietario2'));
    expect(await ownerCanReadFile(ctx.db, other.id, photo.path)).toBe(false);
    const bad = await ctx.request('POST', 'postventa/portal/solicitudes', {
      cookie: owner,
      body: { unit_id: ids.unitId, subject: '', message: 'x' },
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.fields.subject).toBe('Este campo é obrigatório');
  });

  it('private messages and changes never reach the owner; the owner answers publicly', async () => {
    const t = await newTicket(ctx, agent, ids);
    await ctx.request('POST', `postventa/solicitudes/${t.id}/mensajes`, {
      cookie: agent,
      body: { body: 'Nota interna: revisar garantía', visibility: 'private' },
    });
    await ctx.request('POST', `postventa/solicitudes/${t.id}/mensajes`, {
      cookie: agent,
      body: { body: '¿Nos confirma un horario?', visibility: 'public' },
    });
    const feed = await ctx.request('GET', `postventa/portal/solicitudes/${t.id}/actividad`, { cookie: owner });
    const texts = feed.json.data.map((e: any) => e.text);
    expect(texts).toContain('¿Nos confirma un horario?');
    expect(texts).not.toContain('Nota interna: revisar garantía');
    expect(feed.json.data.every((e: any) => e.visibility === 'public' && e.source === 'message')).toBe(true);
    const reply = await ctx.request('POST', `postventa/portal/solicitudes/${t.id}/mensajes`, {
      cookie: owner,
      body: { body: 'Mañana en la tarde' },
    });
    expect(reply.status).toBe(201);
    const [event] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'ticket.message'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect((event.payload as any).data).toMatchObject({ fromOwner: true, visibility: 'public' });
    expect(JSON.stringify(event.payload)).not.toContain('Mañana en la tarde');
    const detail = await ctx.request('GET', `postventa/portal/solicitudes/${t.id}`, { cookie: owner });
    expect(detail.json.data.cc).toEqual([]);
    expect(detail.json.data).not.toHaveProperty('response');
  });

  it("an owner only ever sees their own units' data: other tickets are 404; staff routes are 403, and staff cannot use the portal", async () => {
    const [foreign] = await ctx.db.select().from(tickets).where(eq(tickets.projectId, ctx.seed.projectIds[1])).limit(1);
    expect((await ctx.request('GET', `postventa/portal/solicitudes/${foreign.id}`, { cookie: owner })).status).toBe(
      404,
    );
    expect(
      (
        await ctx.request('POST', `postventa/portal/solicitudes/${foreign.id}/mensajes`, {
          cookie: owner,
          body: { body: 'hola' },
        })
      ).status,
    ).toBe(404);
    const unitOfOther = await ctx.request('POST', 'postventa/portal/solicitudes', {
      cookie: owner,
      body: { unit_id: foreign.unitId, subject: 'x', message: 'y' },
    });
    expect(unitOfOther.status).toBe(404);
    expect((await ctx.request('GET', 'postventa/solicitudes', { cookie: owner })).status).toBe(403);
    expect((await ctx.request('GET', 'postventa/portal/unidades', { cookie: agent })).status).toBe(403);
  });

  it('docs/product.md §5 an owner without a verified e-mail gets no notifications: events flag it and the owner is not notified', async () => {
    const [unverified] = await ctx.db.select().from(users).where(eq(users.username, 'propietario3'));
    const cookie = await ctx.login('propietario3');
    const unit = (await ctx.request('GET', 'postventa/portal/unidades', { cookie })).json.data[0];
    const created = await ctx.request('POST', 'postventa/portal/solicitudes', {
      cookie,
      body: { unit_id: unit.id, subject: 'Enchufe sin energía', message: 'No funciona el enchufe del living' },
    });
    await ctx.request('PATCH', `postventa/solicitudes/${created.json.data.id}`, {
      cookie: await ctx.login('supervisor'),
      body: { responsible_id: ids.agente },
    });
    await ctx.request('POST', `postventa/solicitudes/${created.json.data.id}/mensajes`, {
      cookie: agent,
      body: { body: 'Lo visitaremos', visibility: 'public' },
    });
    const [event] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'ticket.message'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect((event.payload as any).data.ownerNotifiable).toBe(false);
    expect((event.payload as any).notify ?? []).not.toContain(unverified.id);
  });
});
