import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RECEPTION_CHANGED_EVENT } from '#domain/verifications';
import { receptionDetailSchema, receptionListSchema, type ReceptionDetail } from '#domain/verifications-responses';
import { receptionFollowUps, receptions } from '../../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { inspectedReception, lastEvents, receptionRow, staffSeeing, templateRow } from '../test/fixtures.ts';

/**
 * docs/api.md Verifications: the program's receptions through the real routes — the list with its filters and
 * counts, writing one by hand (code unique per project, the template by id or by work package), editing while
 * programmed, the detail, and the scope (a foreign company's or project's reception is a 404, read-only is a 403).
 */
let ctx: TestContext;
let admin: string;
let inspector: string;
let revisor: string;
let foreign: string;
let projectId: number;
let hiddenProject: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, inspector, revisor, foreign] = await Promise.all(
    ['admin', 'inspector', 'revisor', 'otra'].map((u) => ctx.login(u)),
  );
  projectId = ctx.seed.projectIds[0];
  hiddenProject = ctx.seed.projectIds[2];
}, 180_000);
afterAll(async () => ctx?.close());

const send = (method: string, path: string, body?: unknown, cookie = admin) =>
  ctx.request(method, `verificaciones/${path}`, { cookie, body });

const base = (over: Record<string, unknown> = {}) => ({
  project_id: projectId,
  code: 'OG-101',
  name: 'Obra gruesa piso 1',
  work_package: 'Obra gruesa',
  location: 'Torre A, piso 1',
  contractor: 'Constructora Andes',
  planned_start: '2030-04-01',
  planned_end: '2030-04-03',
  ...over,
});

async function create(over: Record<string, unknown> = {}): Promise<ReceptionDetail> {
  const res = await send('POST', 'recepciones', base(over));
  expect(res.status, res.text).toBe(201);
  return receptionDetailSchema.parse(res.json.data);
}

describe('POST verificaciones/recepciones', () => {
  it('creates a programmed reception, takes the template its work package names, and announces it', async () => {
    const template = await templateRow(ctx, { workPackage: 'Terminaciones húmedas' });
    const created = await create({ code: 'TH-001', work_package: 'terminaciones HÚMEDAS' });
    expect(created).toMatchObject({
      code: 'TH-001',
      state: 'programada',
      template: { id: template.id, name: template.name },
      project: { id: projectId },
      items: [],
      follow_ups: [],
      inspector: null,
      pdf_url: null,
      allowed_events: ['reception.start', 'reception.cancel'],
      checkpoint_count: 0,
    });
    const [event] = await lastEvents(ctx);
    expect(event.type).toBe(RECEPTION_CHANGED_EVENT);
    expect(event.projectId).toBe(projectId);
    expect((event.payload as { data: unknown }).data).toEqual({ reception_id: created.id, state: 'programada' });
  });

  it('refuses a code already in the project, whatever its case, in Spanish, on code', async () => {
    await create({ code: 'DUP-1' });
    const res = await send('POST', 'recepciones', base({ code: 'dup-1' }));
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({ code: 'Ya existe una recepción con ese código en el proyecto' });
    // Another project may use it.
    expect(
      (await send('POST', 'recepciones', base({ code: 'DUP-1', project_id: ctx.seed.projectIds[1] }))).status,
    ).toBe(201);
  });

  it('refuses an inactive or foreign template, a missing name, dates out of order', async () => {
    const inactive = await templateRow(ctx, { active: false });
    const other = await templateRow(ctx, { companyId: ctx.seed.otherCompanyId });
    for (const id of [inactive.id, other.id]) {
      const res = await send('POST', 'recepciones', base({ code: `T-${id}`, template_id: id }));
      expect(res.status).toBe(422);
      expect(res.json.fields).toEqual({ template_id: 'Elija una plantilla activa de la empresa' });
    }
    const bad = await send('POST', 'recepciones', base({ code: 'X-1', name: ' ', planned_end: '2030-03-01' }));
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toEqual({
      name: 'Este campo es obligatorio',
      planned_end: 'La fecha debe ser igual o posterior a 01-04-2030',
    });
  });

  it('template_id null leaves it without template even when the work package has one', async () => {
    await templateRow(ctx, { workPackage: 'Ventanas' });
    const created = await create({ code: 'V-1', work_package: 'Ventanas', template_id: null });
    expect(created.template).toBeNull();
  });

  it('is 404 on a project the caller does not see, 403 without verificaciones_gestionar', async () => {
    expect((await send('POST', 'recepciones', base({ code: 'H-1' }), inspector)).status).toBe(403);
    expect((await send('POST', 'recepciones', base({ code: 'H-1' }), revisor)).status).toBe(403);
    expect(
      (await send('POST', 'recepciones', base({ code: 'H-1', project_id: ctx.seed.otherProjectIds[0] }))).status,
    ).toBe(404);
  });
});

