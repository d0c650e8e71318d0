import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoles } from '../../../db/seed-data.ts';
import { profiles, projects, usageCounts, usageUserDays, users } from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { clearUsage, userId } from '../test/fixtures.ts';

/**
 * The usage screens (docs/api.md, Insights) on counts written here for known days of March 2025: distinct users per
 * day and ISO week, with and without a project; modules and top names; adoption per project and profile against their
 * members; who never signed in; and the 422s, permissions and isolation of the routes.
 */
let ctx: TestContext;
let admin: string;
let gerente: string;
let p: number[];
const FROM = '2025-03-05';
const TO = '2025-03-18';

type Count = [
  day: string,
  user: string,
  project: number,
  module: string,
  kind: 'screen' | 'action',
  name: string,
  n: number,
];
let rows: Count[];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  gerente = await ctx.login('gerente');
  p = ctx.seed.projectIds;
  await clearUsage(ctx);
  // Two more staff: one more on the agents' profile (assigned nowhere), one without a profile who sees every project.
  const [template] = await ctx.db.select().from(users).where(eq(users.username, 'agente'));
  await ctx.db.insert(users).values([
    { ...base(template), username: 'agente2', lastName: 'agente2', profileId: template.profileId },
    { ...base(template), username: 'sinperfil', lastName: 'sinperfil', profileId: null, allProjects: true },
  ]);
  rows = [
    ['2025-03-05', 'admin', p[0], 'warranties', 'screen', 'warranties.solicitudes', 3],
    ['2025-03-05', 'admin', p[0], 'warranties', 'action', 'PATCH /postventa/solicitudes/:id', 1],
    ['2025-03-06', 'admin', 0, 'home', 'screen', 'home.proyectos', 2],
    ['2025-03-11', 'admin', p[1], 'quality', 'screen', 'quality.gantt', 4],
    ['2025-03-17', 'admin', p[0], 'warranties', 'screen', 'warranties.solicitudes', 1],
    ['2025-03-05', 'agente', p[0], 'warranties', 'screen', 'warranties.solicitudes', 1],
    ['2025-03-12', 'agente', p[1], 'warranties', 'action', 'POST /postventa/solicitudes', 5],
    ['2025-03-17', 'agente', p[0], 'warranties', 'screen', 'warranties.agenda', 2],
    ['2025-03-18', 'inspector', p[1], 'quality', 'screen', 'quality.gantt', 7],
    // Outside the range on both sides.
    ['2025-03-04', 'supervisor', p[0], 'warranties', 'screen', 'warranties.solicitudes', 9],
    ['2025-03-19', 'supervisor', 0, 'home', 'screen', 'home.proyectos', 9],
  ];
  const ids = new Map<string, number>();
  for (const name of ['admin', 'agente', 'inspector', 'supervisor']) ids.set(name, await userId(ctx, name));
  const companyId = ctx.seed.companyId;
  await ctx.db.insert(usageCounts).values(
    rows.map(([day, user, projectId, module, kind, name, count]) => ({
      companyId,
      day,
      userId: ids.get(user)!,
      projectId,
      module,
      kind,
      name,
      count,
    })),
  );
  // Each user's day per project, the sums of its counts, as the flush writes them (usage/meter.ts).
  const events = new Map<string, number>();
  for (const [day, user, projectId, , , , n] of rows) {
    const key = `${day}|${user}|${projectId}`;
    events.set(key, (events.get(key) ?? 0) + n);
  }
  await ctx.db.insert(usageUserDays).values(
    [...events].map(([key, n]) => {
      const [day, user, projectId] = key.split('|');
      return { companyId, day, userId: ids.get(user)!, projectId: Number(projectId), events: n };
    }),
  );
  // The same counts in the other company must never show.
  const [other] = await ctx.db.select().from(users).where(eq(users.username, 'otra'));
  await ctx.db
    .insert(usageUserDays)
    .values({ companyId: ctx.seed.otherCompanyId, day: FROM, userId: other.id, events: 50 });
  await ctx.db.insert(usageCounts).values({
    companyId: ctx.seed.otherCompanyId,
    day: FROM,
    userId: other.id,
    projectId: ctx.seed.otherProjectIds[0],
    module: 'warranties',
    kind: 'screen',
    name: 'warranties.solicitudes',
    count: 50,
  });
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

function base(template: typeof users.$inferSelect) {
  return { companyId: template.companyId, firstName: 'Prueba', passwordHash: template.passwordHash };
}

