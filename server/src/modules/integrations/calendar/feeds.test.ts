import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { calendarFeeds, deliverySchedules, orders, units, users } from '../../../db/schema/index.ts';
import { calendarDemo, demoTicket, type CalendarDemo } from './test/fixtures.ts';
import { eventByUid, eventsOf, parseIcs, propOf, textOf } from './test/ics-reader.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

let ctx: TestContext;
let ids: CalendarDemo;
let admin: string;
let agent: string;
let ticket: { id: number; code: string };
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await calendarDemo(ctx);
  admin = await ctx.login('admin');
  agent = await ctx.login('agente');
  ticket = await demoTicket(ctx, agent, ids);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const ZONE = 'America/Santiago';
const DAY = 86_400_000;
const at = (days: number) => new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY + 13 * 3_600_000);
const myFeed = async (cookie: string) =>
  (await ctx.request('GET', 'configuracion/integraciones/calendario/mi-feed', { cookie })).json.data;
const read = (url: string) => ctx.request('GET', new URL(url).pathname);
let number = 900;
async function order(over: Partial<typeof orders.$inferInsert>) {
  number++;
  const [row] = await ctx.db
    .insert(orders)
    .values({
      companyId: ctx.seed.companyId,
      projectId: ids.projectId,
      ticketId: ticket.id,
      kind: 'OI',
      number,
      code: `OI-${number}`,
      responsibleId: ids.agente,
      startAt: at(3),
      endAt: new Date(at(3).getTime() + 90 * 60_000),
      durationMinutes: 90,
      state: 'agendada',
      ...over,
    })
    .returning();
  return row;
}
const uid = (key: string) => `${key}@localhost`;