describe('GET verificaciones/recepciones', () => {
  it('lists the project by planned start then code, filters, and counts by state over the whole project', async () => {
    const project = ctx.seed.projectIds[4];
    const a = await receptionRow(ctx, {
      projectId: project,
      code: 'B-2',
      name: 'Losa',
      plannedStart: '2030-05-02',
      plannedEnd: '2030-05-03',
    });
    const b = await receptionRow(ctx, {
      projectId: project,
      code: 'A-1',
      name: 'Muros',
      contractor: 'Hormigones Sur',
      plannedStart: '2030-05-02',
      plannedEnd: '2030-05-04',
      workPackage: 'Obra Gruesa',
    });
    const c = await receptionRow(ctx, {
      projectId: project,
      code: 'C-3',
      name: 'Pintura',
      plannedStart: '2030-04-01',
      plannedEnd: '2030-04-02',
      state: 'anulada',
    });
    const { reception: d, items } = await inspectedReception(ctx, {
      projectId: project,
      results: ['no_cumple', 'cumple', null],
    });
    await ctx.db
      .update(receptions)
      .set({ plannedStart: '2030-06-01', plannedEnd: '2030-06-02', state: 'observada' })
      .where(eq(receptions.id, d.id));
    await ctx.db.insert(receptionFollowUps).values([
      { companyId: d.companyId, projectId: project, receptionId: d.id, itemId: items[0].id, dueOn: '2020-01-01' },
      { companyId: d.companyId, projectId: project, receptionId: d.id, itemId: items[1].id, dueOn: '2100-01-01' },
      {
        companyId: d.companyId,
        projectId: project,
        receptionId: d.id,
        itemId: items[2].id,
        dueOn: '2020-01-01',
        state: 'cerrado',
      },
    ]);

    const all = await send('GET', `recepciones?project_id=${project}`, undefined, revisor);
    expect(all.status, all.text).toBe(200);
    const list = receptionListSchema.parse(all.json);
    expect(list.data.map((r) => r.id)).toEqual([c.id, b.id, a.id, d.id]);
    expect(list.counts).toEqual({ programada: 2, en_inspeccion: 0, observada: 1, aprobada: 0, anulada: 1 });
    expect(list.data.at(-1)).toMatchObject({
      checkpoint_count: 3,
      answered_count: 2,
      failed_count: 1,
      open_follow_ups: 2,
      overdue_follow_ups: 1,
      template: { name: expect.any(String) },
    });
    expect(list.data[0]).toMatchObject({ checkpoint_count: 0, open_follow_ups: 0, template: null });

    const ids = async (query: string) =>
      receptionListSchema
        .parse((await send('GET', `recepciones?project_id=${project}&${query}`)).json)
        .data.map((r) => r.id);
    expect(await ids('q=hormigones')).toEqual([b.id]);
    expect(await ids('q=b-2')).toEqual([a.id]);
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('state=programada,anulada')).toEqual([c.id, b.id, a.id]);
    expect(await ids('work_package=obra%20gruesa')).toEqual([b.id]);
    expect(await ids('from=2030-05-01&to=2030-05-31')).toEqual([b.id, a.id]);
    // The counts stay the project's.
    const filtered = receptionListSchema.parse((await send('GET', `recepciones?project_id=${project}&q=zzz`)).json);
    expect(filtered.data).toEqual([]);
    expect(filtered.counts.programada).toBe(2);
  });

  it('is 404 for a project the caller does not see; 422 on a bad state', async () => {
    expect((await send('GET', `recepciones?project_id=${hiddenProject}`, undefined, inspector)).status).toBe(404);
    expect((await send('GET', `recepciones?project_id=${projectId}`, undefined, foreign)).status).toBe(404);
    const bad = await send('GET', `recepciones?project_id=${projectId}&state=abierta`);
    expect(bad.status).toBe(422);
  });
});

