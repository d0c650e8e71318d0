import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, asc, desc, eq } from 'drizzle-orm';
import { PROGRAM_ROWS_MAX, RECEPTION_CHANGED_EVENT } from '#domain/verifications';
import { programPreviewSchema, programResultSchema, programSheetViewSchema } from '#domain/verifications-responses';
import { outbox, receptions, users } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { translator } from '../../../lib/i18n.ts';
import { columnNames, csvRows } from '../../../lib/spreadsheet.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { checkRows } from './check.ts';
import { loadProgramContext, runProgramImport } from './import.ts';

/** docs/api.md Verifications, verificaciones/programa: the three steps of the program upload through the real routes. */
let ctx: TestContext;
let admin: string;
let revisor: string;
let foreign: string;
let adminId: number;
let projectId: number;
let structureId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, revisor, foreign] = await Promise.all([ctx.login('admin'), ctx.login('revisor'), ctx.login('otra')]);
  [{ id: adminId }] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  projectId = ctx.seed.projectIds[1];
  const checkpoints = [{ title: 'Punto', evidence: 'ninguna' }];
  const structure = await ctx.request('POST', 'verificaciones/plantillas', {
    cookie: admin,
    body: { name: 'Estructura — prueba', work_package: 'Estructura', checkpoints },
  });
  structureId = structure.json.data.id;
  const plumbing = await ctx.request('POST', 'verificaciones/plantillas', {
    cookie: admin,
    body: { name: 'Sanitarias — prueba', work_package: 'Instalaciones sanitarias', checkpoints },
  });
  await ctx.request('PATCH', `verificaciones/plantillas/${plumbing.json.data.id}`, {
    cookie: admin,
    body: { active: false },
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const PT = { 'Accept-Language': 'pt-BR' };
const post = (step: string, body: unknown, cookie = admin, headers?: Record<string, string>) =>
  ctx.request('POST', `verificaciones/programa/${step}`, { cookie, body, headers });
const receptionsOf = (project: number) =>
  ctx.db
    .select()
    .from(receptions)
    .where(and(eq(receptions.companyId, ctx.seed.companyId), eq(receptions.projectId, project)))
    .orderBy(asc(receptions.id));

/** Uploads bytes as the client's uploader does (files/upload-url, context uploader, then the PUT); answers the path. */
async function upload(name: string, bytes: Uint8Array, cookie = admin): Promise<string> {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  const signed = await ctx.request('POST', 'files/upload-url', {
    cookie,
    body: { extension, name, size: bytes.length, context: 'uploader' },
  });
  expect(signed.status, JSON.stringify(signed.json)).toBe(200);
  const put = await ctx.app.request(signed.json.data.url, {
    method: 'PUT',
    headers: { 'Content-Type': signed.json.data.contentType, Cookie: cookie },
    body: new Uint8Array(bytes),
  });
  expect(put.status, await put.clone().text()).toBeLessThan(300);
  return signed.json.data.path as string;
}

/** A CSV as Excel writes it in es/pt-BR: ';' between fields, CRLF. */
const csv = (lines: string[][]) => new TextEncoder().encode(lines.map((l) => l.join(';')).join('\r\n'));

/** An xlsx of one sheet with these rows (Dates stay date cells), written with the library lib/spreadsheet.ts reads. */
async function xlsx(rows: (string | number | Date | null)[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Programa');
  for (const r of rows) sheet.addRow(r);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const HEADER = ['Código', 'Nombre', 'Partida', 'Ubicación', 'Contratista', 'Fecha inicio', 'Fecha término'];
const MAPPING = {
  Código: 'code',
  Nombre: 'name',
  Partida: 'work_package',
  Ubicación: 'location',
  Contratista: 'contractor',
  'Fecha inicio': 'planned_start',
  'Fecha término': 'planned_end',
} as const;

describe('step 1: the columns', () => {
  it('answers columns, the first rows, the count and a mapping guessed from Spanish headers', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => [`R-${i + 1}`, `Losa ${i + 1}`, '', '', '', '', '']);
    const path = await upload('programa.csv', csv([HEADER, ...rows]));
    const res = await post('columnas', { project_id: projectId, path });
    expect(res.status, res.text).toBe(200);
    const sheet = programSheetViewSchema.parse(res.json.data);
    expect(sheet.columns).toEqual(HEADER);
    expect(sheet.row_count).toBe(12);
    expect(sheet.sample).toHaveLength(10);
    expect(sheet.sample[0]).toEqual(['R-1', 'Losa 1', '', '', '', '', '']);
    expect(sheet.suggested_mapping).toEqual(MAPPING);
  });

  it('guesses pt-BR and en headers, each field taken by its first column', async () => {
    const pt = ['Item', 'Descrição', 'Pacote', 'Local', 'Empreiteira', 'Início', 'Fim', 'Nome'];
    const ptPath = await upload('cronograma.csv', csv([pt, ['1', 'Laje', '', '', '', '', '', '']]));
    expect((await post('columnas', { project_id: projectId, path: ptPath })).json.data.suggested_mapping).toEqual({
      Item: 'code',
      Descrição: 'name',
      Pacote: 'work_package',
      Local: 'location',
      Empreiteira: 'contractor',
      Início: 'planned_start',
      Fim: 'planned_end',
    });
    const en = ['ID', 'Name', 'Work package', 'Location', 'Contractor', 'Start', 'End', 'Notes'];
    const enPath = await upload('schedule.csv', csv([en, ['1', 'Slab', '', '', '', '', '', '']]));
    expect((await post('columnas', { project_id: projectId, path: enPath })).json.data.suggested_mapping).toEqual({
      ID: 'code',
      Name: 'name',
      'Work package': 'work_package',
      Location: 'location',
      Contractor: 'contractor',
      Start: 'planned_start',
      End: 'planned_end',
    });
    const other = ['Subcontrato', 'Localización', 'Etapa', 'Inicio', 'Término', 'Descripción', 'Cód.'];
    const otherPath = await upload('otro.csv', csv([other, ['a', 'b', 'c', 'd', 'e', 'f', 'g']]));
    expect((await post('columnas', { project_id: projectId, path: otherPath })).json.data.suggested_mapping).toEqual({
      Subcontrato: 'contractor',
      Localización: 'location',
      Etapa: 'work_package',
      Inicio: 'planned_start',
      Término: 'planned_end',
      Descripción: 'name',
      'Cód.': 'code',
    });
  });

  it('takes only a readable csv or xlsx of the caller, of at most PROGRAM_ROWS_MAX rows', async () => {
    const pdf = await upload('plano.pdf', new TextEncoder().encode('%PDF-1.7\n%%EOF\n'));
    const refused = await post('columnas', { project_id: projectId, path: pdf });
    expect(refused.status).toBe(422);
    expect(refused.json.fields).toEqual({ path: 'Solo se aceptan archivos .xlsx o .csv' });
    const empty = await upload('vacio.csv', csv([HEADER]));
    expect((await post('columnas', { project_id: projectId, path: empty })).json.fields).toEqual({
      path: 'La hoja no tiene filas bajo el encabezado',
    });
    const broken = await upload(
      'roto.xlsx',
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode('roto')]),
    );
    expect((await post('columnas', { project_id: projectId, path: broken }, admin, PT)).json.fields).toEqual({
      path: 'Não foi possível ler a planilha: verifique se é um .xlsx ou .csv válido',
    });
    const rows = Array.from({ length: PROGRAM_ROWS_MAX + 1 }, (_, i) => [`C${i}`, 'x', '', '', '', '', '']);
    const big = await upload('grande.csv', csv([HEADER, ...rows]));
    const tooBig = await post('columnas', { project_id: projectId, path: big });
    expect(tooBig.status).toBe(422);
    expect(tooBig.json.fields).toEqual({ path: 'La hoja tiene 5001 filas: el máximo es 5000' });
    expect((await post('columnas', { project_id: projectId, path: 'uploads/no-existe.csv' })).status).toBe(404);
  });
});

