import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { mailOutbox, unitOwners, units } from '../../../db/schema/index.ts';
import { calendarDemo, demoTicket, type CalendarDemo } from './test/fixtures.ts';
import { eventsOf, parseIcs, textOf } from './test/ics-reader.ts';

let ctx: TestContext;
let demo: CalendarDemo;
let agent: string;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  demo = await calendarDemo(ctx);
  agent = await ctx.login('agente');
  admin = await ctx.login('admin');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const OWNER_MAIL = 'propietario@correo.cl';
const lastMail = async () =>
  (
    await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, OWNER_MAIL)).orderBy(desc(mailOutbox.id)).limit(1)
  )[0];
const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(14, 0, 0, 0);
  return d.toISOString();
};

/** An inspection order scheduled through the API: the owner is e-mailed the visit. */
async function scheduleInspection() {
  const ticket = await demoTicket(ctx, agent, demo, 'en_proceso');
  const tree = (await ctx.request('GET', `postventa/catalogo/unidad/${demo.unitId}`, { cookie: agent })).json.data;
  const type = tree.areas[0].places[0].items[0].failures[0];
  const failure = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/fallas`, {
    cookie: agent,
    body: { failure_type_id: type.id },
  });
  const res = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/oi`, {
    cookie: agent,
    body: {
      responsible_id: demo.agente,
      failure_ids: [failure.json.data.id],
      start_at: inDays(4),
      duration_minutes: 90,
    },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.json.data as { id: number };
}

describe('visit e-mails carry the invitation (docs/api.md "Calendar feeds")', () => {
  it("attaches invite.ics with METHOD:REQUEST and the feed's UID; the dev mail page lists it", async () => {
    const order = await scheduleInspection();
    const mail = await lastMail();
    expect(mail.attachments).toHaveLength(1);
    const [invite] = mail.attachments!;
    expect(invite).toMatchObject({
      filename: 'invite.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    });
    const calendar = parseIcs(invite.content);
    expect(textOf(calendar, 'METHOD')).toBe('REQUEST');
    const [event] = eventsOf(calendar);
    expect(textOf(event, 'UID')).toBe(`order-${order.id}@localhost`);
    expect(textOf(event, 'STATUS')).toBe('TENTATIVE');
    // A calendar-address is a URI: its scheme is case-insensitive.
    expect(textOf(event, 'ORGANIZER')?.toLowerCase()).toBe('mailto:no-reply@localhost');
    expect(textOf(event, 'ATTENDEE')?.toLowerCase()).toBe(`mailto:${OWNER_MAIL}`);

    const feed = (await ctx.request('GET', 'configuracion/integraciones/calendario/mi-feed', { cookie: agent })).json
      .data;
    const inFeed = eventsOf(parseIcs((await ctx.request('GET', new URL(feed.url).pathname)).text)).map((e) =>
      textOf(e, 'UID'),
    );
    expect(inFeed).toContain(textOf(event, 'UID'));

    const page = await ctx.request('GET', '/dev/mail', { cookie: admin });
    expect(page.text).toContain('invite.ics');
  });

  it('the delivery appointment e-mail carries one too', async () => {
    // The demo owner's unit is delivered: make them the owner of one still to deliver.
    const [unit] = await ctx.db
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.projectId, demo.projectId), eq(units.deliveryState, 'por_entregar')))
      .limit(1);
    await ctx.db.insert(unitOwners).values({ unitId: unit.id, ownerId: demo.ownerId, companyId: ctx.seed.companyId });
    const res = await ctx.request('POST', `entregas/fichas/${unit.id}/agendar`, {
      cookie: admin,
      body: { start_at: inDays(6), responsible_id: demo.agente },
    });
    expect(res.status, res.text).toBe(200);
    const [invite] = (await lastMail()).attachments!;
    const [event] = eventsOf(parseIcs(invite.content));
    expect(textOf(event, 'UID')).toMatch(/^delivery-\d+@localhost$/);
    expect(textOf(event, 'SUMMARY')).toMatch(/^Entrega · /);
  });

  it('sends no invitation while the scheduling tool is off', async () => {
    await ctx.request('POST', 'configuracion/integraciones/calendario/desactivar', { cookie: admin, body: {} });
    await scheduleInspection();
    expect((await lastMail()).attachments).toBeNull();
    await ctx.request('POST', 'configuracion/integraciones/calendario/activar', { cookie: admin, body: {} });
  });
});
