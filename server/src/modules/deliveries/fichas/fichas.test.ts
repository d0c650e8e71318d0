import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import {
  activityLog,
  deliverySchedules,
  failures,
  mailOutbox,
  outbox,
  tasks,
  tickets,
  units,
  users,
} from '../../../db/schema/index.ts';
import { giveOwner, pngBytes, slot, unitsIn, upload, useTempStorage } from '../test/fixtures.ts';

let ctx: TestContext;
let cleanup: () => void;
let sup: string;
let insp: string;
let fresh: number[];
let next = 0;
const freshUnit = () => fresh[next++];
let p1: number;

async function revisionFailures(cookie: string, unitId: number, count: number) {
  const rev = await ctx.request('GET', `entregas/fichas/${unitId}/revision`, { cookie });
  const items = rev.json.data.areas
    .flatMap((a: any) => a.places.flatMap((p: any) => p.items))
    .filter((i: any) => i.failures.length);
  const results = items
    .slice(0, count + 1)
    .map((i: any, n: number) =>
      n < count
        ? { item_id: i.id, outcome: 'falla', failure_type_id: i.failures[0].id, observation: `Observación ${n}` }
        : { item_id: i.id, outcome: 'cumple' },
    );
  const saved = await ctx.request('PUT', `entregas/fichas/${unitId}/revision`, { cookie, body: { results } });
  expect(saved.status).toBe(200);
  return saved.json.data;
}

async function deliver(cookie: string, unitId: number, extra: Record<string, unknown> = {}) {
  const people = await ctx.request('GET', `entregas/fichas/${unitId}/propietarios`, { cookie });
  return ctx.request('POST', `entregas/fichas/${unitId}/entregar`, {
    cookie,
    body: {
      delivery_date: '2030-01-15',
      attendees: [{ owner_id: people.json.data[0].id, role: 'propietario' }],
      ...extra,
    },
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx);
  sup = await ctx.login('supervisor');
  insp = await ctx.login('inspector');
  p1 = ctx.seed.projectIds[1];
  fresh = (await unitsIn(ctx, p1)).map((u) => u.id);
  for (const id of fresh.slice(0, 12)) await giveOwner(ctx, id);
}, 180_000); // seeding a fresh database is slow on a loaded 2-core machine
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