describe('step 2: the mapping', () => {
  it('refuses a required field unmapped, a field mapped twice and an unknown column', async () => {
    const path = await upload('mapeo.csv', csv([HEADER, ['R-1', 'Losa', '', '', '', '2026-03-02', '2026-03-03']]));
    const res = await post('revisar', { project_id: projectId, path, mapping: { Código: 'code', Partida: null } });
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({ mapping: 'Asigne una columna a: nombre, inicio programado, fin programado' });
    const twice = await post('revisar', {
      project_id: projectId,
      path,
      mapping: { ...MAPPING, Ubicación: 'name', Otra: 'contractor' },
    });
    expect(twice.json.fields).toEqual({
      'mapping.Ubicación': 'Ya está asignado a la columna «Nombre»',
      'mapping.Otra': 'La columna no está en la hoja',
    });
    const pt = await post('importar', { project_id: projectId, path, mapping: { Nombre: 'name' } }, admin, PT);
    expect(pt.json.fields).toEqual({ mapping: 'Atribua uma coluna a: código, início previsto, fim previsto' });
    const invalid = await post('revisar', { project_id: projectId, path, mapping: { Código: 'codigo' } });
    expect(invalid.json.fields).toEqual({ 'mapping.Código': 'Valor inválido' });
  });
});

