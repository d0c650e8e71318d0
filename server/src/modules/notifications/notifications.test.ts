import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { mailOutbox, notifications, outboxConsumers, profiles, users } from '../../db/schema/index.ts';
import { recordEvent, transactionWithEvents, type DomainEvent } from '../../events/outbox.ts';
import { createRegistry } from '../../registry.ts';
import { NOTIFICATION_TYPES } from './catalogue.ts';
import { purgeExpiredNotifications } from './consumer.ts';

let ctx: TestContext;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};

async function emit(event: Partial<DomainEvent> & { type: string }) {
  const id = await transactionWithEvents(ctx.deps, (tx) =>
    recordEvent(tx, { companyId: ctx.seed.companyId, projectId: ctx.seed.projectIds[0], ...event }),
  );
  await ctx.events!.consumer('notifications').idle();
  return id;
}
const rowsOf = (userId: number) => ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
const list = (who: string, query = '', locale = 'es') =>
  ctx.request('GET', `notificaciones${query}`, { cookie: cookies[who], headers: { 'Accept-Language': locale } });

beforeAll(async () => {
  ctx = await createTestContext({ events: true });
  for (const u of await ctx.db.select().from(users).where(eq(users.companyId, ctx.seed.companyId)))
    ids[u.username] = u.id;
  for (const who of ['admin', 'agente', 'supervisor', 'propietario']) cookies[who] = await ctx.login(who);
});
afterAll(async () => ctx?.close());

describe('notifications from domain events (docs/product.md#notifications)', () => {
  it("creates one notification per recipient, not for the actor, with the texts in the reader's language", async () => {
    const eventId = await emit({
      type: 'ticket.assigned',
      actorId: ids.admin,
      entity: { type: 'ticket', id: 77 },
      notify: [ids.agente, ids.admin, ids.agente],
      data: { ref: 'PLD-0077', subject: 'Filtración en baño' },
      link: '/warranties/solicitud/77',
    });
    const agente = await rowsOf(ids.agente);
    expect(agente.filter((n) => n.eventId === eventId)).toHaveLength(1);
    expect((await rowsOf(ids.admin)).filter((n) => n.eventId === eventId)).toHaveLength(0);
    const es = await list('agente');
    expect(es.status).toBe(200);
    expect(es.json.data[0]).toMatchObject({
      type: 'ticket.assigned',
      title: 'Solicitud PLD-0077 asignada',
      body: 'Carolina Fuentes Ortiz le asignó la solicitud PLD-0077: Filtración en baño',
      link: '/warranties/solicitud/77',
      read: false,
    });
    const pt = await list('agente', '', 'pt-BR');
    expect(pt.json.data[0].title).toBe('Solicitação PLD-0077 atribuída');
  });

  it('a redelivered event never notifies twice (idempotent by event id and user)', async () => {
    const eventId = await emit({
      type: 'ticket.message',
      actorId: ids.admin,
      notify: [ids.supervisor],
      data: { ref: 'PLD-0078' },
    });
    // Rewind the consumer: it handles the same events again, as after a crash before its commit.
    await ctx.db
      .update(outboxConsumers)
      .set({ lastId: eventId - 1 })
      .where(eq(outboxConsumers.name, 'notifications'));
    await ctx.events!.consumer('notifications').idle();
    expect((await rowsOf(ids.supervisor)).filter((n) => n.eventId === eventId)).toHaveLength(1);
  });

  it('e-mails only recipients who chose it and can be reached; owners need a verified e-mail (docs/product.md §5)', async () => {
    const [owner, unverified] = await Promise.all(
      ['propietario', 'propietario3'].map(
        async (u) => (await ctx.db.select().from(users).where(eq(users.username, u)))[0],
      ),
    );
    const mailsTo = async (to: string) => (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;
    await emit({
      type: 'order.scheduled',
      actorId: ids.agente,
      notify: [owner.id, unverified.id, ids.supervisor],
      data: { ref: 'OT-5' },
      link: '/warranties/agenda',
    });
    expect(await mailsTo(owner.email!)).toBe(1);
    expect(await mailsTo(unverified.email!)).toBe(0);
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email!));
    expect(mail.subject).toBe('Orden OT-5 agendada');
    expect(mail.text).toContain(`${ctx.deps.config.publicUrl}/warranties/agenda`);
    // The supervisor kept the default for this type (in-app and e-mail): both.
    expect(await mailsTo('supervisor@cordillera.cl')).toBe(1);
    // Owners cannot view notifications (no permission), so they get no in-app rows.
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });
});

