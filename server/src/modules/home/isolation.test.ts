import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { tasks, users } from '../../db/schema/index.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;

/**
 * docs/architecture.md §4 tenant isolation: every query is scoped to the caller's company and visible projects,
 * and a foreign id answers 404 (never another tenant's data, never a hint that it exists).
 */
let ctx: TestContext;
let otra: string;
let agente: string;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  [otra, agente, admin] = [await ctx.login('otra'), await ctx.login('agente'), await ctx.login('admin')];
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});

const PROJECT_PARAM = /:(projectId|proyectoId|proyecto_id|project_id)(\{[^}]*\})?/;

/**
 * Every GET route of the app whose only path parameter is a project id, whichever module
 * registered it: modules mounted later are covered without editing this file.
 */
function projectScopedGetRoutes(): string[] {
  const paths = ctx.app.routes
    .filter((r) => r.method === 'GET' && PROJECT_PARAM.test(r.path))
    .map((r) => r.path)
    .filter((p) =>
      p
        .replace(PROJECT_PARAM, '')
        .split('/')
        .every((seg) => !seg.startsWith(':') && seg !== '*'),
    );
  return [...new Set(paths)];
}
const withProject = (path: string, id: number) => path.replace(PROJECT_PARAM, String(id));

describe('tenant isolation (docs/architecture.md §4)', () => {
  it('the sweep finds the project-scoped endpoints (so it cannot pass vacuously)', () => {
    expect(projectScopedGetRoutes()).toContain('/api/v2/public/api/home/proyectos/:projectId{[0-9]{1,9}}');
  });

  it("'otra' (second company) gets 404 for every project id of the first company on every project-scoped endpoint", async () => {
    for (const route of projectScopedGetRoutes()) {
      for (const projectId of ctx.seed.projectIds) {
        const res = await ctx.request('GET', withProject(route, projectId), { cookie: otra });
        expect(res.status, `${route} ${projectId}`).toBe(404);
        expect(res.json?.data, route).toBeUndefined();
      }
      // Through the v1 dispatcher too (docs/product.md §7 version 1).
      const v1 = withProject(route, ctx.seed.projectIds[0]).replace('/api/v2/public/api/', '');
      expect(
        (await ctx.request('GET', `/api/v1/api.php?request=${encodeURIComponent(v1)}`, { cookie: otra })).status,
        `v1 ${route}`,
      ).toBe(404);
    }
  });

  it('the same project is visible to its own company (the 404 above is isolation, not a broken route)', async () => {
    const res = await ctx.request('GET', `home/proyectos/${ctx.seed.projectIds[0]}`, { cookie: admin });
    expect(res.status).toBe(200);
    const own = await ctx.request('GET', `home/proyectos/${ctx.seed.otherProjectIds[0]}`, { cookie: otra });
    expect(own.status).toBe(200);
    expect((await ctx.request('GET', `home/proyectos/${ctx.seed.otherProjectIds[0]}`, { cookie: admin })).status).toBe(
      404,
    );
  });

  it("'otra' lists only its own company's projects, tasks and configuration", async () => {
    const list = await ctx.request('GET', 'home/proyectos', { cookie: otra });
    expect(list.json.data.map((p: { id: number }) => p.id)).toEqual(ctx.seed.otherProjectIds);
    const search = await ctx.request('GET', 'home/proyectos?search=Dominicos', { cookie: otra });
    expect(search.json.total).toBe(0);
    const mine = await ctx.request('GET', 'home/tareas', { cookie: otra });
    expect([...mine.json.data.next_7_days, ...mine.json.data.later]).toEqual([]);
    const config = await ctx.request('GET', 'configuracion', { cookie: otra });
    expect(config.json.data.company.name).toBe('Constructora Austral Ltda.');
    expect(config.json.data.modulos.postventa).toBe('inactivo');
    const me = await ctx.request('GET', 'auth/usuario', { cookie: otra });
    expect(me.json.data.proyectos.map((p: { id: number }) => p.id)).toEqual(ctx.seed.otherProjectIds);
  });

  it('agente, assigned to some projects only, sees exactly those in home/proyectos and 404 for the rest', async () => {
    const assigned = ctx.seed.projectIds.slice(0, 3); // seed: agente → projects 0, 1, 2
    const res = await ctx.request('GET', 'home/proyectos?sortBy=id', { cookie: agente });
    expect(res.json.total).toBe(3);
    expect(res.json.data.map((p: { id: number }) => p.id)).toEqual(assigned);
    for (const projectId of ctx.seed.projectIds.slice(3)) {
      expect((await ctx.request('GET', `home/proyectos/${projectId}`, { cookie: agente })).status).toBe(404);
    }
    const search = await ctx.request('GET', 'home/proyectos?search=Biob', { cookie: agente });
    expect(search.json.total).toBe(0); // Jardines del Biobío exists but is not assigned
    const me = await ctx.request('GET', 'auth/usuario', { cookie: agente });
    expect(me.json.data.proyectos.map((p: { id: number }) => p.id).sort()).toEqual([...assigned].sort());
  });

  it('agente does not see tasks on projects outside its assignment', async () => {
    const [me] = await ctx.db.select().from(users).where(eq(users.username, 'agente'));
    await ctx.db.insert(tasks).values({
      companyId: ctx.seed.companyId,
      userId: me.id,
      projectId: ctx.seed.projectIds[4],
      title: 'Proyecto no asignado',
      dueAt: new Date(Date.now() + 86_400_000),
    });
    const res = await ctx.request('GET', 'home/tareas', { cookie: agente });
    const titles = [...res.json.data.next_7_days, ...res.json.data.later].map((t: { title: string }) => t.title);
    expect(titles).not.toContain('Proyecto no asignado');
    expect(titles).toHaveLength(3);
  });
});