const get = async (path: string, cookie = admin) => {
  const res = await ctx.request('GET', `ocinsights/uso/${path}`, { cookie });
  return res;
};
const ok = async (path: string) => {
  const res = await get(path);
  expect(res.status, res.text).toBe(200);
  return res.json.data;
};
const range = (extra = '') => `from=${FROM}&to=${TO}${extra}`;
/** The range's days with `users` on the days listed, 0 on the others. */
const dailyWith = (active: Record<string, number>) =>
  Array.from({ length: 14 }, (_, i) => {
    const day = `2025-03-${String(5 + i).padStart(2, '0')}`;
    return { day, users: active[day] ?? 0 };
  });

describe('active users', () => {
  it('counts distinct users per day and per ISO week, over the whole range, and the active staff', async () => {
    expect(await ok(`activos?${range()}`)).toEqual({
      daily: dailyWith({
        '2025-03-05': 2,
        '2025-03-06': 1,
        '2025-03-11': 1,
        '2025-03-12': 1,
        '2025-03-17': 2,
        '2025-03-18': 1,
      }),
      weekly: [
        { week: '2025-03-03', users: 2 },
        { week: '2025-03-10', users: 2 },
        { week: '2025-03-17', users: 3 },
      ],
      users: 3,
      staff: demoRoles.length + 2,
    });
  });

  it('for one project, counts those with counts in it that day', async () => {
    expect(await ok(`activos?${range(`&project_id=${p[0]}`)}`)).toMatchObject({
      daily: dailyWith({ '2025-03-05': 2, '2025-03-17': 2 }),
      weekly: [
        { week: '2025-03-03', users: 2 },
        { week: '2025-03-10', users: 0 },
        { week: '2025-03-17', users: 2 },
      ],
      users: 2,
    });
    expect(await ok(`activos?${range(`&project_id=${p[1]}`)}`)).toMatchObject({
      daily: dailyWith({ '2025-03-11': 1, '2025-03-12': 1, '2025-03-18': 1 }),
      weekly: [
        { week: '2025-03-03', users: 0 },
        { week: '2025-03-10', users: 2 },
        { week: '2025-03-17', users: 1 },
      ],
      users: 3,
    });
  });
});

describe('modules', () => {
  it('sums screens and actions per module with their users, and the most used names', async () => {
    expect(await ok(`modulos?${range()}`)).toEqual({
      modules: [
        { module: 'warranties', screens: 7, actions: 6, users: 2 },
        { module: 'quality', screens: 11, actions: 0, users: 2 },
        { module: 'home', screens: 2, actions: 0, users: 1 },
      ],
      top: [
        { module: 'quality', kind: 'screen', name: 'quality.gantt', count: 11, users: 2 },
        { module: 'warranties', kind: 'action', name: 'POST /postventa/solicitudes', count: 5, users: 1 },
        { module: 'warranties', kind: 'screen', name: 'warranties.solicitudes', count: 5, users: 2 },
        { module: 'home', kind: 'screen', name: 'home.proyectos', count: 2, users: 1 },
        { module: 'warranties', kind: 'screen', name: 'warranties.agenda', count: 2, users: 1 },
        { module: 'warranties', kind: 'action', name: 'PATCH /postventa/solicitudes/:id', count: 1, users: 1 },
      ],
    });
  });

  it('for one project, only its counts', async () => {
    expect(await ok(`modulos?${range(`&project_id=${p[0]}`)}`)).toEqual({
      modules: [{ module: 'warranties', screens: 7, actions: 1, users: 2 }],
      top: [
        { module: 'warranties', kind: 'screen', name: 'warranties.solicitudes', count: 5, users: 2 },
        { module: 'warranties', kind: 'screen', name: 'warranties.agenda', count: 2, users: 1 },
        { module: 'warranties', kind: 'action', name: 'PATCH /postventa/solicitudes/:id', count: 1, users: 1 },
      ],
    });
  });
});

