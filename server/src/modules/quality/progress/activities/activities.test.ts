import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  ACTIVITY_DESCRIPTION_MAX,
  ACTIVITY_HISTORY_MAX,
  ACTIVITY_LEVEL_MAX,
  QUALITY_ACTIVITIES_CHANGED_EVENT,
} from '#domain/quality';
import {
  activityEventSchema,
  activityHistoryEntrySchema,
  activityLinkSchema,
  activityListSchema,
  activityRowSchema,
  type ActivityRow,
} from '#domain/quality-responses';
import { createTestContext, type TestContext } from '../../../../test-support.ts';
import { bimModels, outbox, qualityAttributes, qualityAttributeValues } from '../../../../db/schema/index.ts';

/** docs/api.md Quality: calidad/actividades and calidad/dependencias through the real routes, on the demo seed. */
let ctx: TestContext;
let admin: string;
/** The demo schedule's project (seed-quality.ts) and a project with no activities, both the admin's. */
let seeded: number;
let empty: number;
const attr: Record<string, { id: number; values: Record<string, number> }> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  [seeded, empty] = ctx.seed.projectIds;
  const attributes = await ctx.db
    .select()
    .from(qualityAttributes)
    .where(eq(qualityAttributes.companyId, ctx.seed.companyId));
  const values = await ctx.db.select().from(qualityAttributeValues);
  for (const a of attributes)
    attr[a.name] = {
      id: a.id,
      values: Object.fromEntries(values.filter((v) => v.attributeId === a.id).map((v) => [v.name, v.id])),
    };
}, 400_000);
afterAll(async () => ctx?.close());

const request = (method: string, path: string, body?: unknown, cookie = admin) =>
  ctx.request(method, `calidad/${path}`, { cookie, body });
const list = async (query: string, cookie = admin) => {
  const res = await request('GET', `actividades?${query}`, undefined, cookie);
  expect(res.status, res.text).toBe(200);
  return activityListSchema.parse(res.json);
};
const fieldsOf = (res: { json: any }) => Object.keys(res.json?.fields ?? {});
async function create(body: Record<string, unknown>): Promise<ActivityRow> {
  const res = await request('POST', 'actividades', { project_id: empty, description: 'Excavación', ...body });
  expect(res.status, res.text).toBe(201);
  return activityRowSchema.parse(res.json.data);
}
/** The quality.activities.changed events written after `afterId`, parsed. */
async function eventsAfter(afterId: number) {
  const rows = await ctx.db.select().from(outbox).where(eq(outbox.type, QUALITY_ACTIVITIES_CHANGED_EVENT));
  return rows
    .filter((r) => r.id > afterId)
    .map((r) => ({ row: r, data: activityEventSchema.parse((r.payload as { data: unknown }).data) }));
}
const lastOutboxId = async () => Math.max(0, ...(await ctx.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id));

/** Parent before children, siblings by position. */
function expectTreeOrder(rows: ActivityRow[]) {
  const seen = new Map<number, ActivityRow>();
  let previousSibling = new Map<number | null, number>();
  for (const r of rows) {
    if (r.parent_id !== null) expect(seen.has(r.parent_id), `parent of ${r.id} first`).toBe(true);
    const before = previousSibling.get(r.parent_id);
    if (before !== undefined) expect(r.position).toBeGreaterThanOrEqual(before);
    previousSibling.set(r.parent_id, r.position);
    seen.set(r.id, r);
  }
  previousSibling = new Map();
}

