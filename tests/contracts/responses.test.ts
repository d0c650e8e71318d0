import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { dataOf, pageOf } from '#domain/responses';
import {
  catalogueTreeSchema,
  efficiencySchema,
  mergeCandidateSchema,
  requestsBoardSchema,
  responsibleOptionSchema,
  statisticsSchema,
  ticketDetailSchema,
  ticketRowSchema,
  timelineEntrySchema,
  unitOptionSchema,
} from '#domain/tickets-responses';
import { failureViewSchema } from '#domain/failures-responses';
import { agendaSchema, orderViewSchema } from '#domain/orders-responses';
import { acViewSchema } from '#domain/acs-responses';
import { savedViewSchema } from '#domain/saved-views-responses';
import {
  accessoriesSchema,
  certificatesSchema,
  detailsSchema,
  fichaActivitySchema,
  fichaDetailSchema,
  fichaRowSchema,
  ownerSchema,
  portalDeliverySchema,
  receptionSchema,
  revisionSchema,
  unitTypeSchema,
} from '#domain/fichas-responses';
import { eq } from 'drizzle-orm';
import { globalSearchSchema } from '#domain/search-responses';
import { permissionCatalogueSchema, positionRowSchema, profileRowSchema } from '#domain/access-responses';
import { planBoardSchema } from '#domain/plan-pins-responses';
import { userDetailSchema, userFormOptionsSchema, userLimitsSchema, userPageSchema } from '#domain/users-responses';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { owners, users } from '../../server/src/db/schema/index.ts';
import { giveOwner, unitsIn } from '../../server/src/modules/deliveries/test/fixtures.ts';

/**
 * The response schemas of domain/ (docs/architecture.md §4) against the real answers of the after-sales and
 * deliveries GET routes, on the demo seed plus an order made here: each answer must parse, and parse to
 * itself, so a field the server adds, drops or retypes fails here before the client reads it wrong.
 */
let ctx: TestContext;
let cookie: string;
const projectId = () => ctx.seed.projectIds[0];

// One PGlite boot, migration and seed per file; generous because the machine is shared.
beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await ctx.login('admin');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

async function get(path: string) {
  const res = await ctx.request('GET', path, { cookie });
  expect(res.status, `GET ${path}: ${res.text}`).toBe(200);
  return res.json;
}

async function post(path: string, body: unknown) {
  const res = await ctx.request('POST', path, { cookie, body });
  expect(res.status, `POST ${path}: ${res.text}`).toBeLessThan(300);
  return res.json.data;
}

/** The answer parses, and parsing keeps all of it: no field the schema does not declare (zod drops those). */
async function expectShape(schema: z.ZodType, path: string) {
  const body = await get(path);
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [], path).toEqual([]);
  expect(parsed.data, `${path}: fields the schema does not declare`).toEqual(body);
  return body;
}

/** A quarter-hour instant `days` ahead, 14:00 UTC. */
function slotAhead(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(14, 0, 0, 0);
  return d.toISOString();
}

