import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { mailOutbox } from '../../../db/schema/index.ts';
import { isInsideReplyWindow, replyDeadline } from '#machines/time';
import { demoIds, newTicket, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let agent: string;
let owner: string;
let failureTypeId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  agent = await ctx.login('agente');
  owner = await ctx.login('propietario');
  const tree = (await ctx.request('GET', `postventa/catalogo/unidad/${ids.unitId}`, { cookie: agent })).json.data;
  failureTypeId = tree.areas[0].places[0].items[0].failures[0].id;
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

/** The next quarter hour at least `hours` from now. */
const inHours = (hours: number) => {
  const ms = Date.now() + hours * 3_600_000;
  return new Date(Math.ceil(ms / 900_000) * 900_000).toISOString();
};
async function visitAt(startAt: string) {
  const t = await newTicket(ctx, agent, ids);
  const f = await ctx.request('POST', `postventa/solicitudes/${t.id}/fallas`, {
    cookie: agent,
    body: { failure_type_id: failureTypeId },
  });
  const res = await ctx.request('POST', `postventa/solicitudes/${t.id}/oi`, {
    cookie: agent,
    body: { responsible_id: ids.agente, failure_ids: [f.json.data.id], start_at: startAt, duration_minutes: 60 },
  });
  expect(res.status).toBe(201);
  return { ticket: t, order: res.json.data };
}
const lastMail = async () =>
  (
    await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'propietario@correo.cl'))
      .orderBy(desc(mailOutbox.id))
      .limit(1)
  )[0];

describe('a visit scheduled inside the owner reply window (docs/product.md §4 Owner confirmation)', () => {
  it('the rule: the deadline is the limit before the start; past it at scheduling time the visit is inside the window', () => {
    const start = '2030-03-10T10:00:00.000Z';
    expect(replyDeadline(start, 24)).toBe('2030-03-09T10:00:00.000Z');
    expect(isInsideReplyWindow('2030-03-09T10:00:00.000Z', start, 24)).toBe(false);
    expect(isInsideReplyWindow('2030-03-09T15:00:00.000Z', start, 24)).toBe(true);
    expect(isInsideReplyWindow('2030-03-09T15:00:00.000Z', null, 24)).toBe(false);
  });

  it('the owner cannot answer, the answer says staff must confirm, and the e-mail carries no link', async () => {
    const { ticket, order } = await visitAt(inHours(3));
    expect(order.state).toBe('agendada');
    expect(order.owner_window).toMatchObject({
      can_confirm: false,
      can_reject: false,
      needs_staff_confirmation: true,
    });
    const mail = await lastMail();
    expect(mail.subject).toContain(order.code);
    expect(mail.text).not.toContain('/postventa/visita/');
    expect(mail.text).toContain('nuestro equipo se comunicará');
    const portal = await ctx.request('POST', `postventa/portal/visitas/${order.id}/confirmar`, { cookie: owner });
    expect(portal.status).toBe(409);
    const staff = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/oi/${order.id}/confirmar`, {
      cookie: agent,
      body: {},
    });
    expect(staff.status).toBe(200);
    expect(staff.json.data).toMatchObject({ state: 'confirmada', owner_window: { needs_staff_confirmation: false } });
  });

  it('a visit outside the window keeps the owner link and needs no staff confirmation', async () => {
    const { order } = await visitAt(inHours(72));
    expect(order.owner_window).toMatchObject({ can_confirm: true, needs_staff_confirmation: false });
    expect((await lastMail()).text).toContain('/postventa/visita/');
  });
});