describe('fichas list (docs/product.md §2 fichas, §3 Ficha, §7 envelope)', () => {
  it('filters by state, tower, floor, type, responsible and date ranges, pages and sorts', async () => {
    const p0 = ctx.seed.projectIds[0];
    const all = await ctx.request('GET', `entregas/proyectos/${p0}/fichas?rowsPerPage=500`, { cookie: sup });
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ current_page: 1, rowsPerPage: 500, has_more: false });
    expect(all.json.data.length).toBe(all.json.total);
    const delivered = await ctx.request(
      'GET',
      `entregas/proyectos/${p0}/fichas?state=entregada,entregada_obs&rowsPerPage=10`,
      { cookie: sup },
    );
    expect(delivered.json.data.every((r: any) => r.state !== 'por_entregar')).toBe(true);
    expect(delivered.json.total).toBe(all.json.data.filter((r: any) => r.state !== 'por_entregar').length);
    expect(delivered.json.has_more).toBe(true);
    const tower = all.json.data[0].tower.id;
    const byTower = await ctx.request(
      'GET',
      `entregas/proyectos/${p0}/fichas?tower_id=${tower}&floor=2&rowsPerPage=100`,
      { cookie: sup },
    );
    expect(byTower.json.data.length).toBeGreaterThan(0);
    expect(byTower.json.data.every((r: any) => r.tower.id === tower && r.floor.number === 2)).toBe(true);
    const type = all.json.data[0].unit_type.id;
    const byType = await ctx.request('GET', `entregas/proyectos/${p0}/fichas?unit_type_id=${type}&rowsPerPage=500`, {
      cookie: sup,
    });
    expect(byType.json.total).toBe(all.json.data.filter((r: any) => r.unit_type?.id === type).length);
    const someDate = all.json.data.find((r: any) => r.delivery_date).delivery_date;
    const byDelivered = await ctx.request(
      'GET',
      `entregas/proyectos/${p0}/fichas?delivered_from=${someDate}&delivered_to=${someDate}&rowsPerPage=500`,
      { cookie: sup },
    );
    expect(byDelivered.json.data.every((r: any) => r.delivery_date === someDate)).toBe(true);
    expect(byDelivered.json.total).toBe(all.json.data.filter((r: any) => r.delivery_date === someDate).length);
    const sorted = await ctx.request(
      'GET',
      `entregas/proyectos/${p0}/fichas?sortBy=delivery_date&descending=true&rowsPerPage=5`,
      { cookie: sup },
    );
    const dates = sorted.json.data.map((r: any) => r.delivery_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const bad = await ctx.request(
      'GET',
      `entregas/proyectos/${p0}/fichas?delivered_from=2030-02-01&delivered_to=2030-01-01`,
      { cookie: sup, headers: { 'Accept-Language': 'pt-BR' } },
    );
    expect(bad.status).toBe(422);
    expect(bad.json.fields.delivered_to).toMatch(/data/i);
  });

  it('filters by responsible and scheduled dates once a delivery is scheduled, and searches owners by name', async () => {
    const unitId = freshUnit();
    const [inspector] = await ctx.db.select().from(users).where(eq(users.username, 'inspector'));
    const start = slot(5);
    expect(
      (
        await ctx.request('POST', `entregas/fichas/${unitId}/agendar`, {
          cookie: sup,
          body: { start_at: start, responsible_id: inspector.id },
        })
      ).status,
    ).toBe(200);
    // Scheduled dates are compared by the company's local day (Chile is behind UTC).
    const day = new Date(start).toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });
    const list = await ctx.request(
      'GET',
      `entregas/proyectos/${p1}/fichas?responsible_id=${inspector.id}&scheduled_from=${day}&scheduled_to=${day}`,
      { cookie: sup },
    );
    const other = await ctx.request('GET', `entregas/proyectos/${p1}/fichas?scheduled_from=2031-01-01`, {
      cookie: sup,
    });
    expect(other.json.data.map((r: any) => r.id)).not.toContain(unitId);
    expect(list.json.data.map((r: any) => r.id)).toContain(unitId);
    expect(list.json.data.every((r: any) => r.responsible.id === inspector.id)).toBe(true);
    const row = list.json.data.find((r: any) => r.id === unitId);
    expect(row).toMatchObject({
      state: 'por_entregar',
      schedule: { state: 'por_confirmar', start_at: start },
      scheduled_delivery_at: start,
      pending_failures: 0,
    });
    const search = await ctx.request('GET', `entregas/proyectos/${p1}/fichas?search=ibáñez`, { cookie: sup });
    expect(search.json.data.some((r: any) => r.id === unitId)).toBe(true);
    // Reassigning the ficha moves the appointment and its task to the new responsible.
    const [supervisor] = await ctx.db.select().from(users).where(eq(users.username, 'supervisor'));
    const moved = await ctx.request('PATCH', `entregas/fichas/${unitId}`, {
      cookie: sup,
      body: { responsible_id: supervisor.id },
    });
    expect(moved.json.data).toMatchObject({
      responsible: { id: supervisor.id },
      schedule: { responsible_id: supervisor.id },
    });
    const open = await ctx.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.link, `/warranties/ficha/${unitId}`), isNull(tasks.doneAt)));
    expect(open.map((t) => t.userId)).toEqual([supervisor.id]);
    const stranger = await ctx.request('PATCH', `entregas/fichas/${unitId}`, {
      cookie: sup,
      body: { responsible_id: 999999 },
    });
    expect(stranger.json.fields.responsible_id).toBe('El usuario no es válido para este proyecto');
  });
});