describe('after-sales answers match their domain schemas', () => {
  let ticketIds: number[] = [];
  let ownTicket: number;

  beforeAll(async () => {
    // The seed has a ticket in every state; one made here adds a scheduled, managed order and a pending failure.
    const list = await get('postventa/solicitudes?rowsPerPage=200');
    const byState = new Map<string, number>();
    for (const row of list.data as { id: number; state: string }[])
      if (!byState.has(row.state)) byState.set(row.state, row.id);
    const units = await get(`postventa/unidades?project_id=${projectId()}`);
    const unit = (units.data as { id: number; owners: { id: number }[] }[]).find((u) => u.owners.length)!;
    const people = await get(`postventa/responsables?project_id=${projectId()}`);
    const responsible = people.data[0].id as number;
    const ticket = await post('postventa/solicitudes', {
      unit_id: unit.id,
      applicant_owner_id: unit.owners[0].id,
      origin: 'CALL',
      responsible_id: responsible,
      priority: 'high',
      subject: 'Filtración en baño principal',
      message: 'La propietaria informa humedad en el muro del baño principal.',
    });
    ownTicket = ticket.id;
    const tree = (await get(`postventa/catalogo/unidad/${unit.id}`)).data;
    const types = tree.areas.flatMap((a: any) =>
      a.places.flatMap((p: any) => p.items.flatMap((i: any) => i.failures.map((f: any) => f.id))),
    ) as number[];
    const managed = await post(`postventa/solicitudes/${ownTicket}/fallas`, { failure_type_id: types[0] });
    await post(`postventa/solicitudes/${ownTicket}/fallas`, { failure_type_id: types[1] ?? types[0] });
    const order = await post(`postventa/solicitudes/${ownTicket}/oi`, {
      responsible_id: responsible,
      failure_ids: [managed.id],
      start_at: slotAhead(3),
      duration_minutes: 60,
    });
    await post(`postventa/solicitudes/${ownTicket}/oi/${order.id}/confirmar`, {});
    await post(`postventa/solicitudes/${ownTicket}/oi/${order.id}/gestionar`, {
      results: [{ failure_id: managed.id, result: 'solucionada', comment: 'Reparado' }],
    });
    await post(`postventa/solicitudes/${ownTicket}/oi`, {
      responsible_id: responsible,
      failure_ids: [managed.id + 1],
      start_at: slotAhead(4),
      duration_minutes: 45,
    });
    ticketIds = [...byState.values(), ownTicket];
  }, 60_000);

  it('list and pickers', async () => {
    await expectShape(pageOf(ticketRowSchema), 'postventa/solicitudes?rowsPerPage=200');
    await expectShape(dataOf(unitOptionSchema.array()), `postventa/unidades?project_id=${projectId()}`);
    await expectShape(dataOf(responsibleOptionSchema.array()), `postventa/responsables?project_id=${projectId()}`);
    const unitId = (await get(`postventa/solicitudes/${ownTicket}`)).data.unit.id;
    await expectShape(dataOf(catalogueTreeSchema), `postventa/catalogo/unidad/${unitId}`);
    await expectShape(pageOf(ticketRowSchema), 'postventa/solicitudes?sortBy=sla&sla=vencidas');
    const view = { list: 'solicitudes', name: 'Contrato', shared: true, params: { sla: 'vencidas', sort: 'sla' } };
    expect((await ctx.request('POST', 'postventa/vistas', { cookie, body: view })).status).toBe(201);
    await expectShape(dataOf(savedViewSchema.array()), 'postventa/vistas?list=solicitudes');
  });

  it('detail, timeline, failures, orders and ACs of a ticket in every state', async () => {
    for (const id of ticketIds) {
      const base = `postventa/solicitudes/${id}`;
      await expectShape(dataOf(ticketDetailSchema), base);
      await expectShape(pageOf(timelineEntrySchema), `${base}/actividad`);
      await expectShape(dataOf(mergeCandidateSchema.array()), `${base}/fusionables`);
      await expectShape(dataOf(failureViewSchema.array()), `${base}/fallas`);
      await expectShape(dataOf(planBoardSchema), `${base}/fallas/plano`);
      for (const kind of ['oi', 'ot']) await expectShape(dataOf(orderViewSchema.array()), `${base}/${kind}`);
      await expectShape(dataOf(acViewSchema.array()), `${base}/ac`);
    }
    const orders = (await get(`postventa/solicitudes/${ownTicket}/oi`)).data as { id: number; state: string }[];
    expect(orders.map((o) => o.state).sort()).toEqual(['agendada', 'gestionada']);
    await expectShape(dataOf(orderViewSchema), `postventa/solicitudes/${ownTicket}/oi/${orders[0].id}`);
  });

  it('agenda and boards', async () => {
    const agenda = await expectShape(
      agendaSchema,
      `postventa/agenda?from=${slotAhead(-1).slice(0, 10)}&to=${slotAhead(30).slice(0, 10)}`,
    );
    expect(agenda.data.length).toBeGreaterThan(0);
    await expectShape(dataOf(requestsBoardSchema), 'postventa/dashboard/solicitudes');
    await expectShape(dataOf(efficiencySchema), 'postventa/dashboard/eficiencia');
    await expectShape(dataOf(statisticsSchema), 'postventa/estadisticas');
  });
});

