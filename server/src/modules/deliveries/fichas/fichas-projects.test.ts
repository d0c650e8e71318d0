import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test-support.ts';

let ctx: TestContext;
let agent: string;

beforeAll(async () => {
  ctx = await createTestContext();
  agent = await ctx.login('agente');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const list = (query: string) => ctx.request('GET', `entregas/fichas?rowsPerPage=500${query}`, { cookie: agent });
const projectsOf = (res: { json: any }) => new Set(res.json.data.map((r: any) => r.project_id as number));

describe('GET entregas/fichas: the fichas of several projects (docs/product.md §2 fichas)', () => {
  it('shows every project the user sees by default, or the ones chosen, with the same filters and paging', async () => {
    // The agent sees the demo projects 0, 1 and 2 (seed-data.ts roleProjects).
    const [p0, p1, p2] = ctx.seed.projectIds;
    const all = await list('');
    expect(all.status).toBe(200);
    expect([...projectsOf(all)].every((p) => [p0, p1, p2].includes(p as number))).toBe(true);
    expect(projectsOf(all).size).toBeGreaterThan(1);
    const chosen = await list(`&project_id=${p0},${p1}`);
    expect(projectsOf(chosen)).toEqual(new Set([p0, p1]));
    const single = await ctx.request('GET', `entregas/proyectos/${p1}/fichas?rowsPerPage=500`, { cookie: agent });
    expect((await list(`&project_id=${p1}`)).json.total).toBe(single.json.total);
    const paged = await ctx.request('GET', `entregas/fichas?project_id=${p0},${p1}&rowsPerPage=5&page=2`, {
      cookie: agent,
    });
    expect(paged.json).toMatchObject({ current_page: 2, rowsPerPage: 5, total: chosen.json.total });
  });

  it('a project the user may not see is a 404, alone or beside their own', async () => {
    const [p0] = ctx.seed.projectIds;
    for (const other of [ctx.seed.projectIds[3], ctx.seed.otherProjectIds[0]]) {
      for (const query of [`&project_id=${other}`, `&project_id=${p0},${other}`]) {
        const res = await list(query);
        expect(res.status, query).toBe(404);
        expect(res.json.data).toBeUndefined();
      }
    }
  });
});
