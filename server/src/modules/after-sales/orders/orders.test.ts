import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { mailOutbox, outbox, tasks, ticketPauses } from '../../../db/schema/index.ts';
import { demoIds, newTicket, uploadPhoto, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let agent: string;
let owner: string;
let tree: any;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  agent = await ctx.login('agente');
  owner = await ctx.login('propietario');
  tree = (await ctx.request('GET', `postventa/catalogo/unidad/${ids.unitId}`, { cookie: agent })).json.data;
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

/** A quarter-hour start `days` ahead (docs/product.md §9 time picker). */
const slot = (days: number, hourUtc = 13, minute = 0) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hourUtc, minute, 0, 0);
  return d.toISOString();
};
const types = () =>
  tree.areas.flatMap((a: any) => a.places.flatMap((p: any) => p.items.flatMap((i: any) => i.failures)));

async function ticketWithFailures(n = 2) {
  const t = await newTicket(ctx, agent, ids, { state: 'en_proceso' });
  const failureIds: number[] = [];
  for (let k = 0; k < n; k++) {
    const res = await ctx.request('POST', `postventa/solicitudes/${t.id}/fallas`, {
      cookie: agent,
      body: { failure_type_id: types()[k].id },
    });
    failureIds.push(res.json.data.id);
  }
  return { ticket: t, failureIds };
}
async function newOrder(
  ticketId: number,
  failureIds: number[],
  kind = 'oi',
  start = slot(3),
  responsible = ids.agente,
) {
  const res = await ctx.request('POST', `postventa/solicitudes/${ticketId}/${kind}`, {
    cookie: agent,
    body: { responsible_id: responsible, failure_ids: failureIds, start_at: start, duration_minutes: 90 },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.json.data;
}
const orderAction = (ticketId: number, orderId: number, action: string, body: unknown = {}, kind = 'oi') =>
  ctx.request('POST', `postventa/solicitudes/${ticketId}/${kind}/${orderId}/${action}`, { cookie: agent, body });
const lastMailTo = async (to: string) =>
  (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1))[0];
const tokenOf = (text: string) => /postventa\/visita\/([A-Za-z0-9_-]+)/.exec(text)![1];

describe('OI/OT (docs/product.md §3 OI/OT, §4 Orders, §5 an order needs a schedule)', () => {
  it('crear schedules at once: agendada, a task for the responsible, an order.scheduled event and the owner is e-mailed a single-use link', async () => {
    const { ticket, failureIds } = await ticketWithFailures();
    const order = await newOrder(ticket.id, failureIds);
    expect(order).toMatchObject({
      kind: 'OI',
      state: 'agendada',
      duration_minutes: 90,
      responsible: { id: ids.agente },
    });
    expect(order.code).toMatch(/^OI-PLD\d+$/);
    expect(order.failures.map((f: any) => f.id).sort()).toEqual([...failureIds].sort());
    expect(order.owner_window).toMatchObject({ can_confirm: true, can_reject: true });
    const [task] = await ctx.db
      .select()
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, ids.agente),
          eq(tasks.link, `/warranties/solicitud/${ticket.id}/oi/gestionar/${order.id}`),
        ),
      );
    expect(task.dueAt.toISOString()).toBe(order.start_at);
    const [event] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'order.scheduled'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect((event.payload as any).data).toMatchObject({
      orderId: order.id,
      orderState: 'agendada',
      orderResponsibleId: ids.agente,
      ticketId: ticket.id,
    });
    const mail = await lastMailTo('propietario@correo.cl');
    expect(mail.subject).toContain(order.code);
    expect(mail.text).toContain('/api/v2/public/api/postventa/visita/');
    const [pause] = await ctx.db
      .select()
      .from(ticketPauses)
      .where(and(eq(ticketPauses.ticketId, ticket.id), eq(ticketPauses.reason, 'espera_propietario')));
    expect(pause.endedAt).toBeNull();
  });

  it('422 in es and pt-BR: schedule is required and must sit on a quarter hour (docs/product.md §5, §9)', async () => {
    const { ticket, failureIds } = await ticketWithFailures(1);
    const missing = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/oi`, {
      cookie: agent,
      body: { responsible_id: ids.agente, failure_ids: failureIds },
    });
    expect(missing.status).toBe(422);
    expect(missing.json.fields).toMatchObject({
      start_at: 'Este campo es obligatorio',
      duration_minutes: 'Este campo es obligatorio',
    });
    const odd = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/oi`, {
      cookie: agent,
      headers: { 'Accept-Language': 'pt-BR' },
      body: { responsible_id: ids.agente, failure_ids: failureIds, start_at: slot(2, 13, 10), duration_minutes: 50 },
    });
    expect(odd.json.fields.start_at).toBe('O horário deve ser em ponto ou aos 15, 30 ou 45 minutos');
    expect(odd.json.fields.duration_minutes).toBe('O horário deve ser em ponto ou aos 15, 30 ou 45 minutos');
  });

  it('the owner confirms from the e-mailed link (GET page, POST answer); the link is single use; a reschedule asks again with a new link', async () => {
    const { ticket, failureIds } = await ticketWithFailures(1);
    const order = await newOrder(ticket.id, failureIds);
    const token = tokenOf((await lastMailTo('propietario@correo.cl')).text);
    const page = await ctx.request('GET', `postventa/visita/${token}`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Confirmar visita');
    const info = await ctx.request('GET', `postventa/visita/${token}`);
    expect(info.json.data).toMatchObject({ code: order.code, state: 'agendada', can_confirm: true });
    const yes = await ctx.request('POST', `postventa/visita/${token}`, { body: { decision: 'confirmar' } });
    expect(yes.status).toBe(200);
    expect(yes.json.data.state).toBe('confirmada');
    expect((await ctx.request('POST', `postventa/visita/${token}`, { body: { decision: 'rechazar' } })).status).toBe(
      410,
    );
    const moved = await orderAction(ticket.id, order.id, 'reagendar', {
      start_at: slot(4, 14, 30),
      duration_minutes: 60,
    });
    expect(moved.json.data).toMatchObject({ state: 'agendada', duration_minutes: 60, owner_decision: null });
    const fresh = tokenOf((await lastMailTo('propietario@correo.cl')).text);
    expect(fresh).not.toBe(token);
    // The old link was replaced by the new one: it no longer exists.
    expect((await ctx.request('GET', `postventa/visita/${token}`)).status).toBe(404);
    const no = await ctx.request('POST', `postventa/visita/${fresh}`, {
      body: { decision: 'rechazar', reason: 'No estaré en casa' },
    });
    expect(no.json.data.state).toBe('cancelada');
  });

  it('docs/product.md §4 past the configured limit before the visit the owner is refused with a clear message; staff may still confirm', async () => {
    const { ticket, failureIds } = await ticketWithFailures(1);
    const soon = new Date(Date.now() + 3 * 3_600_000);
    soon.setUTCMinutes(0, 0, 0);
    const order = await newOrder(ticket.id, failureIds, 'oi', soon.toISOString());
    const visits = (await ctx.request('GET', 'postventa/portal/visitas', { cookie: owner })).json.data;
    expect(visits.find((v: any) => v.id === order.id)).toMatchObject({
      can_confirm: false,
      can_reject: false,
      is_before_deadline: false,
    });
    const late = await ctx.request('POST', `postventa/portal/visitas/${order.id}/confirmar`, { cookie: owner });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(
      'Ya no es posible confirmar ni rechazar esta visita: el plazo vence 24 horas antes de su inicio',
    );
    const staff = await orderAction(ticket.id, order.id, 'confirmar');
    expect(staff.json.data.state).toBe('confirmada');
  });

  it('managing records a result per failure through the failure machine (solved → AC); the schedule is then locked', async () => {
    const { ticket, failureIds } = await ticketWithFailures(2);
    const order = await newOrder(ticket.id, failureIds);
    const notYet = await orderAction(ticket.id, order.id, 'gestionar', {
      results: failureIds.map((id) => ({ failure_id: id, result: 'cumple' })),
    });
    expect(notYet.status).toBe(409);
    expect(notYet.json.state).toBe('agendada');
    await orderAction(ticket.id, order.id, 'confirmar');
    const partial = await orderAction(ticket.id, order.id, 'gestionar', {
      results: [{ failure_id: failureIds[0], result: 'cumple' }],
    });
    expect(partial.status).toBe(422);
    const done = await orderAction(ticket.id, order.id, 'gestionar', {
      results: [
        { failure_id: failureIds[0], result: 'solucionada', comment: 'Se reemplazó' },
        { failure_id: failureIds[1], result: 'falla' },
      ],
      observations: 'Visita realizada',
    });
    expect(done.json.data).toMatchObject({
      state: 'gestionada',
      observations: 'Visita realizada',
      is_schedule_editable: false,
    });
    expect(done.json.data.failures.map((f: any) => [f.state, f.result]).sort()).toEqual([
      ['falla', 'falla'],
      ['solucionada', 'solucionada'],
    ]);
    const acList = (await ctx.request('GET', `postventa/solicitudes/${ticket.id}/ac`, { cookie: agent })).json.data;
    expect(acList[0]).toMatchObject({ state: 'pendiente', failures: [{ id: failureIds[0] }] });
    const moved = await orderAction(ticket.id, order.id, 'reagendar', { start_at: slot(5), duration_minutes: 60 });
    expect(moved.status).toBe(409);
    // An OT for the failure the inspection confirmed can still be scheduled: 'falla' is not a final outcome.
    const ot = await newOrder(ticket.id, [failureIds[1]], 'ot');
    expect(ot.state).toBe('agendada');
  });

  it('docs/product.md §4 no schedule edits when a failure is already managed or the ticket is postponed (409 names state and action)', async () => {
    const { ticket, failureIds } = await ticketWithFailures(2);
    const order = await newOrder(ticket.id, failureIds);
    await ctx.request('POST', `postventa/solicitudes/${ticket.id}/fallas/${failureIds[0]}/no-aplica`, {
      cookie: agent,
      body: {},
    });
    const locked = await orderAction(ticket.id, order.id, 'reagendar', { start_at: slot(6), duration_minutes: 60 });
    expect(locked.status).toBe(409);
    expect(locked.json).toMatchObject({ state: 'agendada', event: 'order.reschedule' });
    const other = await ticketWithFailures(1);
    const o2 = await newOrder(other.ticket.id, other.failureIds);
    await ctx.request('POST', `postventa/solicitudes/${other.ticket.id}/postergar`, { cookie: agent });
    expect((await orderAction(other.ticket.id, o2.id, 'desagendar')).status).toBe(409);
    await ctx.request('POST', `postventa/solicitudes/${other.ticket.id}/reanudar`, { cookie: agent });
    const unscheduled = await orderAction(other.ticket.id, o2.id, 'desagendar');
    expect(unscheduled.json.data).toMatchObject({ state: 'creada', start_at: null });
    const again = await orderAction(other.ticket.id, o2.id, 'agendar', { start_at: slot(7), duration_minutes: 45 });
    expect(again.json.data.state).toBe('agendada');
    const cancelled = await orderAction(other.ticket.id, o2.id, 'cancelar');
    expect(cancelled.json.data.state).toBe('cancelada');
    expect((await orderAction(other.ticket.id, o2.id, 'finalizar')).json.data.state).toBe('finalizada');
  });

  it('editar changes responsible and description without a new confirmation; OI and OT lists are separate', async () => {
    const { ticket, failureIds } = await ticketWithFailures(1);
    const order = await newOrder(ticket.id, failureIds);
    const res = await ctx.request('PATCH', `postventa/solicitudes/${ticket.id}/oi/${order.id}`, {
      cookie: agent,
      body: { responsible_id: ids.inspector, description: 'Llevar escalera' },
    });
    expect(res.json.data).toMatchObject({
      state: 'agendada',
      description: 'Llevar escalera',
      responsible: { id: ids.inspector },
    });
    expect((await ctx.request('GET', `postventa/solicitudes/${ticket.id}/ot`, { cookie: agent })).json.data).toEqual(
      [],
    );
    expect(
      (await ctx.request('GET', `postventa/solicitudes/${ticket.id}/ot/${order.id}`, { cookie: agent })).status,
    ).toBe(404);
  });
});

