import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test-support.ts';
import {
  catalogueAreas,
  catalogueFailureTypes,
  catalogueItems,
  cataloguePlaces,
  deliveryCertificates,
  unitTypes,
  unitOwners,
  units,
} from '../../db/schema/index.ts';
import { slot, unitsIn, useTempStorage } from './test/fixtures.ts';
import { canJoinRoom, userFromCookie } from '../../events/access.ts';

/**
 * docs/architecture.md §4: every query is scoped to the caller's company and visible projects; a foreign id is
 * a 404 on every endpoint, never another tenant's data (table-driven over the whole API).
 */
let ctx: TestContext;
let cleanup: () => void;
let ids: {
  unit: number;
  owner: number;
  certificate: number;
  project: number;
  type: number;
  area: number;
  place: number;
  item: number;
  failure: number;
};

type Call = [method: string, path: string, body?: unknown];
const unitCalls = (): Call[] => {
  const u = `entregas/fichas/${ids.unit}`;
  return [
    ['GET', u],
    ['PATCH', u, { responsible_id: null }],
    ['GET', `${u}/propietarios`],
    ['POST', `${u}/propietarios`, { name: 'Ana', role: 'receptor' }],
    ['PATCH', `${u}/propietarios/${ids.owner}`, { phone: '123' }],
    ['DELETE', `${u}/propietarios/${ids.owner}`],
    ['GET', `${u}/revision`],
    ['PUT', `${u}/revision`, { results: [{ item_id: ids.item, outcome: 'cumple' }] }],
    ['GET', `${u}/detalles`],
    ['PUT', `${u}/detalles`, { parkings: ['E1'] }],
    ['GET', `${u}/accesorios`],
    ['PUT', `${u}/accesorios`, { accessories: [] }],
    ['GET', `${u}/archivos`],
    ['POST', `${u}/archivos`, { paths: ['1/2030/01/00000000-0000-4000-8000-000000000000.pdf'] }],
    ['DELETE', `${u}/archivos/${ids.certificate}`],
    ['GET', `${u}/acta`],
    ['GET', `${u}/recepcion`],
    ['GET', `${u}/solicitudes`],
    ['GET', `${u}/actividad`],
    ['POST', `${u}/agendar`, { start_at: slot(3) }],
    ['POST', `${u}/agenda/confirmar`, {}],
    ['POST', `${u}/agenda/rechazar`, {}],
    [
      'POST',
      `${u}/entregar`,
      { delivery_date: '2030-01-01', attendees: [{ owner_id: ids.owner, role: 'propietario' }] },
    ],
    ['POST', `${u}/volver-a-nuevo`, {}],
    ['POST', `${u}/limpiar`, {}],
    ['POST', `${u}/pasar-a-postventa`, {}],
  ];
};
const projectCalls = (): Call[] => {
  const p = `entregas/proyectos/${ids.project}`;
  return [
    ['GET', `${p}/fichas`],
    ['POST', `${p}/fichas/agendar`, { unit_ids: [ids.unit], start_at: slot(3) }],
    ['GET', `${p}/configuracion/general`],
    ['PUT', `${p}/configuracion/general`, { legal_representative: 'X' }],
    ['GET', `${p}/configuracion/logo`],
    ['PUT', `${p}/configuracion/logo`, { logo_path: null }],
    ['GET', `${p}/configuracion/planos`],
    ['POST', `${p}/configuracion/planos`, { unit_type_id: ids.type, paths: ['a'] }],
    ['DELETE', `${p}/configuracion/planos/1`],
    ['GET', `${p}/configuracion/iframe`],
    ['PUT', `${p}/configuracion/iframe`, { enabled: false, allowed_origins: [] }],
    ['GET', `entregas/configuracion/global?project_ids=${ids.project}`],
    ['PUT', 'entregas/configuracion/global', { project_ids: [ids.project], response_time_hours: 5 }],
    ['GET', `entregas/dashboard/entregas-semanales?project_id=${ids.project}`],
    ['GET', `entregas/dashboard/fallas-pendientes?project_id=${ids.project}`],
    ['GET', `entregas/agenda?from=2030-01-01&to=2030-01-31&project_id=${ids.project}`],
  ];
};
const catalogueCalls = (): Call[] => [
  ['GET', `entregas/tipos-unidad/${ids.type}/catalogo`],
  ['PATCH', `entregas/tipos-unidad/${ids.type}`, { name: 'X' }],
  ['DELETE', `entregas/tipos-unidad/${ids.type}`],
  ['POST', `entregas/tipos-unidad/${ids.type}/areas`, { name: 'X' }],
  ['PATCH', `entregas/areas/${ids.area}`, { name: 'X' }],
  ['DELETE', `entregas/areas/${ids.area}`],
  ['POST', `entregas/areas/${ids.area}/lugares`, { name: 'X' }],
  ['PATCH', `entregas/lugares/${ids.place}`, { name: 'X' }],
  ['DELETE', `entregas/lugares/${ids.place}`],
  ['POST', `entregas/lugares/${ids.place}/items`, { name: 'X', category: 'y' }],
  ['PATCH', `entregas/items/${ids.item}`, { name: 'X' }],
  ['DELETE', `entregas/items/${ids.item}`],
  ['POST', `entregas/items/${ids.item}/fallas`, { name: 'X', severity: 'leve' }],
  ['PATCH', `entregas/fallas/${ids.failure}`, { name: 'X' }],
  ['DELETE', `entregas/fallas/${ids.failure}`],
];

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx);
  // A unit of the last demo project (not assigned to 'ejecutivo'), with an owner and a certificate row.
  const project = ctx.seed.projectIds[5];
  const [unit] = await unitsIn(ctx, project);
  const [link] = await ctx.db.select().from(unitOwners).where(eq(unitOwners.unitId, unit.id));
  const owner =
    link?.ownerId ??
    (await (async () => {
      const { owners } = await import('../../db/schema/index.ts');
      const [o] = await ctx.db.insert(owners).values({ companyId: unit.companyId, name: 'Pedro' }).returning();
      await ctx.db.insert(unitOwners).values({ unitId: unit.id, ownerId: o.id, companyId: unit.companyId });
      return o.id;
    })());
  const [cert] = await ctx.db
    .insert(deliveryCertificates)
    .values({
      companyId: unit.companyId,
      unitId: unit.id,
      path: 'p.pdf',
      name: 'p.pdf',
      size: 10,
      mime: 'application/pdf',
    })
    .returning();
  const [type] = await ctx.db.select().from(unitTypes).where(eq(unitTypes.id, unit.unitTypeId!));
  const [area] = await ctx.db.select().from(catalogueAreas).where(eq(catalogueAreas.unitTypeId, type.id));
  const [place] = await ctx.db.select().from(cataloguePlaces).where(eq(cataloguePlaces.areaId, area.id));
  const [item] = await ctx.db.select().from(catalogueItems).where(eq(catalogueItems.placeId, place.id));
  const [failure] = await ctx.db.select().from(catalogueFailureTypes).where(eq(catalogueFailureTypes.itemId, item.id));
  ids = {
    unit: unit.id,
    owner,
    certificate: cert.id,
    project,
    type: type.id,
    area: area.id,
    place: place.id,
    item: item.id,
    failure: failure.id,
  };
}, 180_000); // seeding a fresh database is slow on a loaded 2-core machine
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

