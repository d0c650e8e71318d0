import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { importPreviewSchema, importResultSchema, importSheetSchema } from '#domain/quality-responses';
import { createTestContext, type TestContext } from '../../../../test-support.ts';
import {
  outbox,
  qualityActivities,
  qualityActivityHistory,
  qualityActivityValues,
  qualityAttributes,
  qualityAttributeValues,
  users,
} from '../../../../db/schema/index.ts';
import { csvRows } from '../../../../lib/spreadsheet.ts';
import { translator } from '../../../../lib/i18n.ts';
import type { SessionUser } from '../../../../http/context.ts';
import { checkRows } from './check.ts';
import { IMPORT_CHUNK, loadImportContext, runImport } from './import.ts';
import { columnNames } from './sheet.ts';
import { csv, uploadSheet, xlsx } from './test-upload.ts';

/** docs/api.md Quality, calidad/importaciones: the three steps of the wizard through the real routes. */
let ctx: TestContext;
let admin: string;
let reader: string;
let foreign: string;
let projectId: number;
let towerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, reader, foreign] = await Promise.all([ctx.login('admin'), ctx.login('revisor'), ctx.login('otra')]);
  projectId = ctx.seed.projectIds[1];
  const tower = await ctx.request('POST', 'calidad/atributos', { cookie: admin, body: { name: 'Bloque' } });
  towerId = tower.json.data.id;
  await ctx.request('POST', `calidad/atributos/${towerId}/valores`, { cookie: admin, body: { name: 'Torre A' } });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const post = (path: string, body: unknown, cookie = admin, headers?: Record<string, string>) =>
  ctx.request('POST', `calidad/importaciones${path}`, { cookie, body, headers });
const activitiesOf = (project: number) =>
  ctx.db
    .select()
    .from(qualityActivities)
    .where(and(eq(qualityActivities.companyId, ctx.seed.companyId), eq(qualityActivities.projectId, project)))
    .orderBy(asc(qualityActivities.position));

const HEADER = [
  'Código',
  'Descripción',
  'Padre',
  'Inicio estimado',
  'Fin estimado',
  'Avance',
  'Costo',
  'Moneda',
  'Bloque',
];

describe('step 1: the sheet', () => {
  it('answers columns, the first rows, the count and a mapping guessed from the headers', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => [`${i + 1}`, `Partida ${i + 1}`, '', '', '', '', '', '', '']);
    const path = await uploadSheet(ctx, admin, 'programa.csv', csv([HEADER, ...rows]));
    const res = await post('/hoja', { project_id: projectId, path });
    expect(res.status).toBe(200);
    const sheet = importSheetSchema.parse(res.json.data);
    expect(sheet.columns).toEqual(HEADER);
    expect(sheet.row_count).toBe(12);
    expect(sheet.sample).toHaveLength(10);
    expect(sheet.sample[0].slice(0, 2)).toEqual(['1', 'Partida 1']);
    expect(sheet.suggested_mapping).toEqual({
      Código: 'index',
      Descripción: 'description',
      Padre: 'parent_index',
      'Inicio estimado': 'estimated_start',
      'Fin estimado': 'estimated_end',
      Avance: 'progress',
      Costo: 'estimated_cost',
      Moneda: 'currency',
      Bloque: `attribute:${towerId}`,
    });
  });

  it('guesses pt-BR and en headers too', async () => {
    const header = ['Índice', 'Descrição', 'Início', 'Fim', 'Progress', 'Custo real', 'Moeda', 'Nível'];
    const path = await uploadSheet(
      ctx,
      admin,
      'cronograma.csv',
      csv([header, ['1', 'Fundação', '', '', '', '', '', '']]),
    );
    const sheet = importSheetSchema.parse((await post('/hoja', { project_id: projectId, path })).json.data);
    expect(sheet.suggested_mapping).toEqual({
      Índice: 'index',
      Descrição: 'description',
      Início: 'estimated_start',
      Fim: 'estimated_end',
      Progress: 'progress',
      'Custo real': 'actual_cost',
      Moeda: 'currency',
    });
  });

  it('takes only csv or xlsx, and only a file of the caller', async () => {
    const pdf = await uploadSheet(ctx, admin, 'plano.pdf', new TextEncoder().encode('%PDF-1.7\n%%EOF\n'));
    const refused = await post('/hoja', { project_id: projectId, path: pdf });
    expect(refused.status).toBe(422);
    expect(refused.json.fields).toEqual({ path: 'Solo se aceptan archivos .xlsx o .csv' });
    const empty = await uploadSheet(ctx, admin, 'vacio.csv', csv([HEADER]));
    expect((await post('/hoja', { project_id: projectId, path: empty })).json.fields).toEqual({
      path: 'La hoja no tiene filas bajo el encabezado',
    });
    expect((await post('/hoja', { project_id: projectId, path: 'uploads/no-existe.csv' })).status).toBe(404);
  });
});

