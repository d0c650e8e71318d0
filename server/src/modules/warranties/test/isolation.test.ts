import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { acs, failures, orderFailures, orders, owners, profiles, projects, tickets, unitOwners, units, users } from '../../../db/schema/index.ts';
import { demoIds, newTicket, type DemoIds } from './fixtures.ts';

/**
 * docs/architecture.md §4: every query is scoped to the caller's company and visible projects; a foreign id answers
 * 404 on every endpoint, never another tenant's data. One table of endpoints, two kinds of foreign ids.
 */
type Ids = { t: number; f: number; o: number; a: number; u: number; p: number; ut: number };
// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let foreignCompany: Ids;
let foreignProject: Ids;
let own: { t: number };
let admin: string;
let limited: string;

const slot = () => { const d = new Date(Date.now() + 5 * 86_400_000); d.setUTCHours(14, 0, 0, 0); return d.toISOString(); };

/** Every after-sales endpoint that takes an id, with a body valid enough that only the scope can refuse it. */
const endpoints: [string, string, (x: Ids) => unknown][] = [
  ['GET', 'solicitudes/:t', () => undefined],
  ['PATCH', 'solicitudes/:t', () => ({ priority: 'low' })],
  ['GET', 'solicitudes/:t/actividad', () => undefined],
  ['POST', 'solicitudes/:t/mensajes', () => ({ body: 'hola', visibility: 'private' })],
  ['GET', 'solicitudes/:t/fusionables', () => undefined],
  ['POST', 'solicitudes/:t/fusionar', () => ({ ticket_ids: [1] })],
  ...['abrir', 'iniciar', 'postergar', 'reanudar', 'resolver', 'reabrir'].map((a) => ['POST', `solicitudes/:t/${a}`, () => ({})] as [string, string, () => unknown]),
  ['POST', 'solicitudes/:t/cerrar', () => ({ justification: 'x' })],
  ['POST', 'solicitudes/:t/no-aplica', () => ({ justification: 'x' })],
  ['GET', 'solicitudes/:t/fallas', () => undefined],
  ['POST', 'solicitudes/:t/fallas', () => ({ failure_type_id: 1 })],
  ['PATCH', 'solicitudes/:t/fallas/:f', () => ({ description: 'x' })],
  ['DELETE', 'solicitudes/:t/fallas/:f', () => undefined],
  ['POST', 'solicitudes/:t/fallas/:f/resultado', () => ({ outcome: 'cumple' })],
  ...['no-aplica', 'reabrir', 'marcar-propietario', 'reingresar'].map((a) => ['POST', `solicitudes/:t/fallas/:f/${a}`, () => ({})] as [string, string, () => unknown]),
  ['GET', 'solicitudes/:t/oi', () => undefined],
  ['POST', 'solicitudes/:t/oi', (x) => ({ responsible_id: 1, failure_ids: [x.f], start_at: slot(), duration_minutes: 60 })],
  ['GET', 'solicitudes/:t/oi/:o', () => undefined],
  ['PATCH', 'solicitudes/:t/oi/:o', () => ({ description: 'x' })],
  ['POST', 'solicitudes/:t/oi/:o/gestionar', (x) => ({ results: [{ failure_id: x.f, result: 'cumple' }] })],
  ['POST', 'solicitudes/:t/oi/:o/agendar', () => ({ start_at: slot(), duration_minutes: 60 })],
  ['POST', 'solicitudes/:t/oi/:o/reagendar', () => ({ start_at: slot(), duration_minutes: 60 })],
  ...['desagendar', 'confirmar', 'rechazar', 'cancelar', 'finalizar'].map((a) => ['POST', `solicitudes/:t/oi/:o/${a}`, () => ({})] as [string, string, () => unknown]),
  ['GET', 'solicitudes/:t/ac', () => undefined],
  ['POST', 'solicitudes/:t/ac', (x) => ({ failure_ids: [x.f] })],
  ['POST', 'solicitudes/:t/ac/:a/responder', () => ({ result: 'conforme' })],
  ['POST', 'solicitudes/:t/ac/:a/seguimiento', () => ({ follow_up: 'reinspeccion' })],
  ['PATCH', 'agenda/:o', () => ({ start_at: slot(), duration_minutes: 60 })],
  ['POST', 'solicitudes', (x) => ({ unit_id: x.u, applicant_owner_id: 1, origin: 'CALL', subject: 'x', message: 'y' })],
  ['GET', 'catalogo/unidad/:u', () => undefined],
  ['GET', 'catalogo/tipos/:ut', () => undefined],
  ['GET', 'unidades?project_id=:p', () => undefined],
  ['GET', 'torres?project_id=:p', () => undefined],
  ['GET', 'responsables?project_id=:p', () => undefined],
  ['GET', 'proyectos/:p/configuracion', () => undefined],
  ['PUT', 'proyectos/:p/configuracion', () => ({ response_time_hours: 12 })],
];

const fill = (path: string, x: Ids) => path.replace(/:(t|f|o|a|ut|u|p)\b/g, (_, k: keyof Ids) => String(x[k]));