describe('GET and PATCH verificaciones/recepciones/{receptionId}', () => {
  it('edits a programmed reception, checks the dates against the stored ones and the code', async () => {
    const created = await create({ code: 'P-1' });
    await create({ code: 'P-2' });
    const res = await send('PATCH', `recepciones/${created.id}`, { name: 'Obra gruesa piso 2', location: null });
    expect(res.status, res.text).toBe(200);
    expect(receptionDetailSchema.parse(res.json.data)).toMatchObject({ name: 'Obra gruesa piso 2', location: null });
    const early = await send('PATCH', `recepciones/${created.id}`, { planned_end: '2030-03-31' });
    expect(early.status).toBe(422);
    expect(early.json.fields).toEqual({ planned_end: 'La fecha debe ser igual o posterior a 01-04-2030' });
    const taken = await send('PATCH', `recepciones/${created.id}`, { code: 'p-2' });
    expect(taken.status).toBe(422);
    expect(Object.keys(taken.json.fields)).toEqual(['code']);
    expect((await send('PATCH', `recepciones/${created.id}`, { code: 'p-1' })).json.data.code).toBe('p-1');
  });

  it('refuses the edit once the reception left programada (409)', async () => {
    const { reception } = await inspectedReception(ctx, { projectId });
    const res = await send('PATCH', `recepciones/${reception.id}`, { name: 'Otro' });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('Solo se puede editar una recepción programada');
  });

  it('a foreign company or project is 404 on every route; read-only is 403 on writes', async () => {
    const hidden = await receptionRow(ctx, { projectId: hiddenProject });
    const mine = await receptionRow(ctx, { projectId });
    const routes: [string, string, unknown?][] = [
      ['GET', `recepciones/${hidden.id}`],
      ['PATCH', `recepciones/${hidden.id}`, { name: 'X' }],
      ['POST', `recepciones/${hidden.id}/iniciar`, {}],
      ['POST', `recepciones/${hidden.id}/anular`, { reason: 'No va' }],
      ['GET', `recepciones/${hidden.id}/acta.pdf`],
    ];
    // Every flag of the module, but no project: the project's receptions are not there for them.
    const blind = await staffSeeing(
      ctx,
      'verif-otro-proyecto',
      ['verifications-access', 'verificaciones_gestionar', 'verificaciones_inspeccionar'],
      [ctx.seed.projectIds[4]],
    );
    for (const [method, path, body] of routes)
      expect((await send(method, path, body, blind)).status, `${method} ${path}`).toBe(404);
    expect((await send('GET', `recepciones/${hidden.id}`, undefined, inspector)).status).toBe(404);
    for (const [method, path, body] of routes)
      expect((await send(method, path.replace(String(hidden.id), String(mine.id)), body, foreign)).status).toBe(404);
    expect((await send('GET', `recepciones/${mine.id}`, undefined, revisor)).status).toBe(200);
    expect((await send('PATCH', `recepciones/${mine.id}`, { name: 'X' }, revisor)).status).toBe(403);
    expect((await send('POST', `recepciones/${mine.id}/iniciar`, {}, revisor)).status).toBe(403);
    expect((await send('POST', `recepciones/${mine.id}/anular`, { reason: 'X' }, inspector)).status).toBe(403);
    expect((await send('GET', 'recepciones/99999999')).status).toBe(404);
  });

  it('cancels with a reason; a cancelled reception refuses every verb (409)', async () => {
    const created = await create({ code: 'AN-1' });
    expect((await send('POST', `recepciones/${created.id}/anular`, {})).status).toBe(422);
    const res = await send('POST', `recepciones/${created.id}/anular`, { reason: 'Cambio de proyecto' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ state: 'anulada', cancel_reason: 'Cambio de proyecto', allowed_events: [] });
    const again = await send('POST', `recepciones/${created.id}/iniciar`, {});
    expect(again.status).toBe(409);
    expect(again.json.message).toContain('Anulada');
  });
});