describe('the list (GET calidad/actividades)', () => {
  it('answers the demo schedule as a tree in tree order, with values and links', async () => {
    const { data, links, total } = await list(`project_id=${seeded}`);
    expect(total).toBe(63);
    expect(data.filter((r) => r.level === 0).map((r) => r.description)).toEqual([
      'Obra gruesa',
      'Instalaciones',
      'Terminaciones',
    ]);
    expectTreeOrder(data);
    expect(data[0].code).toBe('1');
    expect(data[1].code).toBe('1.1');
    expect(data[2].code).toBe('1.1.1');
    expect(links).toHaveLength(20);
    const task = data.find((r) => r.code === '1.2.1')!;
    expect(task.values).toEqual({
      [attr.Partida.id]: attr.Partida.values['Obra gruesa'],
      [attr.Torre.id]: attr.Torre.values.A,
      [attr.Piso.id]: attr.Piso.values['2'],
    });
    expect(task).toMatchObject({ progress: 100, currency: 'CLP', element_count: 0 });
  });

  it('filters by text ignoring accents and case, keeping the ancestors of every match', async () => {
    const { data } = await list(`project_id=${seeded}&q=INSTALACION ELECTRICA`);
    const matches = data.filter((r) => r.description === 'Instalación eléctrica');
    expect(matches).toHaveLength(5);
    // each match, its floor and its phase: 5 + 5 + 1
    expect(data).toHaveLength(11);
    expectTreeOrder(data);
    expect(data[0].description).toBe('Instalaciones');
  });

  it('filters by values: AND across attributes, OR within one', async () => {
    const { data } = await list(
      `project_id=${seeded}&values=${attr.Torre.values.B},${attr.Piso.values['4']},${attr.Piso.values['5']},${attr.Partida.values.Terminaciones}`,
    );
    const matched = data.filter((r) => r.level > 0);
    // Terminaciones of floors 4 and 5 (tower B): 2 floors and their 3 tasks each
    expect(matched).toHaveLength(8);
    expect(data.filter((r) => r.level === 0).map((r) => r.description)).toEqual(['Terminaciones']);
    const none = await list(`project_id=${seeded}&values=${attr.Torre.values.A},${attr.Piso.values['5']}`);
    expect(none.data).toEqual([]);
  });

  it('refuses a project of another company or not the caller’s, and bad filters', async () => {
    expect((await request('GET', `actividades?project_id=${ctx.seed.otherProjectIds[0]}`)).status).toBe(404);
    const inspector = await ctx.login('inspector');
    // inspector sees projects 0, 1 and 4 (seed-data.ts roleProjects)
    expect(
      (await request('GET', `actividades?project_id=${ctx.seed.projectIds[2]}`, undefined, inspector)).status,
    ).toBe(404);
    const bad = await request('GET', 'actividades?values=x');
    expect(bad.status).toBe(422);
    expect(fieldsOf(bad).sort()).toEqual(['project_id', 'values.0']);
  });
});