describe('scheduled days in the browser zone (docs/product.md §9 time zone)', () => {
  it("counts a scheduled day in the zone the screen sends, else in the company's", async () => {
    const unitId = freshUnit();
    // 02:00 UTC is still the day before in Santiago and already 11:00 of that day in Tokyo.
    const at = new Date(slot(8));
    at.setUTCHours(2, 0, 0, 0);
    const start = at.toISOString();
    const res = await ctx.request('POST', `entregas/fichas/${unitId}/agendar`, {
      cookie: sup,
      body: { start_at: start },
    });
    expect(res.status).toBe(200);
    const tokyoDay = start.slice(0, 10);
    const range = `scheduled_from=${tokyoDay}&scheduled_to=${tokyoDay}`;
    const inTokyo = await ctx.request('GET', `entregas/proyectos/${p1}/fichas?${range}&tz=Asia/Tokyo`, { cookie: sup });
    expect(inTokyo.json.data.map((r: any) => r.id)).toContain(unitId);
    const inChile = await ctx.request('GET', `entregas/proyectos/${p1}/fichas?${range}`, { cookie: sup });
    expect(inChile.json.data.map((r: any) => r.id)).not.toContain(unitId);
  });
});

describe('delivery flow (docs/product.md §4 ficha and delivery schedule, §5 delivery dialog)', () => {
  it('schedules (task for the responsible, e-mail to notifiable owners), confirms, delivers and returns to new', async () => {
    const unitId = freshUnit();
    const [inspector] = await ctx.db.select().from(users).where(eq(users.username, 'inspector'));
    const start = slot(6);
    const scheduled = await ctx.request('POST', `entregas/fichas/${unitId}/agendar`, {
      cookie: sup,
      body: { start_at: start, responsible_id: inspector.id },
    });
    expect(scheduled.json.data).toMatchObject({
      state: 'por_entregar',
      schedule: { state: 'por_confirmar', start_at: start },
      allowed_events: expect.arrayContaining(['ficha.schedule', 'ficha.deliver', 'ficha.clean']),
    });
    const myTasks = await ctx.request('GET', 'home/tareas', { cookie: insp });
    expect(
      [...myTasks.json.data.next_7_days, ...myTasks.json.data.later].some(
        (t: any) => t.link === `/warranties/ficha/${unitId}` && t.due_at === start,
      ),
    ).toBe(true);
    const events = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.topic, `qa/${ctx.seed.companyId}/projects/${p1}/units/${unitId}`))
      .orderBy(desc(outbox.id));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['ficha.changed', 'delivery.scheduled']));

    const confirmed = await ctx.request('POST', `entregas/fichas/${unitId}/agenda/confirmar`, {
      cookie: sup,
      body: {},
    });
    expect(confirmed.json.data.schedule).toMatchObject({ state: 'confirmada', owner_decision_by: 'staff' });

    const delivered = await deliver(insp, unitId, {
      observations: 'Entrega conforme',
      receiver_comment: 'Todo en orden',
    });
    expect(delivered.status).toBe(200);
    expect(delivered.json.data).toMatchObject({
      state: 'entregada',
      delivery_date: '2030-01-15',
      allowed_events: expect.arrayContaining(['ficha.returnToNew', 'ficha.clean']),
    });
    const openTasks = await ctx.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.link, `/warranties/ficha/${unitId}`), isNull(tasks.doneAt)));
    expect(openTasks).toEqual([]);
    const reception = await ctx.request('GET', `entregas/fichas/${unitId}/recepcion`, { cookie: sup });
    expect(reception.json.data).toMatchObject({
      delivery_date: '2030-01-15',
      observations: 'Entrega conforme',
      receiver_comment: 'Todo en orden',
      attendees: [{ role: 'propietario' }],
    });

    const back = await ctx.request('POST', `entregas/fichas/${unitId}/volver-a-nuevo`, { cookie: sup, body: {} });
    expect(back.json.data).toMatchObject({
      state: 'por_entregar',
      delivery_date: null,
      scheduled_delivery_at: null,
      schedule: null,
    });
    const live = await ctx.db
      .select()
      .from(deliverySchedules)
      .where(and(eq(deliverySchedules.unitId, unitId), isNull(deliverySchedules.cancelledAt)));
    expect(live).toEqual([]);
    // Returning a unit that is not delivered is refused with the state and action named (docs/product.md §4).
    const again = await ctx.request('POST', `entregas/fichas/${unitId}/volver-a-nuevo`, { cookie: sup, body: {} });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('No se puede volver a nueva cuando la ficha está en estado «Por entregar»');
    const history = await ctx.request('GET', `entregas/fichas/${unitId}/actividad`, { cookie: sup });
    expect(history.json.data.map((h: any) => h.action)).toEqual(
      expect.arrayContaining(['ficha.returnToNew', 'ficha.deliver', 'schedule.confirm', 'ficha.schedule']),
    );
  });

  it('docs/product.md §5 delivery dialog: date required, one owner-role option, ≤ 250 characters, no special characters (es, pt-BR)', async () => {
    const unitId = freshUnit();
    const es = await ctx.request('POST', `entregas/fichas/${unitId}/entregar`, {
      cookie: sup,
      body: { attendees: [], observations: 'x'.repeat(251), receiver_comment: 'hola <script>' },
    });
    expect(es.status).toBe(422);
    expect(es.json.fields).toMatchObject({
      delivery_date: 'Este campo es obligatorio',
      attendees: 'Este campo es obligatorio',
      observations: 'Debe tener como máximo 250 caracteres',
      receiver_comment: 'No se permiten caracteres especiales',
    });
    const pt = await ctx.request('POST', `entregas/fichas/${unitId}/entregar`, {
      cookie: sup,
      headers: { 'Accept-Language': 'pt-BR' },
      body: { delivery_date: '31-02-2030', attendees: [{ owner_id: 1 }] },
    });
    expect(pt.status).toBe(422);
    expect(pt.json.fields).toEqual({
      'attendees.0.role': 'Este campo é obrigatório',
      delivery_date: 'Informe uma data válida',
    });
    expect(pt.json.message).not.toBe(es.json.message);
    // An attendee must be an owner or receiver of this unit.
    const stranger = await ctx.request('POST', `entregas/fichas/${unitId}/entregar`, {
      cookie: sup,
      body: { delivery_date: '2030-01-01', attendees: [{ owner_id: 999999, role: 'receptor' }] },
    });
    expect(stranger.json.fields['attendees.0.owner_id']).toBe('La persona no es propietario ni receptor de la unidad');
  });

  it('docs/product.md §4 pending failures deliver with observations; pass to after-sales makes an AE ticket of them and locks undoing', async () => {
    const unitId = freshUnit();
    const revision = await revisionFailures(insp, unitId, 2);
    expect(revision.summary).toMatchObject({ pending_failures: 2, answered: 3 });
    const signature = await upload(ctx, insp, await pngBytes(), {
      extension: 'png',
      context: 'image',
      name: 'firma.png',
    });
    const delivered = await deliver(insp, unitId, { owner_signature_path: signature });
    expect(delivered.json.data).toMatchObject({
      state: 'entregada_obs',
      pending_failures: 2,
      allowed_events: expect.arrayContaining(['ficha.passToAfterSales']),
    });

    const passed = await ctx.request('POST', `entregas/fichas/${unitId}/pasar-a-postventa`, { cookie: sup, body: {} });
    expect(passed.status).toBe(201);
    const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.id, passed.json.data.ticket.id));
    expect(ticket).toMatchObject({ origin: 'AE', unitId });
    const ticketFailures = await ctx.db.select().from(failures).where(eq(failures.ticketId, ticket.id));
    expect(ticketFailures).toHaveLength(2);
    expect(passed.json.data).toMatchObject({
      is_passed_to_after_sales: true,
      pending_failures: 0,
      after_sales_ticket: { id: ticket.id, code: ticket.code },
    });
    const tab = await ctx.request('GET', `entregas/fichas/${unitId}/solicitudes`, { cookie: sup });
    expect(tab.json.data.map((t: any) => t.id)).toContain(ticket.id);
    expect(tab.json.data.every((t: any) => t.unit.id === unitId)).toBe(true);
    // Once a ticket holds the failures the delivery cannot be undone, nor passed twice.
    for (const action of ['volver-a-nuevo', 'limpiar', 'pasar-a-postventa']) {
      const refused = await ctx.request('POST', `entregas/fichas/${unitId}/${action}`, { cookie: sup, body: {} });
      expect(refused.status, action).toBe(409);
    }
    // The linked revision results are frozen.
    const edit = await ctx.request('GET', `entregas/fichas/${unitId}/revision`, { cookie: sup });
    const linked = edit.json.data.areas
      .flatMap((a: any) => a.places.flatMap((p: any) => p.items))
      .find((i: any) => i.result?.ticket_id);
    const frozen = await ctx.request('PUT', `entregas/fichas/${unitId}/revision`, {
      cookie: sup,
      body: { results: [{ item_id: linked.id, outcome: 'cumple' }] },
    });
    expect(frozen.json.fields['results.0.item_id']).toBe(
      'El resultado ya fue pasado a postventa y no puede modificarse',
    );
  });

  it('docs/product.md §4 a double submission of pass to after-sales opens one ticket', async () => {
    const unitId = freshUnit();
    await revisionFailures(insp, unitId, 1);
    await deliver(sup, unitId);
    const aeTickets = () =>
      ctx.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.unitId, unitId), eq(tickets.origin, 'AE')));
    const before = (await aeTickets()).length;
    const answers = await Promise.all(
      [1, 2].map(() => ctx.request('POST', `entregas/fichas/${unitId}/pasar-a-postventa`, { cookie: sup, body: {} })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await aeTickets()).length - before).toBe(1);
  });

  it('docs/product.md §4 passing to after-sales needs pending failures; clean removes every change of the ficha', async () => {
    const unitId = freshUnit();
    const peopleBefore = (await ctx.request('GET', `entregas/fichas/${unitId}/propietarios`, { cookie: sup })).json.data
      .length;
    expect((await deliver(sup, unitId)).json.data.state).toBe('entregada');
    const none = await ctx.request('POST', `entregas/fichas/${unitId}/pasar-a-postventa`, { cookie: sup, body: {} });
    expect(none.status).toBe(409);
    expect(none.json.message).toBe('La ficha no tiene fallas pendientes para pasar a postventa');
    await revisionFailures(insp, unitId, 1);
    await ctx.request('PUT', `entregas/fichas/${unitId}/detalles`, {
      cookie: insp,
      body: { parkings: ['E-12'], readings: { light: '1.234,5', gas: 10 } },
    });
    await ctx.request('PUT', `entregas/fichas/${unitId}/accesorios`, {
      cookie: insp,
      body: { accessories: [{ name: 'Control remoto', delivered: true, quantity: 2 }] },
    });
    const cleaned = await ctx.request('POST', `entregas/fichas/${unitId}/limpiar`, { cookie: sup, body: {} });
    expect(cleaned.json.data).toMatchObject({ state: 'por_entregar', delivery_date: null, pending_failures: 0 });
    expect((await ctx.request('GET', `entregas/fichas/${unitId}/detalles`, { cookie: sup })).json.data).toMatchObject({
      parkings: [],
      readings: { light: null, gas: null },
    });
    expect(
      (await ctx.request('GET', `entregas/fichas/${unitId}/accesorios`, { cookie: sup })).json.data.is_template,
    ).toBe(true);
    expect(
      (await ctx.request('GET', `entregas/fichas/${unitId}/revision`, { cookie: sup })).json.data.summary.answered,
    ).toBe(0);
    expect(
      (await ctx.request('GET', `entregas/fichas/${unitId}/recepcion`, { cookie: sup })).json.data.attendees,
    ).toEqual([]);
    expect(
      (await ctx.request('GET', `entregas/fichas/${unitId}/propietarios`, { cookie: sup })).json.data,
    ).toHaveLength(peopleBefore);
  });

  it('docs/product.md §5/§9 bulk scheduling: at most 50 selected; delivered units come back as warnings', async () => {
    const tooMany = await ctx.request('POST', `entregas/proyectos/${p1}/fichas/agendar`, {
      cookie: sup,
      body: { unit_ids: fresh.slice(0, 51), start_at: slot(8) },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.fields.unit_ids).toBe('Se permiten como máximo 50 elementos');
    const delivered = freshUnit();
    await deliver(sup, delivered);
    const pick = [freshUnit(), freshUnit(), delivered];
    const res = await ctx.request('POST', `entregas/proyectos/${p1}/fichas/agendar`, {
      cookie: sup,
      body: { unit_ids: pick, start_at: slot(9), interval_minutes: 30 },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.scheduled).toBe(2);
    expect(res.json.warnings).toHaveLength(1);
    const rows = await ctx.db.select().from(deliverySchedules).where(isNull(deliverySchedules.cancelledAt));
    const [a, b] = pick.slice(0, 2).map((id) => rows.find((r) => r.unitId === id)!.startAt.getTime());
    expect(b - a).toBe(30 * 60_000);
    // A unit of another project in the selection is a 404, as an unknown id.
    const foreign = (await unitsIn(ctx, ctx.seed.projectIds[0]))[0].id;
    expect(
      (
        await ctx.request('POST', `entregas/proyectos/${p1}/fichas/agendar`, {
          cookie: sup,
          body: { unit_ids: [foreign], start_at: slot(9) },
        })
      ).status,
    ).toBe(404);
  });

  it('docs/product.md §4 owners confirm like visits: portal and single-use e-mailed link, until the configured hours before', async () => {
    const [account] = await ctx.db.select().from(users).where(eq(users.username, 'propietario'));
    const ownerCookie = await ctx.login('propietario');
    const unitId = freshUnit();
    const { owners: ownerTable } = await import('../../../db/schema/index.ts');
    const [ownerRow] = await ctx.db.select().from(ownerTable).where(eq(ownerTable.userId, account.id));
    await giveOwner(ctx, unitId, { ownerId: ownerRow.id });
    await ctx.request('POST', `entregas/fichas/${unitId}/agendar`, { cookie: sup, body: { start_at: slot(10) } });
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, account.email!))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const token = /entrega\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const page = await ctx.request('GET', `entregas/entrega/${token}`);
    expect(page.json.data).toMatchObject({ state: 'por_confirmar', can_confirm: true, can_reject: true });
    const rejected = await ctx.request('POST', `entregas/entrega/${token}/rechazar`, {
      body: { reason: 'No puedo ese día' },
    });
    expect(rejected.json.data.state).toBe('rechazada');
    expect((await ctx.request('POST', `entregas/entrega/${token}/confirmar`, { body: {} })).status).toBe(410);

    // Rescheduled close to the start: the owner is past the 24 h limit, staff may still answer.
    await ctx.request('POST', `entregas/fichas/${unitId}/agendar`, { cookie: sup, body: { start_at: slot(0, 3) } });
    const portal = await ctx.request('GET', 'entregas/portal/entregas', { cookie: ownerCookie });
    const mine = portal.json.data.find((s: any) => s.unit.id === unitId);
    expect(mine).toMatchObject({ state: 'por_confirmar', can_confirm: false });
    const late = await ctx.request('POST', `entregas/portal/entregas/${mine.id}/confirmar`, {
      cookie: ownerCookie,
      body: {},
    });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe('La entrega solo puede confirmarse o rechazarse hasta 24 horas antes de su inicio');
    await ctx.request('POST', `entregas/fichas/${unitId}/agendar`, { cookie: sup, body: { start_at: slot(12) } });
    const inTime = await ctx.request('POST', `entregas/portal/entregas/${mine.id}/confirmar`, {
      cookie: ownerCookie,
      body: {},
    });
    expect(inTime.json.data.state).toBe('confirmada');
    // Staff routes are not for owners.
    expect((await ctx.request('GET', `entregas/fichas/${unitId}`, { cookie: ownerCookie })).status).toBe(403);
    const history = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'unit'), eq(activityLog.entityId, unitId)));
    expect(history.filter((h) => h.action === 'schedule.confirm' && h.userId === account.id)).toHaveLength(1);
  });

  it('docs/product.md §6 permissions: an inspector records the revision and the delivery but cannot schedule or undo it', async () => {
    const unitId = freshUnit();
    expect(
      (await ctx.request('POST', `entregas/fichas/${unitId}/agendar`, { cookie: insp, body: { start_at: slot(3) } }))
        .status,
    ).toBe(403);
    expect((await deliver(insp, unitId)).status).toBe(200);
    expect(
      (await ctx.request('POST', `entregas/fichas/${unitId}/volver-a-nuevo`, { cookie: insp, body: {} })).status,
    ).toBe(403);
    // Passing to after-sales opens a ticket: 'ejecutivo' manages deliveries but may not create tickets.
    const ejecutivo = await ctx.login('ejecutivo');
    expect(
      (await ctx.request('POST', `entregas/fichas/${unitId}/pasar-a-postventa`, { cookie: ejecutivo, body: {} }))
        .status,
    ).toBe(403);
    const revisor = await ctx.login('revisor');
    expect((await ctx.request('GET', `entregas/fichas/${unitId}`, { cookie: revisor })).status).toBe(403);
  });
});