describe('calendar feeds (docs/api.md "Calendar feeds")', () => {
  it('makes the URL on the first read, keeps it, stores only its hash and seal', async () => {
    const first = await myFeed(agent);
    expect(first.url).toMatch(/^http:\/\/localhost:\d+\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.webcal_url).toBe(first.url.replace('http://', 'webcal://'));
    expect(first.google_url).toBe(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(first.webcal_url)}`);
    expect(first).toMatchObject({ running: true, rotated_at: null, last_fetched_at: null });
    expect((await myFeed(agent)).url).toBe(first.url);
    expect((await myFeed(admin)).url).not.toBe(first.url);
    const token = /\/([^/]+)\.ics$/.exec(first.url)![1];
    const [row] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, ids.agente));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("lists the person's visits and appointments as iCalendar, in the company's zone, with their status", async () => {
    const scheduled = await order({});
    const confirmed = await order({
      kind: 'OT',
      state: 'confirmada',
      startAt: at(5),
      endAt: new Date(at(5).getTime() + 3_600_000),
    });
    const cancelled = await order({ state: 'cancelada', startAt: at(6), endAt: new Date(at(6).getTime() + 3_600_000) });
    const someoneElses = await order({ responsibleId: ids.inspector });
    const tooFar = await order({ startAt: at(200), endAt: new Date(at(200).getTime() + 3_600_000) });
    const foreign = await order({ companyId: ctx.seed.otherCompanyId });
    const busy = ctx.db
      .select({ unitId: deliverySchedules.unitId })
      .from(deliverySchedules)
      .where(isNull(deliverySchedules.cancelledAt));
    const [free] = await ctx.db
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.projectId, ids.projectId), notInArray(units.id, busy)))
      .limit(1);
    const [appointment] = await ctx.db
      .insert(deliverySchedules)
      .values({
        companyId: ctx.seed.companyId,
        projectId: ids.projectId,
        unitId: free.id,
        startAt: at(4),
        responsibleId: ids.agente,
        state: 'confirmada',
      })
      .returning();

    const res = await read((await myFeed(agent)).url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = parseIcs(res.text);
    const [person] = await ctx.db.select().from(users).where(eq(users.id, ids.agente));
    expect(textOf(calendar, 'X-WR-CALNAME')).toBe(`Postventa QA · ${person.firstName} ${person.lastName}`);
    expect(propOf(calendar, 'REFRESH-INTERVAL')?.value).toBe('PT15M');
    expect(propOf(calendar, 'X-PUBLISHED-TTL')?.value).toBe('PT15M');
    expect(calendar.children.find((c) => c.type === 'VTIMEZONE') && textOf(calendar.children[0], 'TZID')).toBe(ZONE);

    const event = eventByUid(calendar, uid(`order-${scheduled.id}`))!;
    expect(propOf(event, 'DTSTART')).toEqual({
      name: 'DTSTART',
      params: { TZID: ZONE },
      value: dayjs(scheduled.startAt).tz(ZONE).format('YYYYMMDD[T]HHmmss'),
    });
    expect(propOf(event, 'DTEND')?.value).toBe(dayjs(scheduled.endAt).tz(ZONE).format('YYYYMMDD[T]HHmmss'));
    expect(textOf(event, 'STATUS')).toBe('TENTATIVE');
    expect(textOf(event, 'SUMMARY')).toMatch(/^Visita de inspección · /);
    expect(textOf(event, 'DESCRIPTION')).toContain(`Solicitud ${ticket.code}`);
    expect(textOf(event, 'DESCRIPTION')).toContain(`/warranties/solicitud/${ticket.id}`);
    expect(Number(textOf(event, 'SEQUENCE'))).toBeGreaterThan(0);
    expect(textOf(eventByUid(calendar, uid(`order-${confirmed.id}`))!, 'STATUS')).toBe('CONFIRMED');
    expect(textOf(eventByUid(calendar, uid(`order-${confirmed.id}`))!, 'SUMMARY')).toMatch(/^Visita de trabajos/);
    expect(textOf(eventByUid(calendar, uid(`order-${cancelled.id}`))!, 'STATUS')).toBe('CANCELLED');
    const delivery = eventByUid(calendar, uid(`delivery-${appointment.id}`))!;
    expect(textOf(delivery, 'SUMMARY')).toMatch(/^Entrega · /);
    expect(textOf(delivery, 'STATUS')).toBe('CONFIRMED');
    const uids = eventsOf(calendar).map((e) => textOf(e, 'UID'));
    for (const absent of [someoneElses, tooFar, foreign]) expect(uids).not.toContain(uid(`order-${absent.id}`));
    expect((await myFeed(agent)).last_fetched_at).not.toBeNull();
  });

  it('rotation kills the old URL at once', async () => {
    const before = await myFeed(agent);
    const rotated = await ctx.request('POST', 'configuracion/integraciones/calendario/mi-feed/rotar', {
      cookie: agent,
      body: {},
    });
    expect(rotated.status).toBe(200);
    expect(rotated.json.data.url).not.toBe(before.url);
    expect(rotated.json.data.rotated_at).not.toBeNull();
    expect((await read(before.url)).status).toBe(404);
    expect((await read(rotated.json.data.url)).status).toBe(200);
    expect((await myFeed(agent)).url).toBe(rotated.json.data.url);
  });

  it('answers 404 while the scheduling tool is not active, and the page says so', async () => {
    const { url } = await myFeed(agent);
    const toggle = (verb: string) =>
      ctx.request('POST', `configuracion/integraciones/calendario/${verb}`, { cookie: admin, body: {} });
    expect((await toggle('desactivar')).status).toBe(200);
    expect((await read(url)).status).toBe(404);
    expect((await myFeed(agent)).running).toBe(false);
    expect((await toggle('activar')).status).toBe(200);
    expect((await read(url)).status).toBe(200);
  });

  it('refuses unknown tokens and anything but a .ics name', async () => {
    for (const path of ['/calendario/nope.ics', `/calendario/${'a'.repeat(43)}.ics`, '/calendario/x']) {
      expect((await ctx.request('GET', path)).status).toBe(404);
    }
  });

  it('gives every staff user their own feed; only config_integraciones lists and revokes them', async () => {
    const owner = await ctx.login('propietario');
    expect((await ctx.request('GET', 'configuracion/integraciones/calendario/mi-feed', { cookie: owner })).status).toBe(
      403,
    );
    expect((await ctx.request('GET', 'configuracion/integraciones/calendario/mi-feed')).status).toBe(401);
    expect((await ctx.request('GET', 'configuracion/integraciones/calendario/feeds', { cookie: agent })).status).toBe(
      403,
    );
    expect(
      (await ctx.request('DELETE', `configuracion/integraciones/calendario/feeds/${ids.admin}`, { cookie: agent }))
        .status,
    ).toBe(403);

    const list = await ctx.request('GET', 'configuracion/integraciones/calendario/feeds', { cookie: admin });
    expect(list.status).toBe(200);
    expect(list.json.data.map((r: { user: { id: number } }) => r.user.id).sort()).toEqual(
      [ids.admin, ids.agente].sort(),
    );
    expect(list.text).not.toContain('.ics');

    const { url } = await myFeed(agent);
    const revoke = () =>
      ctx.request('DELETE', `configuracion/integraciones/calendario/feeds/${ids.agente}`, { cookie: admin });
    expect((await revoke()).status).toBe(200);
    expect((await read(url)).status).toBe(404);
    expect((await revoke()).status).toBe(404);
    expect(
      (await ctx.request('DELETE', `configuracion/integraciones/calendario/feeds/${ids.otra}`, { cookie: admin }))
        .status,
    ).toBe(404);
    expect((await myFeed(agent)).url).not.toBe(url);
  });
});