describe('creating (POST actividades, POST actividades/masivo)', () => {
  it('appends under the parent, computing level and position', async () => {
    const root = await create({ description: 'Fundaciones' });
    expect(root).toMatchObject({ level: 0, parent_id: null, progress: 0 });
    const a = await create({
      parent_id: root.id,
      description: 'Trazado',
      estimated_start: '2030-01-02',
      values: { [attr.Torre.id]: attr.Torre.values.A },
    });
    const b = await create({ parent_id: root.id, description: 'Excavación' });
    expect([a.level, a.position, b.position]).toEqual([1, 0, 1]);
    expect(a.values).toEqual({ [attr.Torre.id]: attr.Torre.values.A });
    expect(a.estimated_start).toBe('2030-01-02');
  });

  it(`refuses a parent of another project, a foreign one, and nesting deeper than level ${ACTIVITY_LEVEL_MAX}`, async () => {
    const { data } = await list(`project_id=${seeded}`);
    const other = await request('POST', 'actividades', { project_id: empty, description: 'X', parent_id: data[0].id });
    expect(other.status).toBe(422);
    expect(other.json.fields.parent_id).toBeTruthy();
    let parentId: number | null = null;
    for (let level = 0; level <= ACTIVITY_LEVEL_MAX; level += 1) parentId = (await create({ parent_id: parentId })).id;
    const deeper = await request('POST', 'actividades', {
      project_id: empty,
      description: 'Hondo',
      parent_id: parentId,
    });
    expect(deeper.status).toBe(422);
    expect(fieldsOf(deeper)).toEqual(['parent_id']);
    const otra = await ctx.login('otra');
    const foreign = await request(
      'POST',
      'actividades',
      { project_id: ctx.seed.otherProjectIds[0], description: 'X', parent_id: parentId },
      otra,
    );
    expect(foreign.status).toBe(404);
  });

  it('refuses a value of another attribute, on values.<attribute id>', async () => {
    const res = await request('POST', 'actividades', {
      project_id: empty,
      description: 'Mal valor',
      values: { [attr.Torre.id]: attr.Piso.values['1'] },
    });
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual([`values.${attr.Torre.id}`]);
  });

  it('creates one activity per non-blank line, in order, and refuses a line too long naming it', async () => {
    const parent = await create({ description: 'Masivo' });
    const res = await request('POST', 'actividades/masivo', {
      project_id: empty,
      parent_id: parent.id,
      descriptions: 'Uno\n\n  Dos  \r\nTres\n',
    });
    expect(res.status, res.text).toBe(201);
    const rows = (res.json.data as unknown[]).map((r) => activityRowSchema.parse(r));
    expect(rows.map((r) => [r.description, r.position, r.level])).toEqual([
      ['Uno', 0, 1],
      ['Dos', 1, 1],
      ['Tres', 2, 1],
    ]);
    const long = await request('POST', 'actividades/masivo', {
      project_id: empty,
      descriptions: `Bien\n${'x'.repeat(ACTIVITY_DESCRIPTION_MAX + 1)}`,
    });
    expect(long.status).toBe(422);
    expect(fieldsOf(long)).toEqual(['descriptions']);
    expect(long.json.fields.descriptions).toContain('2');
  });
});