describe('AC (docs/product.md §4 AC: pending, conforming, non-conforming, rejected; re-inspection or work order)', () => {
  it('no conforme with a work order: failures re-enter and a new OT waits to be scheduled; rechazada needs a reason', async () => {
    const { ticket, failureIds } = await ticketWithFailures(1);
    await ctx.request('POST', `postventa/solicitudes/${ticket.id}/fallas/${failureIds[0]}/resultado`, {
      cookie: agent,
      body: { outcome: 'solucionada' },
    });
    const [ac] = (await ctx.request('GET', `postventa/solicitudes/${ticket.id}/ac`, { cookie: agent })).json.data;
    const noReason = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/ac/${ac.id}/responder`, {
      cookie: agent,
      body: { result: 'rechazada' },
    });
    expect(noReason.status).toBe(422);
    expect(noReason.json.fields.reply).toBe('Este campo es obligatorio');
    const res = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/ac/${ac.id}/responder`, {
      cookie: agent,
      body: { result: 'no_conforme', reply: 'Sigue filtrando', follow_up: 'orden_trabajo' },
    });
    expect(res.json.data).toMatchObject({ state: 'no_conforme', follow_up: 'orden_trabajo' });
    const ots = (await ctx.request('GET', `postventa/solicitudes/${ticket.id}/ot`, { cookie: agent })).json.data;
    expect(ots).toHaveLength(1);
    expect(ots[0]).toMatchObject({
      id: res.json.data.follow_up_order_id,
      state: 'creada',
      failures: [{ id: failureIds[0], state: 'pendiente' }],
    });
    const [event] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'ac.result'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect((event.payload as any).data).toMatchObject({
      acId: ac.id,
      acState: 'no_conforme',
      followUp: 'orden_trabajo',
    });
    const twice = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/ac/${ac.id}/seguimiento`, {
      cookie: agent,
      body: { follow_up: 'reinspeccion' },
    });
    expect(twice.status).toBe(409);
  });

  it('an AC can be created for failures solved in after-sales, and answered conforme', async () => {
    const { ticket, failureIds } = await ticketWithFailures(1);
    await ctx.request('POST', `postventa/solicitudes/${ticket.id}/fallas/${failureIds[0]}/resultado`, {
      cookie: agent,
      body: { outcome: 'solucionada_postventa' },
    });
    const created = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/ac`, {
      cookie: agent,
      body: { failure_ids: failureIds },
    });
    expect(created.status).toBe(201);
    const ok = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/ac/${created.json.data.id}/responder`, {
      cookie: agent,
      body: { result: 'conforme' },
    });
    expect(ok.json.data.state).toBe('conforme');
    expect(
      (
        await ctx.request('POST', `postventa/solicitudes/${ticket.id}/ac`, {
          cookie: agent,
          body: { failure_ids: failureIds },
        })
      ).status,
    ).toBe(422);
  });
});

describe('photos of visit results and AC replies (docs/product.md §9 uploader: at most 5, the caller own uploads)', () => {
  const readStatus = async (path: string, cookie: string) =>
    (await ctx.app.request(`/api/v2/public/files/${path}`, { headers: { Cookie: cookie } })).status;

  it('a visit result takes photos: a foreign upload is a 422 on its field, its own are kept and read as the ticket files', async () => {
    const { ticket, failureIds } = await ticketWithFailures(1);
    const order = await newOrder(ticket.id, failureIds);
    await orderAction(ticket.id, order.id, 'confirmar');
    const admin = await ctx.login('admin');
    const foreign = await uploadPhoto(ctx, admin, 'ajena.png');
    const refused = await orderAction(ticket.id, order.id, 'gestionar', {
      results: [{ failure_id: failureIds[0], result: 'falla', attachments: [foreign] }],
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.fields)).toEqual(['results.0.attachments']);
    const tooMany = await orderAction(ticket.id, order.id, 'gestionar', {
      results: [{ failure_id: failureIds[0], result: 'falla', attachments: Array(6).fill(foreign) }],
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.fields['results.0.attachments']).toBeTruthy();

    const photo = await uploadPhoto(ctx, agent, 'resultado.png');
    expect(await readStatus(photo.path, admin)).toBe(404); // not attached yet: its uploader's only
    const done = await orderAction(ticket.id, order.id, 'gestionar', {
      results: [{ failure_id: failureIds[0], result: 'falla', attachments: [photo] }],
    });
    expect(done.status).toBe(200);
    expect(done.json.data.failures[0].attachments).toEqual([
      { path: photo.path, name: 'resultado.png', size: photo.size, type: 'image/png' },
    ]);
    const listed = (await ctx.request('GET', `postventa/solicitudes/${ticket.id}/oi`, { cookie: agent })).json.data;
    expect(listed[0].failures[0].attachments).toHaveLength(1);
    expect(await readStatus(photo.path, admin)).toBe(200); // attached to the ticket: whoever sees it
    expect(await readStatus(photo.path, await ctx.login('propietario2'))).toBe(404);
  });

  it('an AC reply takes photos, the caller own only', async () => {
    const { ticket, failureIds } = await ticketWithFailures(1);
    await ctx.request('POST', `postventa/solicitudes/${ticket.id}/fallas/${failureIds[0]}/resultado`, {
      cookie: agent,
      body: { outcome: 'solucionada' },
    });
    const [ac] = (await ctx.request('GET', `postventa/solicitudes/${ticket.id}/ac`, { cookie: agent })).json.data;
    const reply = (body: unknown) =>
      ctx.request('POST', `postventa/solicitudes/${ticket.id}/ac/${ac.id}/responder`, { cookie: agent, body });
    const admin = await ctx.login('admin');
    const foreign = await uploadPhoto(ctx, admin, 'ajena.png');
    const refused = await reply({ result: 'conforme', attachments: [foreign] });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.fields)).toEqual(['attachments']);
    const photo = await uploadPhoto(ctx, agent, 'conforme.png');
    const ok = await reply({ result: 'conforme', attachments: [photo] });
    expect(ok.status).toBe(200);
    expect(ok.json.data.state).toBe('conforme');
    const [listed] = (await ctx.request('GET', `postventa/solicitudes/${ticket.id}/ac`, { cookie: agent })).json.data;
    expect(listed.attachments).toEqual([
      { path: photo.path, name: 'conforme.png', size: photo.size, type: 'image/png' },
    ]);
    expect(await readStatus(photo.path, admin)).toBe(200);
  });
});

describe('agenda (docs/product.md#agenda)', () => {
  it('lists scheduled orders in a range by responsible, flags overlapping visits of one responsible, and a drag reschedules', async () => {
    const a = await ticketWithFailures(1);
    const b = await ticketWithFailures(1);
    const day = slot(9, 15);
    const o1 = await newOrder(a.ticket.id, a.failureIds, 'oi', day, ids.inspector);
    const o2 = await newOrder(
      b.ticket.id,
      b.failureIds,
      'oi',
      new Date(Date.parse(day) + 30 * 60_000).toISOString(),
      ids.inspector,
    );
    const date = day.slice(0, 10);
    const res = await ctx.request('GET', `postventa/agenda?from=${date}&to=${date}&responsible_id=${ids.inspector}`, {
      cookie: agent,
    });
    expect(res.status).toBe(200);
    const mine = res.json.data.filter((e: any) => [o1.id, o2.id].includes(e.id));
    expect(mine).toHaveLength(2);
    expect(mine.every((e: any) => e.overlaps && e.responsible.id === ids.inspector)).toBe(true);
    const drag = await ctx.request('PATCH', `postventa/agenda/${o2.id}`, {
      cookie: agent,
      body: { start_at: new Date(Date.parse(day) + 120 * 60_000).toISOString(), duration_minutes: 90 },
    });
    expect(drag.status).toBe(200);
    const after = await ctx.request('GET', `postventa/agenda?from=${date}&to=${date}&responsible_id=${ids.inspector}`, {
      cookie: agent,
    });
    expect(after.json.data.filter((e: any) => [o1.id, o2.id].includes(e.id)).some((e: any) => e.overlaps)).toBe(false);
    await ctx.request('POST', `postventa/solicitudes/${b.ticket.id}/postergar`, { cookie: agent });
    const refused = await ctx.request('PATCH', `postventa/agenda/${o2.id}`, {
      cookie: agent,
      body: { start_at: day, duration_minutes: 90 },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain('Agendada'.toLowerCase().slice(1));
    const tooLong = await ctx.request('GET', 'postventa/agenda?from=2026-01-01&to=2026-06-01', { cookie: agent });
    expect(tooLong.status).toBe(422);
  });
});
