import { eq, inArray } from 'drizzle-orm';
import { owners, unitOwners, units, users } from '../../../../db/schema/index.ts';
import type { TestContext } from '../../../../test-support.ts';

/**
 * What the calendar tests need of the demo company, read through the database and the public API only (a module's
 * tests do not reach into another module's fixtures): the demo owner's unit and the staff's ids.
 */
export async function calendarDemo(ctx: TestContext) {
  const [link] = await ctx.db
    .select({ unitId: unitOwners.unitId, ownerId: unitOwners.ownerId, projectId: units.projectId })
    .from(unitOwners)
    .innerJoin(units, eq(units.id, unitOwners.unitId))
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .innerJoin(users, eq(users.id, owners.userId))
    .where(eq(users.username, 'propietario'));
  const staff = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['admin', 'agente', 'inspector', 'otra']));
  const id = (name: string) => staff.find((s) => s.username === name)!.id;
  return { ...link, admin: id('admin'), agente: id('agente'), inspector: id('inspector'), otra: id('otra') };
}
export type CalendarDemo = Awaited<ReturnType<typeof calendarDemo>>;

/** A ticket on the demo owner's unit, opened through the API by `cookie`. */
export async function demoTicket(ctx: TestContext, cookie: string, demo: CalendarDemo, state?: string) {
  const res = await ctx.request('POST', 'postventa/solicitudes', {
    cookie,
    body: {
      unit_id: demo.unitId,
      applicant_owner_id: demo.ownerId,
      origin: 'CALL',
      responsible_id: demo.agente,
      priority: 'high',
      subject: 'Filtración en baño principal',
      message: 'La propietaria informa humedad en el muro del baño principal.',
      ...(state ? { state } : {}),
    },
  });
  if (res.status !== 201) throw new Error(`create ticket: ${res.status} ${res.text}`);
  return res.json.data as { id: number; code: string };
}