describe('editing (PATCH actividades/{id})', () => {
  it('changes only the fields sent and keeps dates in order against the stored ones', async () => {
    const a = await create({ estimated_start: '2030-01-10', estimated_end: '2030-01-20', code: 'X.1' });
    const ok = await request('PATCH', `actividades/${a.id}`, { progress: 40, actual_start: '2030-01-11' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.data).toMatchObject({
      progress: 40,
      actual_start: '2030-01-11',
      code: 'X.1',
      estimated_end: '2030-01-20',
    });
    const endBefore = await request('PATCH', `actividades/${a.id}`, { estimated_end: '2030-01-05' });
    expect(endBefore.status).toBe(422);
    expect(fieldsOf(endBefore)).toEqual(['estimated_end']);
    const startAfter = await request('PATCH', `actividades/${a.id}`, { estimated_start: '2030-02-01' });
    expect(fieldsOf(startAfter)).toEqual(['estimated_start']);
    const actualEnd = await request('PATCH', `actividades/${a.id}`, { actual_end: '2030-01-01' });
    expect(fieldsOf(actualEnd)).toEqual(['actual_end']);
    const both = await request('PATCH', `actividades/${a.id}`, {
      estimated_start: '2030-03-01',
      estimated_end: '2030-03-05',
    });
    expect(both.status).toBe(200);
    const progress = await request('PATCH', `actividades/${a.id}`, { progress: 101 });
    expect(fieldsOf(progress)).toEqual(['progress']);
  });

  it('sets and clears attribute values', async () => {
    const a = await create({});
    const set = await request('PATCH', `actividades/${a.id}`, {
      values: { [attr.Torre.id]: attr.Torre.values.B, [attr.Piso.id]: attr.Piso.values['3'] },
    });
    expect(set.json.data.values).toEqual({
      [attr.Torre.id]: attr.Torre.values.B,
      [attr.Piso.id]: attr.Piso.values['3'],
    });
    const cleared = await request('PATCH', `actividades/${a.id}`, { values: { [attr.Torre.id]: null } });
    expect(cleared.json.data.values).toEqual({ [attr.Piso.id]: attr.Piso.values['3'] });
    const unknown = await request('PATCH', `actividades/${a.id}`, { values: { '999999': null } });
    expect(fieldsOf(unknown)).toEqual(['values.999999']);
  });

  it(`keeps the last ${ACTIVITY_HISTORY_MAX} history entries, newest first, with who made them`, async () => {
    const a = await create({});
    for (let i = 1; i <= ACTIVITY_HISTORY_MAX + 5; i += 1)
      expect((await request('PATCH', `actividades/${a.id}`, { progress: i })).status).toBe(200);
    const res = await request('GET', `actividades/${a.id}/historial`);
    expect(res.status).toBe(200);
    const entries = (res.json.data as unknown[]).map((e) => activityHistoryEntrySchema.parse(e));
    expect(entries).toHaveLength(ACTIVITY_HISTORY_MAX);
    expect(entries[0]).toMatchObject({ kind: 'updated', changes: { progress: [54, 55] } });
    expect(entries[0].user?.full_name).toBe('Carolina Fuentes Ortiz');
    expect(entries.at(-1)!.changes.progress).toEqual([5, 6]);
  });
});

describe('moving and deleting', () => {
  it('moves under another parent at a position, renumbering siblings and shifting the subtree’s levels', async () => {
    const p1 = await create({ description: 'P1' });
    const p2 = await create({ description: 'P2' });
    const a = await create({ parent_id: p1.id, description: 'A' });
    const a1 = await create({ parent_id: a.id, description: 'A1' });
    const b = await create({ parent_id: p2.id, description: 'B' });
    const c = await create({ parent_id: p2.id, description: 'C' });
    const res = await request('POST', `actividades/${a.id}/mover`, { parent_id: p2.id, position: 1 });
    expect(res.status, res.text).toBe(200);
    const rows = new Map((res.json.data as ActivityRow[]).map((r) => [r.id, activityRowSchema.parse(r)]));
    expect(rows.get(a.id)).toMatchObject({ parent_id: p2.id, position: 1, level: 1 });
    expect(rows.get(c.id)?.position).toBe(2);
    expect(rows.has(b.id)).toBe(false);
    const toRoot = await request('POST', `actividades/${a.id}/mover`, { parent_id: null, position: 0 });
    const moved = (toRoot.json.data as ActivityRow[]).find((r) => r.id === a1.id);
    expect(moved?.level).toBe(1);
    const cycle = await request('POST', `actividades/${a.id}/mover`, { parent_id: a1.id, position: 0 });
    expect(cycle.status).toBe(422);
    expect(fieldsOf(cycle)).toEqual(['parent_id']);
    const self = await request('POST', `actividades/${a.id}/mover`, { parent_id: a.id, position: 0 });
    expect(fieldsOf(self)).toEqual(['parent_id']);
    const history = await request('GET', `actividades/${a.id}/historial`);
    expect(history.json.data[0]).toMatchObject({ kind: 'moved', changes: { parent_id: [p2.id, null] } });
  });

  it('deletes the subtree and its links, answering the ids, in one event', async () => {
    const root = await create({ description: 'Borrar' });
    const child = await create({ parent_id: root.id });
    const keep = await create({});
    const link = await request('POST', 'dependencias', { source_id: child.id, target_id: keep.id });
    expect(link.status).toBe(201);
    const from = await lastOutboxId();
    const res = await request('DELETE', `actividades/${root.id}`);
    expect(res.status).toBe(200);
    expect([...res.json.data.deleted_ids].sort()).toEqual([root.id, child.id].sort());
    const events = await eventsAfter(from);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ project_id: empty, rows: [], deleted_link_ids: [link.json.data.id] });
    expect((await request('PATCH', `actividades/${child.id}`, { progress: 1 })).status).toBe(404);
  });
});