describe('notifications API (docs/product.md §2 /config/notificaciones, §6, §9)', () => {
  it('viewing requires the permission: "Sin permisos para realizar esta acción" otherwise (docs/product.md §6)', async () => {
    const owner = await list('propietario');
    expect(owner.status).toBe(403);
    expect(owner.json.message).toBe('Sin permisos para realizar esta acción');
    // A staff profile without ver_notificaciones.
    const [profile] = await ctx.db
      .select()
      .from(profiles)
      .innerJoin(users, eq(users.profileId, profiles.id))
      .where(eq(users.username, 'revisor'));
    await ctx.db
      .update(profiles)
      .set({ permissions: profile.profiles.permissions.filter((p) => p !== 'ver_notificaciones') })
      .where(eq(profiles.id, profile.profiles.id));
    const revisor = await ctx.login('revisor');
    for (const [method, path] of [
      ['GET', 'notificaciones'],
      ['GET', 'notificaciones/resumen'],
      ['POST', 'notificaciones/leer-todas'],
      ['GET', 'notificaciones/configuracion'],
    ] as const) {
      const res = await ctx.request(method, path, { cookie: revisor, headers: { 'Accept-Language': 'pt-BR' } });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe('Sem permissão para realizar esta ação');
    }
  });

  it('lists only the last 15 days, newest first, paged (docs/product.md §9)', async () => {
    const day = 86_400_000;
    const base = {
      companyId: ctx.seed.companyId,
      userId: ids.supervisor,
      type: 'ticket.message',
      titleKey: 'notifications.types.ticket_message.title',
      bodyKey: 'notifications.types.ticket_message.body',
    };
    await ctx.db.insert(notifications).values([
      { ...base, eventId: 900001, params: { ref: 'OLD-16' }, createdAt: new Date(Date.now() - 16 * day) },
      { ...base, eventId: 900002, params: { ref: 'KEEP-14' }, createdAt: new Date(Date.now() - 14 * day) },
    ]);
    const res = await ctx.request('GET', 'notificaciones?rowsPerPage=100', { cookie: cookies.supervisor });
    const titles = res.json.data.map((n: { title: string }) => n.title);
    expect(titles).toContain('Nuevo mensaje en la solicitud KEEP-14');
    expect(titles).not.toContain('Nuevo mensaje en la solicitud OLD-16');
    expect(titles[titles.length - 1]).toBe('Nuevo mensaje en la solicitud KEEP-14');
    const page = await ctx.request('GET', 'notificaciones?rowsPerPage=1&page=1', { cookie: cookies.supervisor });
    expect(page.json).toMatchObject({ current_page: 1, rowsPerPage: 1, total: res.json.total, has_more: true });
  });

  it("marks read and unread, counts unread, reads all; another user's notification is 404", async () => {
    const unread = async () =>
      (await ctx.request('GET', 'notificaciones/resumen', { cookie: cookies.agente })).json.data.unread;
    const first = (await list('agente', '?estado=no_leidas')).json.data[0];
    const before = await unread();
    expect(before).toBeGreaterThan(0);
    const read = await ctx.request('PATCH', `notificaciones/${first.id}`, {
      cookie: cookies.agente,
      body: { read: true },
    });
    expect(read.json.data).toMatchObject({ id: first.id, read: true });
    expect(await unread()).toBe(before - 1);
    expect((await list('agente', '?estado=leidas')).json.data.map((n: { id: number }) => n.id)).toContain(first.id);
    await ctx.request('PATCH', `notificaciones/${first.id}`, { cookie: cookies.agente, body: { read: false } });
    expect(await unread()).toBe(before);
    expect(
      (await ctx.request('PATCH', `notificaciones/${first.id}`, { cookie: cookies.supervisor, body: { read: true } }))
        .status,
    ).toBe(404);
    expect(
      (await ctx.request('PATCH', `notificaciones/${first.id}`, { cookie: cookies.agente, body: { read: 'yes' } }))
        .status,
    ).toBe(422);
    await ctx.request('POST', 'notificaciones/leer-todas', { cookie: cookies.agente });
    expect(await unread()).toBe(0);
  });

  it('settings choose channels per event type, and new events follow them', async () => {
    const settings = await ctx.request('GET', 'notificaciones/configuracion', { cookie: cookies.agente });
    expect(settings.json.data.find((p: { type: string }) => p.type === 'ticket.state_changed')).toMatchObject({
      label: 'Cambio de estado de una solicitud',
      group: 'Solicitudes',
      in_app: true,
      email: false,
      email_available: true,
    });
    const saved = await ctx.request('PUT', 'notificaciones/configuracion', {
      cookie: cookies.agente,
      body: { preferences: [{ type: 'ticket.state_changed', in_app: false, email: true }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.message).toBe('Preferencias de notificación guardadas');
    const mailsBefore = (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'agente@cordillera.cl')))
      .length;
    const eventId = await emit({
      type: 'ticket.state_changed',
      actorId: ids.admin,
      notify: [ids.agente],
      data: { ref: 'PLD-0090' },
    });
    expect((await rowsOf(ids.agente)).filter((n) => n.eventId === eventId)).toHaveLength(0);
    expect((await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'agente@cordillera.cl'))).length).toBe(
      mailsBefore + 1,
    );
    const bad = await ctx.request('PUT', 'notificaciones/configuracion', {
      cookie: cookies.agente,
      body: { preferences: [{ type: 'no.such_event', in_app: true, email: false }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toEqual({ 'preferences.0.type': 'Valor inválido' });
  });

  it("knows the types registered in the process's registry, and only those (server/src/modules.ts)", async () => {
    expect(createRegistry().notificationTypes()).toEqual([]);
    const catalogue = ctx.deps.registry.notificationTypes().map((entry) => entry.type);
    // Each module registers its own types (after-sales, deliveries), this catalogue the rest, once each.
    expect(catalogue).toEqual(
      expect.arrayContaining([
        ...NOTIFICATION_TYPES.map((entry) => entry.type),
        'ticket.created',
        'order.scheduled',
        'ficha.state_changed',
      ]),
    );
    expect(new Set(catalogue).size).toBe(catalogue.length);
    // A type another module registers is offered on the settings page and sends mail by its own default.
    ctx.deps.registry.notificationType({
      type: 'prueba.registrada',
      group: 'tickets',
      defaults: { inApp: false, email: true },
    });
    const settings = await ctx.request('GET', 'notificaciones/configuracion', { cookie: cookies.agente });
    expect(settings.json.data.find((p: { type: string }) => p.type === 'prueba.registrada')).toMatchObject({
      in_app: false,
      email: true,
    });
    const saved = await ctx.request('PUT', 'notificaciones/configuracion', {
      cookie: cookies.agente,
      body: { preferences: [{ type: 'prueba.registrada', in_app: true, email: false }] },
    });
    expect(saved.status).toBe(200);
  });

  it('the purge deletes what is older than 15 days and keeps the rest (docs/product.md §9)', async () => {
    const old = await ctx.db.select().from(notifications).where(eq(notifications.eventId, 900001));
    expect(old).toHaveLength(1);
    expect(await purgeExpiredNotifications(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.eventId, 900001))).toHaveLength(0);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.eventId, 900002))).toHaveLength(1);
  });
});