describe('isolation of other companies and projects (docs/architecture.md §4)', () => {
  it("another company's administrator gets 404 on every deliveries endpoint, and nothing changes", async () => {
    const otra = await ctx.login('otra');
    const [before] = await ctx.db.select().from(units).where(eq(units.id, ids.unit));
    for (const [method, path, body] of [...unitCalls(), ...projectCalls(), ...catalogueCalls()]) {
      const res = await ctx.request(method, path, { cookie: otra, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const [after] = await ctx.db.select().from(units).where(eq(units.id, ids.unit));
    expect(after).toEqual(before);
    const [stillOwner] = await ctx.db
      .select()
      .from(unitOwners)
      .where(and(eq(unitOwners.unitId, ids.unit), eq(unitOwners.ownerId, ids.owner)));
    expect(stillOwner).toBeDefined();
  });

  it('a user of the same company gets 404 on units and projects they are not assigned to', async () => {
    // 'ejecutivo' manages deliveries (entregas_gestionar) in projects 0, 1, 2 and 4 only.
    const ejecutivo = await ctx.login('ejecutivo');
    // Configuration and pass-to-after-sales need permissions 'ejecutivo' lacks (403 before any lookup, so
    // nothing is revealed); 'otra' above covers them with 404.
    const calls = [
      ...unitCalls().filter(([, path]) => !path.endsWith('pasar-a-postventa')),
      ...projectCalls().filter(([, path]) => !path.includes('configuracion')),
    ];
    for (const [method, path, body] of calls) {
      const res = await ctx.request(method, path, { cookie: ejecutivo, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // The same calls on a visible project's unit are not 404: the scope is the project, not the role.
    const [visible] = await unitsIn(ctx, ctx.seed.projectIds[0]);
    expect((await ctx.request('GET', `entregas/fichas/${visible.id}`, { cookie: ejecutivo })).status).toBe(200);
  });

  it("live events: only staff who see the unit's project and the unit's owners may join the room unit:<id> (docs/architecture.md §5)", async () => {
    const room = { kind: 'entity', type: 'unit', id: ids.unit } as const;
    const as = async (username: string) => (await userFromCookie(ctx.deps, await ctx.login(username)))!;
    expect(await canJoinRoom(ctx.deps, await as('otra'), room)).toBe(false);
    expect(await canJoinRoom(ctx.deps, await as('ejecutivo'), room)).toBe(false);
    expect(await canJoinRoom(ctx.deps, await as('admin'), room)).toBe(true);
    expect(await canJoinRoom(ctx.deps, await as('propietario'), room)).toBe(false);
  });
});