describe('deliveries answers match their domain schemas', () => {
  it('fichas list, and the detail and tabs of a ficha in every state', async () => {
    const list = await expectShape(pageOf(fichaRowSchema), `entregas/proyectos/${projectId()}/fichas?rowsPerPage=200`);
    await expectShape(pageOf(fichaRowSchema), 'entregas/fichas?rowsPerPage=5');
    const picked = new Map<string, number>();
    for (const row of list.data as { id: number; state: string; schedule: unknown }[]) {
      const key = `${row.state}${row.schedule ? '+agenda' : ''}`;
      if (!picked.has(key)) picked.set(key, row.id);
    }
    expect(picked.size).toBeGreaterThan(2);
    for (const id of picked.values()) {
      const base = `entregas/fichas/${id}`;
      await expectShape(dataOf(fichaDetailSchema), base);
      await expectShape(dataOf(ownerSchema.array()), `${base}/propietarios`);
      await expectShape(dataOf(revisionSchema), `${base}/revision`);
      await expectShape(dataOf(planBoardSchema), `${base}/plano`);
      await expectShape(dataOf(detailsSchema), `${base}/detalles`);
      await expectShape(dataOf(accessoriesSchema), `${base}/accesorios`);
      await expectShape(certificatesSchema, `${base}/archivos`);
      await expectShape(dataOf(receptionSchema), `${base}/recepcion`);
      await expectShape(pageOf(ticketRowSchema), `${base}/solicitudes`);
      await expectShape(dataOf(fichaActivitySchema.array()), `${base}/actividad`);
    }
    await expectShape(dataOf(unitTypeSchema.array()), 'entregas/tipos-unidad');
  });

  it("the owner's delivery appointments in the portal, and the answer of confirming one", async () => {
    const [account] = await ctx.db.select().from(users).where(eq(users.username, 'propietario'));
    const [{ id: ownerId }] = await ctx.db.select({ id: owners.id }).from(owners).where(eq(owners.userId, account.id));
    const [unit] = await unitsIn(ctx, projectId());
    await giveOwner(ctx, unit.id, { ownerId });
    await post(`entregas/fichas/${unit.id}/agendar`, { start_at: slotAhead(9) });
    const ownerCookie = await ctx.login('propietario');
    const res = await ctx.request('GET', 'entregas/portal/entregas', { cookie: ownerCookie });
    const parsed = dataOf(portalDeliverySchema.array()).safeParse(res.json);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toEqual(res.json);
    const mine = res.json.data.find((d: { unit: { id: number } }) => d.unit.id === unit.id);
    const answer = await ctx.request('POST', `entregas/portal/entregas/${mine.id}/confirmar`, {
      cookie: ownerCookie,
      body: {},
    });
    expect(dataOf(portalDeliverySchema).parse(answer.json)).toEqual(answer.json);
    expect(answer.json.data).toMatchObject({ id: mine.id, state: 'confirmada', can_confirm: false });
  });

  it('positions, profiles and the permission catalogue of config cargos and permisos', async () => {
    await expectShape(dataOf(positionRowSchema.array()), 'configuracion/cargos');
    const profiles = await expectShape(dataOf(profileRowSchema.array()), 'configuracion/permisos');
    await expectShape(dataOf(profileRowSchema), `configuracion/permisos/${profiles.data[0].id}`);
    await expectShape(dataOf(permissionCatalogueSchema), 'configuracion/permisos/catalogo');
  });

  it('global search', async () => {
    const found = await expectShape(dataOf(globalSearchSchema), 'buscar?q=10');
    expect(found.data.units.length).toBeGreaterThan(0);
    await expectShape(dataOf(globalSearchSchema), 'buscar?q=castillo');
  });

  it('user administration', async () => {
    const page = await expectShape(userPageSchema, 'configuracion/usuarios?states=activo,deshabilitado,eliminado');
    await expectShape(dataOf(userDetailSchema), `configuracion/usuarios/${page.data[0].id}`);
    await expectShape(dataOf(userFormOptionsSchema), 'configuracion/usuarios/opciones');
    await expectShape(dataOf(userLimitsSchema), 'configuracion/usuarios/limites');
  });
});