describe('dependencies (POST/DELETE calidad/dependencias)', () => {
  it('refuses self, duplicates, other projects and finish-to-start cycles, on target_id', async () => {
    const [a, b, c] = [await create({}), await create({}), await create({})];
    const post = (body: Record<string, unknown>) => request('POST', 'dependencias', body);
    const ab = await post({ source_id: a.id, target_id: b.id });
    expect(ab.status).toBe(201);
    expect(activityLinkSchema.parse(ab.json.data)).toMatchObject({ source_id: a.id, target_id: b.id, type: 'fs' });
    expect((await post({ source_id: b.id, target_id: c.id, type: 'fs' })).status).toBe(201);
    for (const [body, why] of [
      [{ source_id: a.id, target_id: a.id }, 'self'],
      [{ source_id: a.id, target_id: b.id, type: 'ss' }, 'duplicate'],
      [{ source_id: c.id, target_id: a.id }, 'cycle'],
    ] as const) {
      const res = await post(body);
      expect(res.status, why).toBe(422);
      expect(fieldsOf(res), why).toEqual(['target_id']);
    }
    // a start-to-start link closes no finish-to-start cycle
    expect((await post({ source_id: c.id, target_id: a.id, type: 'ss' })).status).toBe(201);
    const { data } = await list(`project_id=${seeded}`);
    expect((await post({ source_id: a.id, target_id: data[0].id })).status).toBe(422);
    const otra = await ctx.login('otra');
    expect((await request('DELETE', `dependencias/${ab.json.data.id}`, undefined, otra)).status).toBe(404);
    const from = await lastOutboxId();
    const del = await request('DELETE', `dependencias/${ab.json.data.id}`);
    expect(del.json.data).toEqual({ id: ab.json.data.id });
    expect((await eventsAfter(from))[0].data.deleted_link_ids).toEqual([ab.json.data.id]);
    const history = await request('GET', `actividades/${a.id}/historial`);
    expect(history.json.data.map((e: { kind: string }) => e.kind).slice(0, 2)).toEqual(['unlinked', 'linked']);
  });
});

describe('elements (PUT actividades/{id}/elementos)', () => {
  it('replaces the elements of one model of the project, counting them in the row and the history', async () => {
    const [model] = await ctx.db
      .insert(bimModels)
      .values({ companyId: ctx.seed.companyId, projectId: empty, name: 'Arquitectura' })
      .returning();
    const [elsewhere] = await ctx.db
      .insert(bimModels)
      .values({ companyId: ctx.seed.companyId, projectId: seeded, name: 'Otro' })
      .returning();
    const [foreign] = await ctx.db
      .insert(bimModels)
      .values({ companyId: ctx.seed.otherCompanyId, projectId: ctx.seed.otherProjectIds[0], name: 'Ajeno' })
      .returning();
    const a = await create({});
    const put = (body: unknown) => request('PUT', `actividades/${a.id}/elementos`, body);
    const first = await put({ model_id: model.id, global_ids: ['g1', 'g2', 'g2', 'g3'] });
    expect(first.status, first.text).toBe(200);
    expect(first.json.data.element_count).toBe(3);
    const second = await put({ model_id: model.id, global_ids: ['g3'] });
    expect(second.json.data.element_count).toBe(1);
    const history = await request('GET', `actividades/${a.id}/historial`);
    expect(history.json.data[0]).toMatchObject({ kind: 'elements', changes: { [`model:${model.id}`]: [3, 1] } });
    const other = await put({ model_id: elsewhere.id, global_ids: ['g1'] });
    expect(other.status).toBe(422);
    expect(fieldsOf(other)).toEqual(['model_id']);
    expect((await put({ model_id: foreign.id, global_ids: [] })).status).toBe(404);
    const { data } = await list(`project_id=${empty}`);
    expect(data.find((r) => r.id === a.id)?.element_count).toBe(1);
  });
});