describe('step 3: the preview, worked examples', () => {
  const mapping = {
    Código: 'index',
    Descripción: 'description',
    Padre: 'parent_index',
    'Inicio estimado': 'estimated_start',
    'Fin estimado': 'estimated_end',
    Avance: 'progress',
    Costo: 'estimated_cost',
    Moneda: 'currency',
  };
  const bad = [
    HEADER,
    ['1', 'Obra gruesa', '', '01-03-2026', '30-06-2026', '25,5', '1.234,5', 'CLP', 'Torre A'],
    ['1.1', 'Excavación', '1', '2026-03-01', '2026-03-15', '100', '500', 'clp', 'torre a'],
    ['1.2', 'Fundaciones', '1', '15-03-2026', '10-03-2026', '50', '', 'UF', 'Torre B'],
    ['1.2', 'Moldaje', '1', '32-13-2026', '', '', '', '', ''],
    ['2.1', 'Pilares', '9', '', '', '150', '', 'YEN', ''],
    ['', '', '', '', '', 'abc', '', '', ''],
  ];

  it('answers every row error in Spanish, the values to create and a sample of the valid rows', async () => {
    const path = await uploadSheet(ctx, admin, 'con-errores.csv', csv(bad));
    const res = await post('/vista-previa', {
      project_id: projectId,
      path,
      mapping: { ...mapping, Bloque: `attribute:${towerId}` },
    });
    expect(res.status).toBe(200);
    const preview = importPreviewSchema.parse(res.json.data);
    expect(preview.errors).toEqual([
      { row: 4, column: 'Fin estimado', message: 'El fin (10-03-2026) es anterior al inicio (15-03-2026)' },
      { row: 5, column: 'Código', message: 'El código «1.2» ya está en la fila 4' },
      { row: 5, column: 'Inicio estimado', message: '«32-13-2026» no es una fecha válida (dd-mm-aaaa o aaaa-mm-dd)' },
      { row: 6, column: 'Avance', message: 'El avance debe estar entre 0 y 100' },
      { row: 6, column: 'Moneda', message: 'Moneda «YEN» desconocida: use CLP, UF, USD, BRL, EUR' },
      { row: 6, column: 'Padre', message: 'El código padre «9» no está en el archivo ni en el proyecto' },
      { row: 7, column: 'Descripción', message: 'Este campo es obligatorio' },
      { row: 7, column: 'Avance', message: '«abc» no es un número válido' },
    ]);
    expect(preview).toMatchObject({ row_count: 6, valid_count: 2, error_count: 8 });
    expect(preview.new_values).toEqual({ [towerId]: ['Torre B'] });
    expect(preview.sample).toEqual([
      {
        code: '1',
        description: 'Obra gruesa',
        level: 0,
        estimated_start: '2026-03-01',
        estimated_end: '2026-06-30',
        progress: 25.5,
      },
      {
        code: '1.1',
        description: 'Excavación',
        level: 1,
        estimated_start: '2026-03-01',
        estimated_end: '2026-03-15',
        progress: 100,
      },
    ]);

    const refused = await post('', {
      project_id: projectId,
      path,
      mapping: { ...mapping, Bloque: `attribute:${towerId}` },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe('Hay errores en 4 filas: corríjalos en el archivo y vuelva a intentarlo');
    expect(await activitiesOf(projectId)).toEqual([]);
  });

  it('speaks Portuguese to a pt-BR caller, and knows the codes the project already has', async () => {
    await ctx.db.insert(qualityActivities).values({
      companyId: ctx.seed.companyId,
      projectId: ctx.seed.projectIds[2],
      code: 'A-1',
      description: 'Existente',
    });
    const path = await uploadSheet(
      ctx,
      admin,
      'pt.csv',
      csv([
        ['Índice', 'Descrição', 'Fim'],
        ['A-1', 'Fundação', '31/02/2026'],
      ]),
    );
    const res = await post(
      '/vista-previa',
      {
        project_id: ctx.seed.projectIds[2],
        path,
        mapping: { Índice: 'index', Descrição: 'description', Fim: 'estimated_end' },
      },
      admin,
      { 'Accept-Language': 'pt-BR,pt;q=0.9' },
    );
    expect(importPreviewSchema.parse(res.json.data).errors).toEqual([
      { row: 2, column: 'Índice', message: 'O código «A-1» já existe no projeto' },
      { row: 2, column: 'Fim', message: '«31/02/2026» não é uma data válida (dd-mm-aaaa ou aaaa-mm-dd)' },
    ]);
  });

  it('refuses a mapping without description, with a target twice or with a foreign attribute', async () => {
    const path = await uploadSheet(ctx, admin, 'mapa.csv', csv(bad.slice(0, 2)));
    const res = await post('/vista-previa', {
      project_id: projectId,
      path,
      mapping: { Código: 'index', Padre: 'index', Bloque: 'attribute:999999', Otra: 'progress' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.fields).sort()).toEqual(['mapping', 'mapping.Bloque', 'mapping.Otra', 'mapping.Padre']);
    expect(res.json.fields['mapping.Padre']).toBe('Ya está asignado a la columna «Código»');
    expect(res.json.fields.mapping).toBe('Asigne una columna a la descripción');
  });
});

describe('the import', () => {
  it('imports a csv: tree from code nesting, comma decimals, values created, history and one live event', async () => {
    const project = ctx.seed.projectIds[3];
    const before = (await activitiesOf(project)).length;
    const path = await uploadSheet(
      ctx,
      admin,
      'ok.csv',
      csv([
        ['Código', 'Descripción', 'Inicio', 'Fin', 'Costo', 'Moneda', 'Bloque'],
        ['1', 'Obra gruesa', '01-03-2026', '30-06-2026', '1.234,5', 'uf', 'Torre A'],
        ['1.1', 'Excavación', '01-03-2026', '15-03-2026', '500', 'UF', 'Torre C'],
        ['1.1.1', 'Retiro de material', '46082', '46083', '', '', 'torre c'],
        ['2', 'Terminaciones', '', '', '', '', ''],
      ]),
    );
    const mapping = {
      Código: 'index',
      Descripción: 'description',
      Inicio: 'estimated_start',
      Fin: 'estimated_end',
      Costo: 'estimated_cost',
      Moneda: 'currency',
      Bloque: `attribute:${towerId}`,
    };
    const preview = importPreviewSchema.parse(
      (await post('/vista-previa', { project_id: project, path, mapping })).json.data,
    );
    expect(preview.errors).toEqual([]);
    expect(preview.new_values).toEqual({ [towerId]: ['Torre C'] });
    const outboxBefore = await ctx.db.$count(outbox, eq(outbox.type, 'quality.activities.changed'));
    const res = await post('', { project_id: project, path, mapping });
    expect(res.status).toBe(201);
    expect(importResultSchema.parse(res.json.data)).toEqual({ created: 4, values_created: 1 });

    const rows = (await activitiesOf(project)).slice(before);
    const byCode = new Map(rows.map((r) => [r.code, r]));
    expect(rows.map((r) => [r.code, r.level])).toEqual([
      ['1', 0],
      ['1.1', 1],
      ['1.1.1', 2],
      ['2', 0],
    ]);
    expect(byCode.get('1.1')!.parentId).toBe(byCode.get('1')!.id);
    expect(byCode.get('1.1.1')!.parentId).toBe(byCode.get('1.1')!.id);
    expect(byCode.get('1')).toMatchObject({ estimatedCost: 1234.5, currency: 'UF', estimatedStart: '2026-03-01' });
    expect(byCode.get('1.1.1')).toMatchObject({ estimatedStart: '2026-03-01', estimatedEnd: '2026-03-02' });

    const values = await ctx.db
      .select({ activityId: qualityActivityValues.activityId, name: qualityAttributeValues.name })
      .from(qualityActivityValues)
      .innerJoin(qualityAttributeValues, eq(qualityAttributeValues.id, qualityActivityValues.valueId))
      .where(eq(qualityActivityValues.attributeId, towerId));
    const nameOf = new Map(values.map((v) => [v.activityId, v.name]));
    expect(rows.map((r) => nameOf.get(r.id) ?? null)).toEqual(['Torre A', 'Torre C', 'Torre C', null]);
    const history = await ctx.db
      .select()
      .from(qualityActivityHistory)
      .where(eq(qualityActivityHistory.activityId, byCode.get('2')!.id));
    expect(history.map((h) => h.kind)).toEqual(['imported']);
    expect(await ctx.db.$count(outbox, eq(outbox.type, 'quality.activities.changed'))).toBe(outboxBefore + 1);

    const again = await post('', { project_id: project, path, mapping });
    expect(again.status).toBe(422);
    expect(again.json.preview.errors[0].message).toBe('El código «1» ya existe en el proyecto');
  });

  it('imports an xlsx with date and number cells and an explicit parent column', async () => {
    const project = ctx.seed.projectIds[0];
    const before = (await activitiesOf(project)).length;
    const bytes = await xlsx([
      ['Índice', 'Descripción', 'Padre', 'Inicio estimado', 'Fin', 'Avance', 'Costo'],
      ['X', 'Edificio', null, new Date(Date.UTC(2026, 3, 1)), new Date(Date.UTC(2026, 11, 31)), 0.5, 1500000],
      ['X-B', 'Piso 1', 'X', '01-04-2026', '30-04-2026', 40, 250000.75],
      ['X-A', 'Subterráneo', 'X', null, null, null, null],
    ]);
    const path = await uploadSheet(ctx, admin, 'programa.xlsx', bytes);
    const sheet = importSheetSchema.parse((await post('/hoja', { project_id: project, path })).json.data);
    expect(sheet.sample[0]).toEqual(['X', 'Edificio', '', '2026-04-01', '2026-12-31', '0.5', '1500000']);
    const res = await post('', { project_id: project, path, mapping: sheet.suggested_mapping });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.data).toEqual({ created: 3, values_created: 0 });
    const rows = (await activitiesOf(project)).slice(before);
    expect(rows.map((r) => [r.code, r.level, r.progress, r.estimatedCost])).toEqual([
      ['X', 0, 0.5, 1500000],
      ['X-B', 1, 40, 250000.75],
      ['X-A', 1, 0, null],
    ]);
    expect(rows[1].parentId).toBe(rows[0].id);
  });

  it('rolls everything back when a later chunk fails', async () => {
    const project = ctx.seed.projectIds[0];
    const before = (await activitiesOf(project)).length;
    const valuesBefore = await ctx.db.$count(qualityAttributeValues, eq(qualityAttributeValues.attributeId, towerId));
    const lines = [
      ['Código', 'Descripción', 'Bloque'],
      ...Array.from({ length: IMPORT_CHUNK + 500 }, (_, i) => [`R${i}`, `Fila ${i}`, 'Torre Z']),
    ];
    const sheetRows = csvRows(lines.map((l) => l.join(';')).join('\n'));
    const sheet = { columns: columnNames(sheetRows[0].cells, 3), rows: sheetRows.slice(1) };
    const context = await loadImportContext(ctx.db, ctx.seed.companyId, project);
    const check = checkRows(
      sheet,
      { Código: 'index', Descripción: 'description', Bloque: `attribute:${towerId}` },
      context,
      translator('es'),
    );
    expect(check.errors).toEqual([]);
    const [row] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
    const user = { id: row.id, companyId: row.companyId, projectIds: ctx.seed.projectIds } as unknown as SessionUser;
    const chunks: number[] = [];
    await expect(
      runImport(ctx.deps, user, project, check, context, {
        onChunk: (n) => {
          chunks.push(n);
          if (chunks.length === 2) throw new Error('second chunk failed');
        },
      }),
    ).rejects.toThrow('second chunk failed');
    expect(chunks).toEqual([IMPORT_CHUNK, IMPORT_CHUNK + 500]);
    expect((await activitiesOf(project)).length).toBe(before);
    expect(await ctx.db.$count(qualityAttributeValues, eq(qualityAttributeValues.attributeId, towerId))).toBe(
      valuesBefore,
    );
  });
});

describe('permissions and isolation', () => {
  it('needs calidad_editar for every step', async () => {
    const path = await uploadSheet(ctx, reader, 'lector.csv', csv([HEADER, ['1', 'Uno', '', '', '', '', '', '', '']]));
    const body = { project_id: projectId, path, mapping: { Descripción: 'description' } };
    expect((await post('/hoja', body, reader)).status).toBe(403);
    expect((await post('/vista-previa', body, reader)).status).toBe(403);
    expect((await post('', body, reader)).status).toBe(403);
  });

  it("answers 404 for another company's project or file", async () => {
    const path = await uploadSheet(ctx, admin, 'propio.csv', csv([HEADER, ['1', 'Uno', '', '', '', '', '', '', '']]));
    const body = { project_id: projectId, path, mapping: { Descripción: 'description' } };
    expect((await post('/hoja', body, foreign)).status).toBe(404);
    expect((await post('', body, foreign)).status).toBe(404);
    const theirs = await uploadSheet(
      ctx,
      foreign,
      'ajeno.csv',
      csv([HEADER, ['1', 'Uno', '', '', '', '', '', '', '']]),
    );
    expect((await post('/hoja', { project_id: projectId, path: theirs })).status).toBe(404);
    expect((await post('/hoja', { project_id: ctx.seed.otherProjectIds[0], path })).status).toBe(404);
    expect(await ctx.db.$count(qualityAttributes, eq(qualityAttributes.companyId, ctx.seed.otherCompanyId))).toBe(0);
  });
});
