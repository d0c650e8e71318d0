import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { activityLog, outbox, tasks, tickets } from '../../../db/schema/index.ts';
import { demoIds, newTicket, ticketBody, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let admin: string;
let agent: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  admin = await ctx.login('admin');
  agent = await ctx.login('agente');
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

describe('solicitud/crear (docs/product.md#ticket-screens, §3 Ticket)', () => {
  it('creates a ticket numbered per project, with its first public message, a task for the responsible and a ticket.created event', async () => {
    const a = await newTicket(ctx, agent, ids);
    const b = await newTicket(ctx, agent, ids, { subject: 'Puerta de cocina descuadrada' });
    expect(a.state).toBe('nueva');
    expect(b.number).toBe(a.number + 1);
    expect(a.code).toMatch(/^PLD-\d{5}$/);
    expect(a.responsible.id).toBe(ids.agente);
    expect(a.unit.id).toBe(ids.unitId);
    const timeline = await ctx.request('GET', `postventa/solicitudes/${a.id}/actividad`, { cookie: agent });
    expect(
      timeline.json.data.some(
        (e: any) => e.source === 'message' && e.visibility === 'public' && e.text.includes('humedad'),
      ),
    ).toBe(true);
    const [task] = await ctx.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, ids.agente), eq(tasks.link, `/warranties/solicitud/${a.id}`)));
    expect(task.title).toContain(a.code);
    const events = await ctx.db.select().from(outbox).where(eq(outbox.type, 'ticket.created'));
    const mine = events.find((e) => (e.payload as any).entity.id === a.id)!;
    expect(mine.topic).toBe(`qa/${ctx.seed.companyId}/projects/${ids.projectId}/tickets/${a.id}`);
    expect((mine.payload as any).data).toMatchObject({
      ticketId: a.id,
      state: 'nueva',
      responsibleId: ids.agente,
      ownerNotifiable: true,
    });
  });

  it('docs/product.md §4 save as a different state: created as en_proceso; a state the machine refuses is a 409 and nothing is created', async () => {
    const t = await newTicket(ctx, agent, ids, { state: 'en_proceso' });
    expect(t.state).toBe('en_proceso');
    const before = (await ctx.db.select().from(tickets)).length;
    const res = await ctx.request('POST', 'postventa/solicitudes', {
      cookie: agent,
      body: ticketBody(ids, { state: 'resuelta' }),
    });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('No se puede resolver cuando la solicitud está en estado «Nueva»');
    const pt = await ctx.request('POST', 'postventa/solicitudes', {
      cookie: agent,
      body: ticketBody(ids, { state: 'resuelta' }),
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(pt.json.message).toMatch(/«Nova»/);
    expect((await ctx.db.select().from(tickets)).length).toBe(before);
  });

  it('docs/product.md §5 422 per field in es and pt-BR; the applicant must own the unit', async () => {
    const es = await ctx.request('POST', 'postventa/solicitudes', {
      cookie: agent,
      body: { origin: 'FAX', subject: '  ' },
    });
    expect(es.status).toBe(422);
    expect(es.json.fields.subject).toBe('Este campo es obligatorio');
    expect(es.json.fields.unit_id).toBe('Este campo es obligatorio');
    expect(es.json.fields.origin).toBeDefined();
    const pt = await ctx.request('POST', 'postventa/solicitudes', {
      cookie: agent,
      body: { subject: '' },
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(pt.json.fields.subject).toBe('Este campo é obrigatório');
    const notOwner = await ctx.request('POST', 'postventa/solicitudes', {
      cookie: agent,
      body: ticketBody(ids, { applicant_owner_id: ids.ownerId + 1 }),
    });
    expect(notOwner.status).toBe(422);
    expect(notOwner.json.fields.applicant_owner_id).toBe('El solicitante debe ser propietario o receptor de la unidad');
    const foreignResponsible = await ctx.request('POST', 'postventa/solicitudes', {
      cookie: agent,
      body: ticketBody(ids, { responsible_id: ids.otra }),
    });
    expect(foreignResponsible.status).toBe(422);
  });

  it('docs/product.md §6 creating needs postventa_crear (gerente lacks it: 403)', async () => {
    const res = await ctx.request('POST', 'postventa/solicitudes', {
      cookie: await ctx.login('gerente'),
      body: ticketBody(ids),
    });
    expect(res.status).toBe(403);
  });
});

describe('solicitudes list (docs/product.md §2 filters, §7 list envelope, §9 page size 50)', () => {
  it('filters by state, priority, origin, responsible, project, tower and unit (comma lists), sorts and pages', async () => {
    const mine = await newTicket(ctx, agent, ids, { priority: 'urgent', origin: 'EMAIL' });
    const all = await ctx.request('GET', 'postventa/solicitudes', { cookie: admin });
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ current_page: 1, rowsPerPage: 50 });
    expect(all.json.total).toBeGreaterThanOrEqual(4);
    const urgent = await ctx.request('GET', 'postventa/solicitudes?priority=urgent,high&origin=EMAIL', {
      cookie: admin,
    });
    expect(urgent.json.data.length).toBeGreaterThan(0);
    expect(urgent.json.data.every((r: any) => r.origin === 'EMAIL' && ['urgent', 'high'].includes(r.priority))).toBe(
      true,
    );
    const scoped = await ctx.request(
      'GET',
      `postventa/solicitudes?project_id=${ids.projectId}&tower_id=${ids.towerId}&unit_id=${ids.unitId}&responsible_id=${ids.agente}&state=nueva,en_proceso`,
      { cookie: admin },
    );
    expect(scoped.json.data.map((r: any) => r.id)).toContain(mine.id);
    expect(
      scoped.json.data.every(
        (r: any) =>
          r.project.id === ids.projectId &&
          r.tower.id === ids.towerId &&
          r.unit.id === ids.unitId &&
          r.responsible.id === ids.agente &&
          ['nueva', 'en_proceso'].includes(r.state),
      ),
    ).toBe(true);
    const elsewhere = await ctx.request('GET', `postventa/solicitudes?project_id=${ctx.seed.projectIds[1]}`, {
      cookie: admin,
    });
    expect(elsewhere.json.total).toBeGreaterThan(0);
    expect(elsewhere.json.data.every((r: any) => r.project.id === ctx.seed.projectIds[1])).toBe(true);
    const byPriority = await ctx.request('GET', 'postventa/solicitudes?sortBy=priority&descending=true', {
      cookie: admin,
    });
    expect(byPriority.json.data[0].priority).toBe('urgent');
    const paged = await ctx.request('GET', 'postventa/solicitudes?rowsPerPage=2&page=2', { cookie: admin });
    expect(paged.json).toMatchObject({ current_page: 2, rowsPerPage: 2, has_more: all.json.total > 4 });
    expect(paged.json.data).toHaveLength(2);
  });

  it('docs/product.md §9 date presets on creation or update: today and week include new tickets, a past custom range excludes them', async () => {
    for (const preset of ['today', 'week', 'month']) {
      const res = await ctx.request('GET', `postventa/solicitudes?date_preset=${preset}&date_field=updated`, {
        cookie: admin,
      });
      expect(res.json.total).toBeGreaterThan(0);
    }
    const past = await ctx.request(
      'GET',
      'postventa/solicitudes?date_preset=custom&date_from=2020-01-01&date_to=2020-01-31',
      { cookie: admin },
    );
    expect(past.json.total).toBe(0);
    const missing = await ctx.request('GET', 'postventa/solicitudes?date_preset=custom', { cookie: admin });
    expect(missing.status).toBe(422);
  });

  it('exports the filtered set as xlsx and csv', async () => {
    const csv = await ctx.request('GET', 'postventa/solicitudes/export?format=csv&priority=urgent&tz=America/Lima', {
      cookie: admin,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // Excel in Spanish splits on ';' (server/src/lib/csv.ts); the time columns name the zone they are written in.
    expect(lines[0]).toContain('Código;Asunto;Estado;Prioridad');
    expect(lines[0]).toContain(';Creada (America/Lima);Actualizada (America/Lima)');
    // The clock the list shows, with its due time in the same zone (docs/product.md §4 Ticket clocks).
    expect(lines[0]).toContain(';Plazo;Plazo vence (America/Lima);');
    const slaAt = lines[0].split(';').indexOf('Plazo');
    expect(
      lines
        .slice(1)
        .every((l) =>
          /^(Respuesta|Resolución): (a tiempo|por vencer|vencida|en pausa|cumplida|fuera de plazo|exenta)$|^$/.test(
            l.split(';')[slaAt],
          ),
        ),
    ).toBe(true);
    expect(lines.slice(1).every((l) => l.includes(';Urgente;'))).toBe(true);
    const header = lines[0].split(';');
    expect(lines.slice(1).every((l) => l.split(';').length === header.length)).toBe(true);
    // Without the browser's zone the company's (Chile) is used, and named.
    const plain = await ctx.request('GET', 'postventa/solicitudes/export?format=csv', { cookie: admin });
    expect(plain.text).toContain('Creada (America/Santiago)');
    const xlsx = await ctx.app.request('http://localhost/api/v2/public/api/postventa/solicitudes/export?format=xlsx', {
      headers: { Cookie: admin },
    });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = new Uint8Array(await xlsx.arrayBuffer());
    expect(String.fromCharCode(bytes[0], bytes[1])).toBe('PK');
    // The BOM (Excel reads accents right) is in the bytes; a text decoder hides it.
    const raw = await ctx.app.request('http://localhost/api/v2/public/api/postventa/solicitudes/export?format=csv', {
      headers: { Cookie: admin },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('ticket actions (docs/product.md §4)', () => {
  it('postpone and un-postpone return to the previous state; a postponed ticket cannot be closed (409 names state and action)', async () => {
    const t = await newTicket(ctx, agent, ids, { state: 'abierta' });
    const p = await ctx.request('POST', `postventa/solicitudes/${t.id}/postergar`, { cookie: agent });
    expect(p.json.data.state).toBe('postergada');
    const close = await ctx.request('POST', `postventa/solicitudes/${t.id}/cerrar`, {
      cookie: admin,
      body: { justification: 'Duplicada' },
    });
    expect(close.status).toBe(409);
    expect(close.json.state).toBe('postergada');
    expect(close.json.event).toBe('ticket.close');
    const u = await ctx.request('POST', `postventa/solicitudes/${t.id}/reanudar`, { cookie: agent });
    expect(u.json.data.state).toBe('abierta');
  });

  it('docs/product.md §5 closing requires a justification (422), is kept as a public message and reopening goes back to abierta', async () => {
    const t = await newTicket(ctx, agent, ids);
    const none = await ctx.request('POST', `postventa/solicitudes/${t.id}/cerrar`, {
      cookie: admin,
      body: { justification: ' ' },
    });
    expect(none.status).toBe(422);
    expect(none.json.fields.justification).toBe('Este campo es obligatorio');
    const ok = await ctx.request('POST', `postventa/solicitudes/${t.id}/cerrar`, {
      cookie: admin,
      body: { justification: 'Se reparó en visita' },
    });
    expect(ok.json.data.state).toBe('finalizada');
    expect(ok.json.data.close_justification).toBe('Se reparó en visita');
    const agentClose = await ctx.request('POST', `postventa/solicitudes/${t.id}/reabrir`, { cookie: agent });
    expect(agentClose.status).toBe(403);
    const re = await ctx.request('POST', `postventa/solicitudes/${t.id}/reabrir`, { cookie: admin });
    expect(re.json.data.state).toBe('abierta');
    const log = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'ticket'), eq(activityLog.entityId, t.id)));
    expect(log.map((l) => l.action)).toEqual(
      expect.arrayContaining(['ticket.create', 'ticket.close', 'ticket.reopen']),
    );
  });

  it('PATCH edits fields and assigns (ticket.assigned); save-as-different-state goes through the machine', async () => {
    const t = await newTicket(ctx, agent, ids);
    const res = await ctx.request('PATCH', `postventa/solicitudes/${t.id}`, {
      cookie: admin,
      body: { priority: 'urgent', responsible_id: ids.supervisor, state: 'en_proceso' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      priority: 'urgent',
      state: 'en_proceso',
      responsible: { id: ids.supervisor },
    });
    const assigned = await ctx.db.select().from(outbox).where(eq(outbox.type, 'ticket.assigned'));
    expect(assigned.some((e) => (e.payload as any).entity.id === t.id)).toBe(true);
    const refused = await ctx.request('PATCH', `postventa/solicitudes/${t.id}`, {
      cookie: admin,
      body: { state: 'fusionada', priority: 'low' },
    });
    expect(refused.status).toBe(409);
    const after = await ctx.request('GET', `postventa/solicitudes/${t.id}`, { cookie: admin });
    expect(after.json.data.priority).toBe('urgent');
  });

  it('messages: public and private; the first public staff answer opens a new ticket and stops the response clock', async () => {
    const t = await newTicket(ctx, agent, ids);
    const priv = await ctx.request('POST', `postventa/solicitudes/${t.id}/mensajes`, {
      cookie: agent,
      body: { body: 'Revisar garantía del sellante', visibility: 'private' },
    });
    expect(priv.status).toBe(201);
    let detail = await ctx.request('GET', `postventa/solicitudes/${t.id}`, { cookie: agent });
    expect(detail.json.data.state).toBe('nueva');
    const pub = await ctx.request('POST', `postventa/solicitudes/${t.id}/mensajes`, {
      cookie: agent,
      body: { body: 'Coordinaremos una visita', visibility: 'public' },
    });
    expect(pub.status).toBe(201);
    detail = await ctx.request('GET', `postventa/solicitudes/${t.id}`, { cookie: agent });
    expect(detail.json.data.state).toBe('abierta');
    expect(detail.json.data.first_response_at).not.toBeNull();
  });

  it('docs/product.md §6 agents are exempt from the owner-message permission; a non-agent without it gets 403', async () => {
    const t = await newTicket(ctx, agent, ids);
    const { profiles, users } = await import('../../../db/schema/index.ts');
    const [sup] = await ctx.db.select().from(users).where(eq(users.username, 'supervisor'));
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, sup.profileId!));
    await ctx.db
      .update(profiles)
      .set({ permissions: profile.permissions.filter((p) => p !== 'postventa_mensaje_propietario') })
      .where(eq(profiles.id, profile.id));
    try {
      const supCookie = await ctx.login('supervisor');
      const res = await ctx.request('POST', `postventa/solicitudes/${t.id}/mensajes`, {
        cookie: supCookie,
        body: { body: 'Hola', visibility: 'public' },
      });
      expect(res.status).toBe(403);
      const priv = await ctx.request('POST', `postventa/solicitudes/${t.id}/mensajes`, {
        cookie: supCookie,
        body: { body: 'Nota', visibility: 'private' },
      });
      expect(priv.status).toBe(201);
    } finally {
      await ctx.db.update(profiles).set({ permissions: profile.permissions }).where(eq(profiles.id, profile.id));
    }
  });

  it('docs/product.md §9 activity shows the last 50 entries with paging for more', async () => {
    const t = await newTicket(ctx, agent, ids);
    for (let i = 0; i < 55; i++)
      await ctx.request('POST', `postventa/solicitudes/${t.id}/mensajes`, {
        cookie: agent,
        body: { body: `Nota ${i}`, visibility: 'private' },
      });
    const first = await ctx.request('GET', `postventa/solicitudes/${t.id}/actividad`, { cookie: agent });
    expect(first.json.data).toHaveLength(50);
    expect(first.json.has_more).toBe(true);
    expect(first.json.data[0].text).toBe('Nota 54');
    const second = await ctx.request('GET', `postventa/solicitudes/${t.id}/actividad?page=2`, { cookie: agent });
    expect(second.json.total).toBe(first.json.total);
    expect(second.json.data.length).toBe(first.json.total - 50);
  });
});