describe('live events', () => {
  it('writes one quality.activities.changed per write on the project’s topic, with the rows as the list answers them', async () => {
    const from = await lastOutboxId();
    const a = await create({ description: 'Evento' });
    await request('PATCH', `actividades/${a.id}`, { description: 'Evento editado' });
    await request('PATCH', `actividades/${a.id}`, { description: 'Evento editado' });
    const events = await eventsAfter(from);
    // the second PATCH changes nothing: no event
    expect(events).toHaveLength(2);
    expect(events[0].row).toMatchObject({
      companyId: ctx.seed.companyId,
      projectId: empty,
      topic: `qa/${ctx.seed.companyId}/projects/${empty}`,
    });
    expect(events[1].data.rows).toEqual([(await list(`project_id=${empty}`)).data.find((r) => r.id === a.id)]);
    expect(events[1].data.deleted_ids).toEqual([]);
  });
});

describe('export (GET actividades/exportar)', () => {
  it('writes the tree in csv with one column per attribute', async () => {
    const res = await ctx.request('GET', `calidad/actividades/exportar?project_id=${seeded}&format=csv`, {
      cookie: admin,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(64);
    const header = lines[0].split(';');
    expect(header.slice(0, 3)).toEqual(['Código', 'Descripción', 'Nivel']);
    expect(header.slice(-3)).toEqual(['Torre', 'Piso', 'Partida']);
    expect(lines[3].split(';').slice(0, 3)).toEqual(['1.1.1', 'Moldajes', '2']);
    expect(lines[3].split(';').slice(-3)).toEqual(['A', '1', 'Obra gruesa']);
  });

  it('writes the same rows as xlsx', async () => {
    const res = await ctx.app.request(
      `http://localhost/api/v2/public/api/calidad/actividades/exportar?project_id=${seeded}&format=xlsx`,
      { headers: { Cookie: admin, 'Accept-Language': 'pt-BR' } },
    );
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(64);
    expect(sheet.getRow(1).getCell(1).value).toBe('Código');
    expect(sheet.getRow(2).getCell(2).value).toBe('Obra gruesa');
    expect(sheet.getRow(4).getCell(8).value).toBe(100);
  });
});

describe('permissions and isolation', () => {
  it('lets a reader list but not write (calidad_editar), and a user without the module neither', async () => {
    const gerente = await ctx.login('gerente');
    expect((await request('GET', `actividades?project_id=${seeded}`, undefined, gerente)).status).toBe(200);
    const { data } = await list(`project_id=${seeded}`);
    expect((await request('POST', 'actividades', { project_id: seeded, description: 'X' }, gerente)).status).toBe(403);
    expect((await request('PATCH', `actividades/${data[0].id}`, { progress: 1 }, gerente)).status).toBe(403);
    expect((await request('DELETE', `actividades/${data[0].id}`, undefined, gerente)).status).toBe(403);
    const agente = await ctx.login('agente');
    expect((await request('GET', `actividades?project_id=${seeded}`, undefined, agente)).status).toBe(403);
  });

  it('answers 404 for another company’s or another project’s activity', async () => {
    const { data } = await list(`project_id=${seeded}`);
    const otra = await ctx.login('otra');
    expect((await request('PATCH', `actividades/${data[0].id}`, { progress: 1 }, otra)).status).toBe(404);
    expect((await request('GET', `actividades/${data[0].id}/historial`, undefined, otra)).status).toBe(404);
    const inspector = await ctx.login('inspector');
    const hidden = await request('POST', 'actividades', { project_id: ctx.seed.projectIds[2], description: 'Oculto' });
    expect(hidden.status).toBe(201);
    expect((await request('PATCH', `actividades/${hidden.json.data.id}`, { progress: 1 }, inspector)).status).toBe(404);
    expect((await request('DELETE', `actividades/${hidden.json.data.id}`, undefined, inspector)).status).toBe(404);
  });
});
