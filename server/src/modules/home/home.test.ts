import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { tasks, users } from '../../db/schema/index.ts';
import { demoProjects } from '../../db/seed-data.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});

const day = 86_400_000;
const list = (query = '', cookie = admin) => ctx.request('GET', `home/proyectos${query}`, { cookie });

describe('GET home/proyectos (docs/product.md §2 projects home, §3 paged list, §9 default page size 50)', () => {
  it('answers the list envelope with the default page size and every visible project', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['current_page', 'data', 'has_more', 'rowsPerPage', 'total']);
    expect(res.json).toMatchObject({ current_page: 1, total: demoProjects.length, has_more: false, rowsPerPage: 50 });
    // Default order: by name, ascending.
    expect(res.json.data.map((p: { name: string }) => p.name)).toEqual(
      demoProjects.map((p) => p.name).sort((a, b) => a.localeCompare(b)),
    );
  });

  it('pages with page/rowsPerPage and reports has_more', async () => {
    const first = await list('?rowsPerPage=4&page=1');
    const second = await list('?rowsPerPage=4&page=2');
    expect(first.json).toMatchObject({ current_page: 1, rowsPerPage: 4, total: 6, has_more: true });
    expect(first.json.data).toHaveLength(4);
    expect(second.json).toMatchObject({ current_page: 2, total: 6, has_more: false });
    expect(second.json.data).toHaveLength(2);
    const ids = [...first.json.data, ...second.json.data].map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(6);
  });

  it('sorts by sortBy and descending', async () => {
    const byCreated = await list('?sortBy=created_at&descending=true');
    const created = byCreated.json.data.map((p: { created_at: string }) => p.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const byName = await list('?sortBy=name&descending=true');
    expect(byName.json.data[0].name).toBe('Puerto Alegre');
  });

  it('searches name, address, commune and code, ignoring case and accents, literally', async () => {
    expect((await list('?search=macul')).json.data.map((p: { code: string }) => p.code)).toEqual(['AMC']);
    expect((await list('?search=Concepci%C3%B3n')).json.data.map((p: { code: string }) => p.code)).toEqual(['JBB']);
    expect((await list(`?search=${encodeURIComponent('reñaca')}`)).json.total).toBe(1);
    expect((await list('?search=%25')).json.total).toBe(0); // a typed % is not a wildcard
    // Accents and case are ignored on both sides: 'renaca' finds Reñaca, 'CONCEPCION' finds Concepción.
    expect((await list('?search=renaca')).json.total).toBe(1);
    expect((await list('?search=CONCEPCION')).json.data.map((p: { code: string }) => p.code)).toEqual(['JBB']);
  });

  it("carries the closed/blocked flags (badges 'Cerrado'/'Bloqueado') and unit progress counts", async () => {
    const rows: Record<
      string,
      { is_closed: boolean; is_blocked: boolean; progress: { units_total: number; units_delivered: number } }
    > = Object.fromEntries((await list()).json.data.map((p: { code: string }) => [p.code, p]));
    expect(rows.PAL).toMatchObject({
      is_closed: true,
      is_blocked: false,
      progress: { units_total: 24, units_delivered: 24 },
    });
    expect(rows.LSP).toMatchObject({
      is_closed: false,
      is_blocked: true,
      progress: { units_total: 20, units_delivered: 0 },
    });
    // Parque Los Dominicos: 2 towers × 12 floors × 6 units; floors 1–4 delivered in both towers.
    expect(rows.PLD.progress).toEqual({ units_total: 144, units_delivered: 48 });
    const sample = (await list('?search=PLD')).json.data[0];
    expect(sample).toMatchObject({
      name: 'Edificio Parque Los Dominicos',
      municipal_reception_date: '2025-03-14',
      warranty_name: 'Garantía PLD',
      real_estate_name: 'Inmobiliaria Cordillera SpA',
    });
    expect(sample.address_full).toBe('Av. Padre Hurtado Sur 1450, Las Condes, Santiago');
  });

  it('rejects out-of-range paging with 422 and needs a session', async () => {
    expect((await list('?rowsPerPage=0')).status).toBe(422);
    expect((await list('?page=0')).status).toBe(422);
    expect((await list('?rowsPerPage=501')).status).toBe(422);
    expect((await ctx.request('GET', 'home/proyectos')).status).toBe(401);
  });

  it('GET home/proyectos/{id} answers one card', async () => {
    const [first] = (await list('?search=AMC')).json.data;
    const res = await ctx.request('GET', `home/proyectos/${first.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual(first);
    expect((await ctx.request('GET', 'home/proyectos/999999', { cookie: admin })).status).toBe(404);
  });
});

describe('GET home/tareas (docs/product.md §2 my-tasks panel: next 7 days and more than 7 days)', () => {
  it("groups pending tasks by due date; overdue count as next; done and others' tasks are left out", async () => {
    const cookie = await ctx.login('supervisor');
    const [me] = await ctx.db.select().from(users).where(eq(users.username, 'supervisor'));
    const [someone] = await ctx.db.select().from(users).where(eq(users.username, 'gerente'));
    const now = Date.now();
    await ctx.db.insert(tasks).values([
      { companyId: ctx.seed.companyId, userId: me.id, title: 'Vencida', dueAt: new Date(now - 2 * day) },
      { companyId: ctx.seed.companyId, userId: me.id, title: 'Casi 7 días', dueAt: new Date(now + 6.9 * day) },
      { companyId: ctx.seed.companyId, userId: me.id, title: 'Pasados 7 días', dueAt: new Date(now + 7.1 * day) },
      { companyId: ctx.seed.companyId, userId: me.id, title: 'Hecha', dueAt: new Date(now + day), doneAt: new Date() },
      { companyId: ctx.seed.companyId, userId: someone.id, title: 'De otra persona', dueAt: new Date(now + day) },
    ]);
    const res = await ctx.request('GET', 'home/tareas', { cookie });
    expect(res.status).toBe(200);
    const titles = (group: { title: string }[]) => group.map((t) => t.title);
    // Seeded: +1 day, +4 days and +15 days.
    expect(titles(res.json.data.next_7_days)).toEqual([
      'Vencida',
      'Revisar solicitudes atrasadas de Torre A',
      'Coordinar entrega de unidades piso 3',
      'Casi 7 días',
    ]);
    expect(titles(res.json.data.later)).toEqual(['Pasados 7 días', 'Preparar informe mensual de calidad']);
    expect(res.json.data.next_7_days[1]).toMatchObject({
      kind: 'postventa',
      link: '/warranties/solicitudes',
      project_id: ctx.seed.projectIds[0],
    });
  });
});

describe('GET home/app-movil (docs/product.md §2 module banner)', () => {
  it('answers the configured mobile-app links to a session, 401 without one', async () => {
    ctx.deps.config.mobileApps = { android: 'https://play.example/app', ios: null, apk: '/app.apk', help: null };
    const res = await ctx.request('GET', 'home/app-movil', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { android: 'https://play.example/app', ios: null, apk: '/app.apk', help: null } });
    expect((await ctx.request('GET', 'home/app-movil')).status).toBe(401);
  });
});