/** A ticket with a failure, an order and an AC written straight to the tables of another tenant or project. */
async function entitiesIn(companyId: number, projectId: number, unitId: number): Promise<Ids> {
  const [unit] = await ctx.db.select().from(units).where(eq(units.id, unitId));
  const [owner] = await ctx.db.insert(owners).values({ companyId, name: 'Ajeno', lastName: 'Externo' }).returning();
  await ctx.db.insert(unitOwners).values({ companyId, unitId, ownerId: owner.id }).onConflictDoNothing();
  const [t] = await ctx.db.insert(tickets).values({
    companyId, projectId, unitId, towerId: unit.towerId, number: 90_000 + unitId, code: `X-${unitId}`, subject: 'Ajena', applicantOwnerId: owner.id, origin: 'CALL', state: 'abierta',
  }).returning();
  const [a] = await ctx.db.insert(acs).values({ companyId, projectId, ticketId: t.id, number: 90_000 + unitId, code: `AC-X${unitId}`, state: 'pendiente' }).returning();
  const [f] = await ctx.db.insert(failures).values({
    companyId, projectId, ticketId: t.id, unitId, placeName: 'Cocina', itemName: 'Muebles', detailName: 'Puerta', category: 'terminaciones', severity: 'leve',
    state: 'solucionada', guaranteeYears: 3, guaranteeStart: '2025-01-01', guaranteeEnd: '2028-01-01', acId: a.id,
  }).returning();
  const start = new Date(slot());
  const [o] = await ctx.db.insert(orders).values({
    companyId, projectId, ticketId: t.id, kind: 'OI', number: 90_000 + unitId, code: `OI-X${unitId}`, state: 'agendada', startAt: start, endAt: new Date(start.getTime() + 3_600_000), durationMinutes: 60,
  }).returning();
  await ctx.db.insert(orderFailures).values({ orderId: o.id, failureId: f.id, companyId });
  return { t: t.id, f: f.id, o: o.id, a: a.id, u: unitId, p: projectId, ut: unit.unitTypeId ?? 999_999 };
}

beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  const [otherUnit] = await ctx.db.select().from(units).where(eq(units.companyId, ctx.seed.otherCompanyId)).limit(1);
  foreignCompany = await entitiesIn(ctx.seed.otherCompanyId, otherUnit.projectId, otherUnit.id);
  // Jardines del Biobío (index 4) is outside agente's projects (seed roleProjects: 0, 1, 2).
  const [hidden] = await ctx.db.select().from(units).where(eq(units.projectId, ctx.seed.projectIds[4])).limit(1);
  foreignProject = await entitiesIn(ctx.seed.companyId, ctx.seed.projectIds[4], hidden.id);
  // Give agente every after-sales permission but keep their projects, so only the scope can answer 404.
  const [agente] = await ctx.db.select().from(users).where(eq(users.username, 'agente'));
  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, agente.profileId!));
  await ctx.db.update(profiles).set({ permissions: [...profile.permissions, 'postventa_cerrar', 'postventa_supervisar', 'postventa_mensaje_propietario', 'config_proyectos'] }).where(eq(profiles.id, profile.id));
  admin = await ctx.login('admin');
  limited = await ctx.login('agente');
  own = { t: (await newTicket(ctx, admin, ids)).id };
}, BOOT_TIMEOUT_MS);
afterAll(async () => { await ctx?.close(); });

describe('isolation: foreign ids are 404 on every after-sales endpoint (docs/architecture.md §4)', () => {
  it.each(endpoints)('%s %s — another company\'s ids (admin of Inmobiliaria Cordillera)', async (method, path, body) => {
    const res = await ctx.request(method, `postventa/${fill(path, foreignCompany)}`, { cookie: admin, body: body(foreignCompany) });
    expect(res.status, res.text).toBe(404);
  });

  // Unit types (and so their catalogue) belong to the company, not to a project: only the company scope applies.
  it.each(endpoints.filter(([, p]) => !p.includes(':ut')))('%s %s — another project\'s ids (agente without that project)', async (method, path, body) => {
    const res = await ctx.request(method, `postventa/${fill(path, foreignProject)}`, { cookie: limited, body: body(foreignProject) });
    expect(res.status, res.text).toBe(404);
  });

  it.each(endpoints.filter(([, p]) => /:(f|o|a)\b/.test(p)))('%s %s — own ticket with a foreign failure, order or AC id', async (method, path, body) => {
    const mixed = { ...foreignCompany, t: own.t };
    const res = await ctx.request(method, `postventa/${fill(path, mixed)}`, { cookie: admin, body: body(mixed) });
    expect(res.status, res.text).toBe(404);
  });

  it('lists, exports, bulk, dashboards and agenda never include foreign rows', async () => {
    const list = await ctx.request('GET', `postventa/solicitudes?project_id=${foreignCompany.p}`, { cookie: admin });
    expect(list.json.total).toBe(0);
    const hidden = await ctx.request('GET', `postventa/solicitudes?project_id=${foreignProject.p}`, { cookie: limited });
    expect(hidden.json.total).toBe(0);
    const csv = await ctx.request('GET', 'postventa/solicitudes/export?format=csv', { cookie: limited });
    expect(csv.text).not.toContain(`X-${foreignProject.u}`);
    const bulk = await ctx.request('POST', 'postventa/solicitudes/bulk', { cookie: admin, body: { ids: [foreignCompany.t], action: 'postpone' } });
    expect(bulk.json.data.done).toEqual([]);
    const [still] = await ctx.db.select().from(tickets).where(eq(tickets.id, foreignCompany.t));
    expect(still.state).toBe('abierta');
    const board = await ctx.request('GET', `postventa/dashboard/solicitudes?project_id=${foreignProject.p}`, { cookie: limited });
    expect(board.json.data.by_state).toEqual({});
    const day = slot().slice(0, 10);
    const agenda = await ctx.request('GET', `postventa/agenda?from=${day}&to=${day}`, { cookie: admin });
    expect(agenda.json.data.map((e: any) => e.id)).not.toContain(foreignCompany.o);
    const stats = await ctx.request('GET', `postventa/estadisticas?project_id=${foreignProject.p}`, { cookie: limited });
    expect(stats.json.data.by_place).toEqual([]);
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, foreignProject.p));
    expect(project.companyId).toBe(ctx.seed.companyId);
  });
});