describe('step 3: the preview and the import', () => {
  const bad = [
    HEADER,
    ['R-01', 'Losa piso 1', 'Estructura', 'Torre A piso 1', 'Constructora Andes', '2026-03-02', '2026-03-04'],
    ['R-02', 'Losa piso 2', 'ESTRUCTURA', 'Torre A piso 2', '', '09-03-2026', '11/03/2026'],
    ['R-03', 'Tabiques piso 1', 'Tabiquería', '', '', '16/03/2026', '13-03-2026'],
    ['r-01', 'Repetida', '', '', '', '2026-03-02', '2026-03-03'],
    ['', '', 'Instalaciones sanitarias', '', '', '31-02-2026', ''],
    ['R-04', 'x'.repeat(201), '', 'y'.repeat(121), '', '2026-04-01', '2026-04-02'],
    ['R-05', 'Impermeabilización azotea', 'Pavimentos', 'Azotea', 'Sika', '2026-04-06', '2026-04-08'],
  ];

  it('answers every row’s errors in Spanish, the counts, the unmatched work packages and a sample', async () => {
    const path = await upload('con-errores.csv', csv(bad));
    const res = await post('revisar', { project_id: projectId, path, mapping: MAPPING });
    expect(res.status, res.text).toBe(200);
    const preview = programPreviewSchema.parse(res.json.data);
    expect(preview.errors).toEqual([
      { row: 4, column: 'Fecha término', message: 'El fin (13-03-2026) es anterior al inicio (16-03-2026)' },
      { row: 5, column: 'Código', message: 'El código «r-01» ya está en la fila 2' },
      { row: 6, column: 'Código', message: 'Este campo es obligatorio' },
      { row: 6, column: 'Nombre', message: 'Este campo es obligatorio' },
      {
        row: 6,
        column: 'Fecha inicio',
        message: '«31-02-2026» no es una fecha válida (aaaa-mm-dd, dd-mm-aaaa o dd/mm/aaaa)',
      },
      { row: 6, column: 'Fecha término', message: 'Este campo es obligatorio' },
      { row: 7, column: 'Nombre', message: 'Debe tener como máximo 200 caracteres' },
      { row: 7, column: 'Ubicación', message: 'Debe tener como máximo 120 caracteres' },
    ]);
    expect(preview).toMatchObject({ row_count: 7, valid_count: 3, error_count: 8, create_count: 3, update_count: 0 });
    // The inactive template receives nothing; a work package is listed once, as first written.
    expect(preview.unmatched_work_packages).toEqual(['Tabiquería', 'Instalaciones sanitarias', 'Pavimentos']);
    expect(preview.sample).toEqual([
      {
        code: 'R-01',
        name: 'Losa piso 1',
        work_package: 'Estructura',
        location: 'Torre A piso 1',
        contractor: 'Constructora Andes',
        planned_start: '2026-03-02',
        planned_end: '2026-03-04',
      },
      {
        code: 'R-02',
        name: 'Losa piso 2',
        work_package: 'ESTRUCTURA',
        location: 'Torre A piso 2',
        contractor: null,
        planned_start: '2026-03-09',
        planned_end: '2026-03-11',
      },
      {
        code: 'R-05',
        name: 'Impermeabilización azotea',
        work_package: 'Pavimentos',
        location: 'Azotea',
        contractor: 'Sika',
        planned_start: '2026-04-06',
        planned_end: '2026-04-08',
      },
    ]);

    const refused = await post('importar', { project_id: projectId, path, mapping: MAPPING });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe('Hay errores en 4 filas: corríjalos en el archivo y vuelva a intentarlo');
    expect(programPreviewSchema.parse(refused.json.preview).errors).toEqual(preview.errors);
    expect(await receptionsOf(projectId)).toEqual([]);

    const pt = await post('revisar', { project_id: projectId, path, mapping: MAPPING }, admin, PT);
    expect(pt.json.data.errors[0].message).toBe('O fim (13-03-2026) é anterior ao início (16-03-2026)');
    expect(pt.json.data.errors[1].message).toBe('O código «r-01» já está na linha 2');
  });

  it('imports an xlsx with date cells, then a re-import updates by code and keeps what it does not map', async () => {
    const bytes = await xlsx([
      HEADER,
      [
        'R-01',
        'Losa piso 1',
        'Estructura',
        'Torre A piso 1',
        'Constructora Andes',
        new Date(Date.UTC(2026, 2, 2)),
        new Date(Date.UTC(2026, 2, 4)),
      ],
      ['R-02', 'Losa piso 2', 'estructura', 'Torre A piso 2', null, '09-03-2026', '11/03/2026'],
      ['R-03', 'Tabiques piso 1', 'Tabiquería', null, null, '2026-03-16', 46101],
    ]);
    const path = await upload('programa.xlsx', bytes);
    const sheet = programSheetViewSchema.parse((await post('columnas', { project_id: projectId, path })).json.data);
    expect(sheet.sample[0]).toEqual([
      'R-01',
      'Losa piso 1',
      'Estructura',
      'Torre A piso 1',
      'Constructora Andes',
      '2026-03-02',
      '2026-03-04',
    ]);
    expect(sheet.suggested_mapping).toEqual(MAPPING);
    const preview = programPreviewSchema.parse(
      (await post('revisar', { project_id: projectId, path, mapping: sheet.suggested_mapping })).json.data,
    );
    expect(preview).toMatchObject({ error_count: 0, create_count: 3, update_count: 0 });
    const res = await post('importar', { project_id: projectId, path, mapping: sheet.suggested_mapping });
    expect(res.status, res.text).toBe(200);
    expect(programResultSchema.parse(res.json.data)).toEqual({ created: 3, updated: 0 });
    const rows = await receptionsOf(projectId);
    expect(
      rows.map((r) => [r.code, r.state, r.templateId, r.location, r.plannedStart, r.plannedEnd, r.createdBy]),
    ).toEqual([
      ['R-01', 'programada', structureId, 'Torre A piso 1', '2026-03-02', '2026-03-04', adminId],
      ['R-02', 'programada', structureId, 'Torre A piso 2', '2026-03-09', '2026-03-11', adminId],
      // 46101 is Excel's serial of 2026-03-20.
      ['R-03', 'programada', null, null, '2026-03-16', '2026-03-20', adminId],
    ]);
    const [event] = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(event).toMatchObject({ type: RECEPTION_CHANGED_EVENT, companyId: ctx.seed.companyId, projectId });
    expect((event.payload as { data: unknown }).data).toEqual({ reception_id: null, state: null });

    // A second file without the location column: R-01 (in another case) is updated, R-09 created.
    const again = await upload(
      'programa-v2.csv',
      csv([
        ['Código', 'Nombre', 'Partida', 'Inicio', 'Fin'],
        ['r-01', 'Losa piso 1 (reprogramada)', 'Pavimentos', '2026-03-05', '2026-03-06'],
        ['R-09', 'Losa piso 9', 'Estructura', '2026-05-04', '2026-05-05'],
      ]),
    );
    const mapping = {
      Código: 'code',
      Nombre: 'name',
      Partida: 'work_package',
      Inicio: 'planned_start',
      Fin: 'planned_end',
    };
    const second = programPreviewSchema.parse(
      (await post('revisar', { project_id: projectId, path: again, mapping })).json.data,
    );
    expect(second).toMatchObject({ error_count: 0, create_count: 1, update_count: 1 });
    expect((await post('importar', { project_id: projectId, path: again, mapping })).json.data).toEqual({
      created: 1,
      updated: 1,
    });
    const after = await receptionsOf(projectId);
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({
      id: rows[0].id,
      code: 'r-01',
      name: 'Losa piso 1 (reprogramada)',
      workPackage: 'Pavimentos',
      templateId: null,
      location: 'Torre A piso 1',
      contractor: 'Constructora Andes',
      plannedStart: '2026-03-05',
      plannedEnd: '2026-03-06',
    });
    expect(after[3]).toMatchObject({ code: 'R-09', templateId: structureId, location: null });
  });

  it('refuses a code whose reception has started', async () => {
    const [r02] = (await receptionsOf(projectId)).filter((r) => r.code === 'R-02');
    await ctx.db.update(receptions).set({ state: 'en_inspeccion' }).where(eq(receptions.id, r02.id));
    const path = await upload(
      'programa-v3.csv',
      csv([HEADER, ['R-02', 'Losa piso 2', '', '', '', '2026-03-10', '2026-03-12']]),
    );
    const preview = await post('revisar', { project_id: projectId, path, mapping: MAPPING });
    expect(preview.json.data.errors).toEqual([
      {
        row: 2,
        column: 'Código',
        message:
          'La recepción «R-02» ya no está programada (se inició, se firmó o se anuló): el programa no puede modificarla',
      },
    ]);
    const refused = await post('importar', { project_id: projectId, path, mapping: MAPPING });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe('Hay errores en 1 fila: corríjalos en el archivo y vuelva a intentarlo');
    const [still] = (await receptionsOf(projectId)).filter((r) => r.code === 'R-02');
    expect(still).toMatchObject({ state: 'en_inspeccion', plannedStart: '2026-03-09' });
  });

  it('rolls back when a reception started between the check and the import (409)', async () => {
    const project = ctx.seed.projectIds[2];
    const lines = [
      ['Código', 'Nombre', 'Inicio', 'Fin'],
      ['S-1', 'Uno', '2026-06-01', '2026-06-02'],
    ];
    const sheetRows = csvRows(lines.map((l) => l.join(';')).join('\n'));
    const sheet = { columns: columnNames(sheetRows[0].cells, 4), rows: sheetRows.slice(1) };
    const mapping = { Código: 'code', Nombre: 'name', Inicio: 'planned_start', Fin: 'planned_end' } as const;
    const [row] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
    const user = { id: row.id, companyId: row.companyId, projectIds: ctx.seed.projectIds } as unknown as SessionUser;
    const es = translator('es');
    const first = checkRows(sheet, mapping, await loadProgramContext(ctx.db, ctx.seed.companyId, project), es);
    expect(await runProgramImport(ctx.deps, user, project, first)).toEqual({ created: 1, updated: 0 });
    const stale = checkRows(sheet, mapping, await loadProgramContext(ctx.db, ctx.seed.companyId, project), es);
    expect(stale.rows[0].existingId).not.toBeNull();
    await ctx.db.update(receptions).set({ state: 'en_inspeccion' }).where(eq(receptions.id, stale.rows[0].existingId!));
    await expect(runProgramImport(ctx.deps, user, project, stale)).rejects.toMatchObject({
      status: 409,
      key: 'verifications.program.changed_meanwhile',
    });
  });

  it(`imports and re-imports ${PROGRAM_ROWS_MAX} rows in batches`, async () => {
    const project = ctx.seed.projectIds[3];
    const lines = (suffix: string) => [
      HEADER,
      ...Array.from({ length: PROGRAM_ROWS_MAX }, (_, i) => [
        `M-${i + 1}`,
        `Recepción ${i + 1}${suffix}`,
        i % 2 ? 'Estructura' : 'Tabiquería',
        `Piso ${(i % 20) + 1}`,
        'Constructora Andes',
        '2026-07-01',
        '2026-07-15',
      ]),
    ];
    const path = await upload('masivo.csv', csv(lines('')));
    const started = Date.now();
    const created = await post('importar', { project_id: project, path, mapping: MAPPING });
    expect(created.status, created.text.slice(0, 500)).toBe(200);
    expect(created.json.data).toEqual({ created: PROGRAM_ROWS_MAX, updated: 0 });
    const again = await upload('masivo-2.csv', csv(lines(' (v2)')));
    const updated = await post('importar', { project_id: project, path: again, mapping: MAPPING });
    expect(updated.json.data).toEqual({ created: 0, updated: PROGRAM_ROWS_MAX });
    expect(Date.now() - started).toBeLessThan(60_000);
    const rows = await receptionsOf(project);
    expect(rows).toHaveLength(PROGRAM_ROWS_MAX);
    expect(rows.at(-1)).toMatchObject({ code: 'M-5000', name: 'Recepción 5000 (v2)', templateId: structureId });
  }, 120_000);
});

