import { and, eq, inArray } from 'drizzle-orm';
import { owners, unitOwners, units, users } from '../../../db/schema/index.ts';
import type { TestContext } from '../../../test-support.ts';

/** Shared helpers of the after-sales API tests: demo ids and a ticket created through the API. */
export async function demoIds(ctx: TestContext) {
  const db = ctx.db;
  const [link] = await db
    .select({
      unitId: unitOwners.unitId,
      ownerId: unitOwners.ownerId,
      projectId: units.projectId,
      towerId: units.towerId,
    })
    .from(unitOwners)
    .innerJoin(units, eq(units.id, unitOwners.unitId))
    .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
    .innerJoin(users, eq(users.id, owners.userId))
    .where(eq(users.username, 'propietario'));
  const staff = await db
    .select()
    .from(users)
    .where(inArray(users.username, ['admin', 'supervisor', 'agente', 'inspector', 'gerente', 'otra']));
  const id = (u: string) => staff.find((s) => s.username === u)!.id;
  const [otherUnit] = await db.select().from(units).where(eq(units.companyId, ctx.seed.otherCompanyId)).limit(1);
  // A unit of the first project with an owner but no portal account: another project's unit for isolation tests.
  const [unitOfProject2] = await db
    .select()
    .from(units)
    .where(and(eq(units.projectId, ctx.seed.projectIds[3])))
    .limit(1);
  return {
    unitId: link.unitId,
    ownerId: link.ownerId,
    projectId: link.projectId,
    towerId: link.towerId!,
    admin: id('admin'),
    supervisor: id('supervisor'),
    agente: id('agente'),
    inspector: id('inspector'),
    gerente: id('gerente'),
    otra: id('otra'),
    otherUnitId: otherUnit.id,
    closedProjectUnitId: unitOfProject2.id,
  };
}

export type DemoIds = Awaited<ReturnType<typeof demoIds>>;

export function ticketBody(ids: DemoIds, over: Record<string, unknown> = {}) {
  return {
    unit_id: ids.unitId,
    applicant_owner_id: ids.ownerId,
    origin: 'CALL',
    responsible_id: ids.agente,
    priority: 'high',
    subject: 'Filtración en baño principal',
    message: 'La propietaria informa humedad en el muro del baño principal.',
    ...over,
  };
}

/** Creates a ticket as `cookie` and returns its detail. */
export async function newTicket(ctx: TestContext, cookie: string, ids: DemoIds, over: Record<string, unknown> = {}) {
  const res = await ctx.request('POST', 'postventa/solicitudes', { cookie, body: ticketBody(ids, over) });
  if (res.status !== 201) throw new Error(`create ticket: ${res.status} ${res.text}`);
  return res.json.data;
}

/** A 1×1 PNG, enough for the upload checks (magic number and size). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a photo the way the client's uploader does (POST files/upload-url, then PUT) and returns the attachment. */
export async function uploadPhoto(ctx: TestContext, cookie: string, name = 'foto.png') {
  const signed = await ctx.request('POST', 'files/upload-url', {
    cookie,
    body: { extension: 'png', name, size: PNG.length, contentType: 'image/png' },
  });
  if (signed.status !== 200) throw new Error(`upload-url ${signed.status} ${signed.text}`);
  const put = await ctx.app.request(signed.json.data.url, {
    method: 'PUT',
    headers: { 'Content-Type': signed.json.data.contentType, ...(signed.json.data.headers ?? {}) },
    body: PNG,
  });
  if (put.status >= 300) throw new Error(`put ${put.status} ${await put.text()}`);
  return { path: signed.json.data.path as string, name, size: PNG.length, type: 'image/png' };
}
