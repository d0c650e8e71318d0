import { eq, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestContext } from '../../../test-support.ts';
import { outbox, procoreLinks, unitOwners, units, users } from '../../../db/schema/index.ts';
import { syncConsumer } from '../sync/jobs.ts';
import { startFakeProcore } from './fake-procore.test-support.ts';
import { procoreSyncHandler } from './observation-sync.ts';

export const PROCORE_API = 'configuracion/integraciones/procore';

/**
 * The Procore tests' world (tests only): a test context whose Procore URLs point at a fake on 127.0.0.1, the demo
 * admin, and helpers to open a failure, hand new outbox events to Procore's consumer and read a failure's link.
 */
export async function createProcoreWorld() {
  const ctx = await createTestContext();
  const [unit] = await ctx.db
    .select({ unitId: unitOwners.unitId, ownerId: unitOwners.ownerId, projectId: units.projectId })
    .from(unitOwners)
    .innerJoin(units, eq(units.id, unitOwners.unitId))
    .where(eq(units.companyId, ctx.seed.companyId))
    .limit(1);
  const [agente] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'agente'));
  const ids = { ...unit, agente: agente.id };
  const admin = await ctx.login('admin');
  const fake = await startFakeProcore();
  ctx.deps.config.outboundAllow = ['127.0.0.1'];
  ctx.deps.config.procore = { apiUrl: fake.url, loginUrl: fake.url };
  const tree = (await ctx.request('GET', `postventa/catalogo/unidad/${ids.unitId}`, { cookie: admin })).json.data;
  const failureTypeId: number = tree.areas[0].places[0].items[0].failures[0].id;
  const [last] = await ctx.db.select({ id: outbox.id }).from(outbox).orderBy(outbox.id).limit(1);
  let seenOutbox = last?.id ?? 0;

  /** Hands the events written since the last call to Procore's consumer, as the outbox flow would. */
  async function consume() {
    const rows = await ctx.db.select().from(outbox).where(gt(outbox.id, seenOutbox)).orderBy(outbox.id);
    if (rows.length) seenOutbox = rows[rows.length - 1].id;
    await ctx.db.transaction((tx) => syncConsumer(procoreSyncHandler)(ctx.deps)(tx, rows));
  }
  async function newFailure() {
    const created = await ctx.request('POST', 'postventa/solicitudes', {
      cookie: admin,
      body: {
        unit_id: ids.unitId,
        applicant_owner_id: ids.ownerId,
        origin: 'CALL',
        responsible_id: ids.agente,
        priority: 'high',
        subject: 'Puerta de cocina',
        message: 'La puerta del mueble de cocina no cierra.',
      },
    });
    expect(created.status).toBe(201);
    const ticketId = created.json.data.id as number;
    const res = await ctx.request('POST', `postventa/solicitudes/${ticketId}/fallas`, {
      cookie: admin,
      body: { failure_type_id: failureTypeId, description: 'Puerta no cierra' },
    });
    expect(res.status).toBe(201);
    return { ticketId, failureId: res.json.data.id as number };
  }
  return {
    ctx,
    ids,
    admin,
    fake,
    consume,
    newFailure,
    lastOutboxId: () => seenOutbox,
    observationCalls: () => fake.calls.filter((c) => c.path.startsWith('/rest/v1.0/observations')),
    linkOf: async (failureId: number) =>
      (await ctx.db.select().from(procoreLinks).where(eq(procoreLinks.failureId, failureId)))[0],
    mapProject: (procoreId: number | null, cookie = admin, projectId = ids.projectId) =>
      ctx.request('PUT', `${PROCORE_API}/proyectos`, {
        cookie,
        body: { links: [{ project_id: projectId, procore_project_id: procoreId }] },
      }),
    close: async () => {
      await fake.close();
      await ctx.close();
    },
  };
}
export type ProcoreWorld = Awaited<ReturnType<typeof createProcoreWorld>>;