describe('demo seed', () => {
  it('delivered units of the first project have details, accessories, revision and act; deliveries are scheduled in the coming days', async () => {
    const p0 = ctx.seed.projectIds[0];
    const obs = (
      await ctx.request('GET', `entregas/proyectos/${p0}/fichas?state=entregada_obs&rowsPerPage=1`, { cookie: sup })
    ).json.data[0];
    expect(obs.pending_failures).toBe(2);
    const details = (await ctx.request('GET', `entregas/fichas/${obs.id}/detalles`, { cookie: sup })).json.data;
    expect(details.readings.light).toBeGreaterThan(0);
    expect((await ctx.request('GET', `entregas/fichas/${obs.id}/accesorios`, { cookie: sup })).json.data).toMatchObject(
      { is_template: false },
    );
    expect(
      (await ctx.request('GET', `entregas/fichas/${obs.id}/recepcion`, { cookie: sup })).json.data.delivered_by
        .full_name,
    ).toBe('Matías González Pérez');
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    const agenda = (await ctx.request('GET', `entregas/agenda?from=${from}&to=${to}&project_id=${p0}`, { cookie: sup }))
      .json.data;
    expect(agenda.length).toBeGreaterThanOrEqual(5);
    expect(new Set(agenda.map((a: any) => a.state))).toEqual(new Set(['por_confirmar', 'confirmada']));
  });
});