describe('adoption', () => {
  const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => (a.name < b.name ? -1 : 1));

  it('per project, its members who used it; per profile, its active users who came', async () => {
    const projectRows = byName(await ctx.db.select().from(projects).where(eq(projects.companyId, ctx.seed.companyId)));
    // Members: the four who see every project and 'sinperfil' (all_projects), plus those assigned (seed-data.ts
    // roleProjects: agente 0-2, inspector 0, 1, 4, revisor 0, 4, ejecutivo 0-2, 4); the sixth project has no one assigned.
    expect(p).toHaveLength(6);
    const members: Record<number, number> = { [p[0]]: 9, [p[1]]: 8, [p[2]]: 7, [p[3]]: 5, [p[4]]: 8, [p[5]]: 5 };
    const used: Record<number, [number, number]> = { [p[0]]: [2, 8], [p[1]]: [3, 16] };
    const data = await ok(`adopcion?${range()}`);
    expect(data.projects).toEqual(
      projectRows.map((r) => ({
        project: { id: r.id, name: r.name },
        members: members[r.id],
        users: used[r.id]?.[0] ?? 0,
        events: used[r.id]?.[1] ?? 0,
      })),
    );
    const profileRows = byName(await ctx.db.select().from(profiles).where(eq(profiles.companyId, ctx.seed.companyId)));
    const came: Record<string, [number, number]> = {
      Administrador: [1, 11],
      'Agente de postventa': [1, 8],
      Inspector: [1, 7],
    };
    expect(data.profiles).toEqual([
      ...profileRows.map((r) => ({
        profile: { id: r.id, name: r.name },
        members: r.name === 'Agente de postventa' ? 2 : 1,
        users: came[r.name]?.[0] ?? 0,
        events: came[r.name]?.[1] ?? 0,
      })),
      { profile: null, members: 1, users: 0, events: 0 },
    ]);
  });

  it('for one project, that project and the counts in it', async () => {
    const data = await ok(`adopcion?${range(`&project_id=${p[1]}`)}`);
    expect(data.projects).toEqual([
      { project: { id: p[1], name: expect.any(String) }, members: 8, users: 3, events: 16 },
    ]);
    const came = Object.fromEntries(
      data.profiles
        .filter((r: { users: number }) => r.users > 0)
        .map((r: { profile: { name: string }; events: number }) => [r.profile.name, r.events]),
    );
    expect(came).toEqual({ Administrador: 4, 'Agente de postventa': 5, Inspector: 7 });
  });

  it('lists the active staff who never signed in', async () => {
    const [revisor] = await ctx.db
      .select({ profileId: users.profileId })
      .from(users)
      .where(eq(users.username, 'revisor'));
    const data = await ok('sin-ingreso');
    expect(data.map((u: { username: string }) => u.username)).toEqual(['revisor', 'ejecutivo', 'agente2', 'sinperfil']);
    expect(data[0]).toMatchObject({
      name: 'Francisca Rojas Vidal',
      profile: { id: revisor.profileId, name: 'Revisor' },
    });
    expect(data[3].profile).toBeNull();
    // Signing in takes one off the list.
    await ctx.login('revisor');
    expect((await ok('sin-ingreso')).map((u: { username: string }) => u.username)).not.toContain('revisor');
  });
});

describe('validation, permissions and isolation', () => {
  it('answers 422 per field on a bad range or a bad screen report', async () => {
    const fields = async (path: string) => {
      const res = await get(path);
      expect(res.status, res.text).toBe(422);
      return Object.keys(res.json.fields);
    };
    expect(await fields('activos?from=2025-03-10&to=2025-03-01')).toEqual(['to']);
    expect(await fields('modulos?from=2024-01-01&to=2025-01-02')).toEqual(['from']);
    expect(await fields('adopcion?from=2025-02-30&to=2025-03-01')).toEqual(['from']);
    expect(await fields('activos?from=2025-03-01')).toEqual(['to']);
    const report = async (screens: unknown) => {
      const res = await ctx.request('POST', 'ocinsights/uso/pantallas', { cookie: gerente, body: { screens } });
      expect(res.status, res.text).toBe(422);
      return Object.keys(res.json.fields);
    };
    expect(await report(Array.from({ length: 51 }, () => ({ route: 'home.proyectos' })))).toEqual(['screens']);
    expect(await report([{ route: 'warranties/solicitudes' }])).toEqual(['screens.0.route']);
    expect(await report([{ route: 'home.proyectos' }, { route: 'home proyectos' }])).toEqual(['screens.1.route']);
  });

  it('lets any staff user report screens, only insights_uso read them, and no owner in', async () => {
    for (const path of [`activos?${range()}`, `modulos?${range()}`, `adopcion?${range()}`, 'sin-ingreso'])
      expect((await get(path, gerente)).status, path).toBe(403);
    const res = await ctx.request('POST', 'ocinsights/uso/pantallas', {
      cookie: gerente,
      body: { screens: [{ route: 'billing' }] },
    });
    expect(res.status).toBe(204);
    const owner = await ctx.login('propietario');
    const refused = await ctx.request('POST', 'ocinsights/uso/pantallas', {
      cookie: owner,
      body: { screens: [{ route: 'portal' }] },
    });
    expect(refused.status).toBe(403);
  });

  it('a project of another company, or none, is a 404', async () => {
    for (const id of [ctx.seed.otherProjectIds[0], 999_999])
      for (const screen of ['activos', 'modulos', 'adopcion'])
        expect((await get(`${screen}?${range(`&project_id=${id}`)}`)).status, `${screen} ${id}`).toBe(404);
    const other = await ctx.login('otra');
    const res = await get(`activos?${range()}`, other);
    expect(res.status).toBe(200);
    expect(res.json.data.users).toBe(1);
    expect(res.json.data.staff).toBe(1);
  });
});