describe('permissions and isolation', () => {
  it('needs verificaciones_gestionar for every step', async () => {
    const path = await upload(
      'revisor.csv',
      csv([HEADER, ['R-1', 'Uno', '', '', '', '2026-03-02', '2026-03-03']]),
      revisor,
    );
    const body = { project_id: ctx.seed.projectIds[0], path, mapping: MAPPING };
    expect((await post('columnas', body, revisor)).status).toBe(403);
    expect((await post('revisar', body, revisor)).status).toBe(403);
    expect((await post('importar', body, revisor)).status).toBe(403);
  });

  it("answers 404 for another company's project or file", async () => {
    const path = await upload('propio.csv', csv([HEADER, ['R-1', 'Uno', '', '', '', '2026-03-02', '2026-03-03']]));
    const foreignProject = { project_id: ctx.seed.otherProjectIds[0], path, mapping: MAPPING };
    expect((await post('columnas', foreignProject)).status).toBe(404);
    expect((await post('revisar', foreignProject)).status).toBe(404);
    expect((await post('importar', foreignProject)).status).toBe(404);
    // Their own project, but our file.
    expect((await post('columnas', foreignProject, foreign)).status).toBe(404);
    const theirs = await upload(
      'ajeno.csv',
      csv([HEADER, ['R-1', 'Uno', '', '', '', '2026-03-02', '2026-03-03']]),
      foreign,
    );
    expect((await post('revisar', { project_id: projectId, path: theirs, mapping: MAPPING })).status).toBe(404);
    expect(await receptionsOf(ctx.seed.projectIds[0]).then((r) => r.some((x) => x.code === 'R-1'))).toBe(false);
  });
});