describe('a delivered unit settles its appointment (docs/product.md §4 delivery schedule)', () => {
  it('delivering settles an unanswered appointment in the same transaction: realizada, its history and event, no answers left', async () => {
    const unitId = freshUnit();
    await giveOwner(ctx, unitId);
    await ctx.request('POST', `entregas/fichas/${unitId}/agendar`, { cookie: sup, body: { start_at: slot(8) } });
    const delivered = await deliver(insp, unitId);
    expect(delivered.status).toBe(200);
    expect(delivered.json.data).toMatchObject({
      state: 'entregada',
      schedule: { state: 'realizada', can_confirm: false, can_reject: false },
      schedule_allowed_events: [],
    });
    const history = await ctx.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.entityType, 'unit'),
          eq(activityLog.entityId, unitId),
          eq(activityLog.action, 'schedule.settle'),
        ),
      );
    expect(history).toMatchObject([{ fromState: 'por_confirmar', toState: 'realizada' }]);
    const events = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.topic, `qa/${ctx.seed.companyId}/projects/${p1}/units/${unitId}`));
    expect(events.map((e) => e.type)).toContain('delivery.settled');
    // Staff can no longer answer for the owner: the appointment took place.
    const late = await ctx.request('POST', `entregas/fichas/${unitId}/agenda/rechazar`, { cookie: sup, body: {} });
    expect(late.status).toBe(409);
    // Returning the ficha to new cancels the settled appointment: a new date starts a new one.
    await ctx.request('POST', `entregas/fichas/${unitId}/volver-a-nuevo`, { cookie: sup, body: {} });
    const again = await ctx.request('POST', `entregas/fichas/${unitId}/agendar`, {
      cookie: sup,
      body: { start_at: slot(9) },
    });
    expect(again.json.data.schedule).toMatchObject({ state: 'por_confirmar' });
  });

  it('migration 0012 settles the appointment of a unit delivered before the rule, so its ficha offers no answer', async () => {
    const unitId = freshUnit();
    await ctx.request('POST', `entregas/fichas/${unitId}/agendar`, { cookie: sup, body: { start_at: slot(8) } });
    await ctx.db
      .update(units)
      .set({ deliveryState: 'entregada', deliveryDate: '2030-01-15' })
      .where(eq(units.id, unitId));
    const migration = fs.readFileSync(
      new URL('../../../db/migrations/0012_settle_delivered_schedules.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await ctx.db.execute(sql.raw(statement));
    const detail = (await ctx.request('GET', `entregas/fichas/${unitId}`, { cookie: sup })).json.data;
    expect(detail).toMatchObject({ schedule: { state: 'realizada' }, schedule_allowed_events: [] });
  });
});
